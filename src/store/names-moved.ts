import type Database from 'better-sqlite3';
import type { NamesMovedPin, TableLogEntry } from '../engine/table/table-operations.js';
import { canonicalJson } from './canonical-json.js';
import { unpackJson } from './log-format.js';
import { mapEntryName, parseReference } from './players.js';

/**
 * The names of a table an earlier Felt began, moved out of its chained rows (D113): the rows that held a
 * player's name hold their reference now, and one chained `names-moved` record pins, for every command whose
 * rows were rewritten, the hash they give now beside the hash kept for it (the original chain's, which stays
 * where it was kept: heads kept elsewhere and the next rows' links stay valid). Its row is kept in a side
 * table, so that every reader of the chain finds the pins before it reaches the rows they stand for, in one
 * pass; the chain checks the record where it reaches it, and that it is the row the side table names.
 */

export const NAMES_MOVED_SQL = `
  -- The row of the chained 'names-moved' record of a table whose names left its rows (D113); no row for a
  -- table that never held names in its rows, or has not moved them yet.
  CREATE TABLE names_moved (
    id  INTEGER PRIMARY KEY CHECK (id = 1),
    row INTEGER NOT NULL
  ) STRICT;
`;

/** The names' move as a reader of the chain needs it: the record's row, and its pins by the last row of their command. */
export type MovedNames = { readonly row: number; readonly pins: ReadonlyMap<number, NamesMovedPin> };

/** The side table's record read, or what is wrong with it (its row, in words). */
export type MovedNamesRead = { readonly moved: MovedNames | null } | { readonly row: number; readonly problem: string };

/** Whether the database has the side table (a table an earlier Felt wrote and this one has not opened has none). */
function hasNamesMoved(db: Database.Database): boolean {
  return (db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'names_moved'").pluck().get() as number) > 0;
}

/**
 * The names' move of this database: none (`moved: null`), or the record the side table points at, its pins
 * read from that row — or a problem: the side table names a row that is no `names-moved` record, or a record
 * whose pins are not pins (a pin twice, a hash that is none). The record's own row is checked by the chain.
 */
export function readMovedNames(db: Database.Database): MovedNamesRead {
  if (!hasNamesMoved(db)) return { moved: null };
  const row = db.prepare('SELECT row FROM names_moved WHERE id = 1').pluck().get() as number | undefined;
  if (row === undefined) return { moved: null };
  const packed = db.prepare('SELECT payload FROM log WHERE seq = ?').pluck().get(row) as string | undefined;
  const text = packed === undefined ? null : unpackJson(packed);
  let entry: unknown;
  try {
    entry = text === null ? null : JSON.parse(text);
  } catch {
    entry = null;
  }
  const record = entry as Partial<Extract<TableLogEntry, { type: 'names-moved' }>> | null;
  if (record === null || record.type !== 'names-moved' || !Array.isArray(record.pins)) {
    return { row, problem: `the side table of the names' move (names_moved) says row ${row} is its 'names-moved' record, and it is none${packed === undefined ? ' (the log has no such row)' : ''}: the side table was changed, or the record removed` };
  }
  const pins = new Map<number, NamesMovedPin>();
  for (const pin of record.pins as unknown[]) {
    if (!isPin(pin) || pins.has(pin.last) || pin.last >= row) return { row, problem: `the 'names-moved' record here holds a pin that is not one Felt writes (${canonicalJson(pin)}): the record was changed` };
    pins.set(pin.last, pin);
  }
  return { moved: { row, pins } };
}

function isPin(value: unknown): value is NamesMovedPin {
  if (value === null || typeof value !== 'object') return false;
  const { first, last, kept, now } = value as Record<string, unknown>;
  const hash = (text: unknown): boolean => typeof text === 'string' && /^[0-9a-f]{64}$/.test(text);
  return Number.isSafeInteger(first) && Number.isSafeInteger(last) && (first as number) >= 1 && (first as number) <= (last as number) && hash(kept) && hash(now) && kept !== now;
}

/**
 * What is wrong with the `names-moved` record the chain reaches at row `seq`, or null: it must be the row
 * the side table names (one record, kept where the side table says), and each of its pins a command's rows
 * before it, exactly (the command kept ending at its last row, the one before ending just before its first).
 */
export function movedRecordProblem(db: Database.Database, moved: MovedNames | null, seq: number, record: Extract<TableLogEntry, { type: 'names-moved' }>): string | null {
  const ending = db.prepare('SELECT lower(hex(hash)) FROM command WHERE last = ?').pluck();
  const before = db.prepare('SELECT coalesce(max(last), 0) FROM command WHERE last < ?').pluck();
  const commandOf = (pin: NamesMovedPin): string | undefined => ((before.get(pin.last) as number) === pin.first - 1 ? (ending.get(pin.last) as string | undefined) : undefined);
  if (moved === null) {
    // A log restored from the floor's copy (D99) holds the rows as first written, and the record without its
    // side table: every command it pins gives the hash kept for it here, which the chain has checked. A
    // table whose rows were rewritten and whose side table was emptied stops at its first rewritten command.
    if (Array.isArray(record.pins) && record.pins.every((pin: unknown) => isPin(pin) && commandOf(pin) === pin.kept)) return null;
    return "it records that the players' names left the log's rows, but the side table of the names' move (names_moved) names no such record (its row was removed: the pins are not read)";
  }
  if (moved.row !== seq) return `it records that the players' names left the log's rows, but the side table of the names' move names row ${moved.row} as that record (a second record, or the side table changed)`;
  for (const pin of moved.pins.values()) {
    if (commandOf(pin) === undefined) return `it pins rows ${pin.first}–${pin.last}, which are not one command's rows (the record was changed)`;
  }
  return null;
}

/**
 * Whether two rows are the same operation but for the player's name: a row the names' move rewrote (`mine`,
 * a reference) against the floor's copy of the row as first written (`theirs`, the name).
 */
export function onlyTheNameDiffers(mine: string, theirs: string): boolean {
  try {
    const rewritten = JSON.parse(mine) as TableLogEntry;
    const original = JSON.parse(theirs) as TableLogEntry;
    let reference = '';
    let name = '';
    const masked = (entry: TableLogEntry, seen: (text: string) => void): string =>
      canonicalJson(
        mapEntryName(entry, (text) => {
          seen(text);
          return '';
        }),
      );
    return masked(rewritten, (text) => (reference = text)) === masked(original, (text) => (name = text)) && parseReference(reference) !== null && parseReference(name) === null;
  } catch {
    return false;
  }
}
