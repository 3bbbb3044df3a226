import type Database from 'better-sqlite3';
import { hash } from 'node:crypto';
import type { TableLogEntry } from '../engine/table/table-operations.js';
import { canonicalJson } from './canonical-json.js';
import { unpackJson } from './log-format.js';
import { mapEntryName, parseReference } from './players.js';

/**
 * The names of a table an earlier Felt began, moved out of its chained rows (D113): the rows that held a
 * player's name hold their reference now. For every command whose rows were rewritten a pin is kept beside the
 * log — the hash its rows give now beside the hash kept for it (the original chain's, which stays where it was
 * kept: heads kept elsewhere and the next rows' links stay valid) — and one chained `names-moved` record seals
 * the pins: how many, and the SHA-256 of their list. The record stays one small row however many commands
 * were rewritten (a year's table rewrites tens of thousands; the floor takes a row of 256 KB at most). Its row
 * is kept beside the log too, so that every reader of the chain finds the pins before it reaches the rows they
 * stand for, in one pass; the chain checks the record where it reaches it.
 */

/** A command whose rows the names' move rewrote: its rows, the hash kept at its end, the hash its rows give now. */
export type NamesMovedPin = { readonly first: number; readonly last: number; readonly kept: string; readonly now: string };

export const NAMES_MOVED_SQL = `
  -- The row of the chained 'names-moved' record of a table whose names left its rows (D113); no row for a
  -- table that never held names in its rows, or has not moved them yet.
  CREATE TABLE names_moved (
    id  INTEGER PRIMARY KEY CHECK (id = 1),
    row INTEGER NOT NULL
  ) STRICT;
  -- Each command whose rows the names' move rewrote: its rows, the hash kept for it, the hash its rows give now.
  -- The record seals the list (its SHA-256), so a pin changed here is a finding.
  CREATE TABLE names_moved_pin (
    last  INTEGER PRIMARY KEY,
    first INTEGER NOT NULL,
    kept  BLOB NOT NULL,
    now   BLOB NOT NULL
  ) STRICT;
`;

/** The SHA-256 of a list of pins, in order of their rows: what the record keeps. */
export function pinsDigest(pins: readonly NamesMovedPin[]): string {
  return hash('sha256', canonicalJson(pins.map(({ first, last, kept, now }) => ({ first, last, kept, now }))));
}

/** The names' move as a reader of the chain needs it: the record's row, and the pins by the last row of their command. */
export type MovedNames = { readonly row: number; readonly pins: ReadonlyMap<number, NamesMovedPin> };

/** The side tables' move read and checked against its record, or what is wrong (its row, in words). */
export type MovedNamesRead = { readonly moved: MovedNames | null } | { readonly row: number; readonly problem: string };

/** Whether the database has the side tables (a table an earlier Felt wrote and this one has not opened has none). */
function hasNamesMoved(db: Database.Database): boolean {
  return (db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'names_moved'").pluck().get() as number) > 0;
}

/**
 * The names' move of this database: none (`moved: null`), or the record the side table points at with the pins
 * kept beside the log — or a problem: the side table names a row that is no `names-moved` record; pins kept
 * without a record; pins that are not the ones the record seals (their number or their SHA-256). The record's
 * own row is checked by the chain.
 */
export function readMovedNames(db: Database.Database): MovedNamesRead {
  if (!hasNamesMoved(db)) return { moved: null };
  const row = db.prepare('SELECT row FROM names_moved WHERE id = 1').pluck().get() as number | undefined;
  const kept = db.prepare('SELECT first, last, lower(hex(kept)) AS kept, lower(hex(now)) AS now FROM names_moved_pin ORDER BY last').all() as NamesMovedPin[];
  if (row === undefined) {
    const [pin] = kept;
    return pin === undefined ? { moved: null } : { row: pin.first, problem: "pins of the names' move are kept beside the log for these rows, but the side table names no 'names-moved' record (its row was removed)" };
  }
  const record = recordAt(db, row);
  if (record === null) return { row, problem: `the side table of the names' move (names_moved) says row ${row} is its 'names-moved' record, and it is none: the side table was changed, or the record removed` };
  if (record.commands !== kept.length || record.pins !== pinsDigest(kept)) {
    return { row, problem: `the 'names-moved' record here seals ${String(record.commands)} pins, and the pins kept beside the log (names_moved_pin, ${kept.length}) are not those: a pin was changed, added or removed` };
  }
  const pins = new Map<number, NamesMovedPin>();
  for (const pin of kept) {
    if (pin.first < 1 || pin.first > pin.last || pin.last >= row || pin.kept === pin.now) return { row, problem: `the 'names-moved' record here seals a pin that is not one Felt writes (rows ${pin.first}–${pin.last}): the record and its pins were changed` };
    pins.set(pin.last, pin);
  }
  return { moved: { row, pins } };
}

/** The `names-moved` record at a row, or null: no such row, or a row of another kind. */
function recordAt(db: Database.Database, row: number): Extract<TableLogEntry, { type: 'names-moved' }> | null {
  const packed = db.prepare('SELECT payload FROM log WHERE seq = ?').pluck().get(row) as string | undefined;
  const text = packed === undefined ? null : unpackJson(packed);
  try {
    const entry = (text === null ? null : JSON.parse(text)) as Partial<Extract<TableLogEntry, { type: 'names-moved' }>> | null;
    return entry !== null && entry.type === 'names-moved' ? (entry as Extract<TableLogEntry, { type: 'names-moved' }>) : null;
  } catch {
    return null;
  }
}

/** The pin kept for the command ending at `last` (the store's reading of the chain looks one up where a command's rows do not give its hash). */
export function pinAt(db: Database.Database, last: number): NamesMovedPin | undefined {
  if (!hasNamesMoved(db)) return undefined;
  return db.prepare('SELECT first, last, lower(hex(kept)) AS kept, lower(hex(now)) AS now FROM names_moved_pin WHERE last = ?').get(last) as NamesMovedPin | undefined;
}

/**
 * What is wrong with the `names-moved` record the chain reaches at row `seq`, or null: it must be the row the
 * side table names (one record), and each pin a command's rows before it, exactly (the command kept ending at
 * its last row, the one before ending just before its first). A record the side table does not name passes
 * only with no pin kept: a log restored from the floor's copy (D99) holds the rows as first written and the
 * record without its side tables, and the chain has checked every command before it against the hash kept
 * for it — while a table whose rows were rewritten, and whose side tables were emptied, stops at its first
 * rewritten command.
 */
export function movedRecordProblem(db: Database.Database, moved: MovedNames | null, seq: number): string | null {
  if (moved === null) return null;
  if (moved.row !== seq) return `it records that the players' names left the log's rows, but the side table of the names' move names row ${moved.row} as that record (a second record, or the side table changed)`;
  const ending = db.prepare('SELECT count(*) FROM command WHERE last = ?').pluck();
  const before = db.prepare('SELECT coalesce(max(last), 0) FROM command WHERE last < ?').pluck();
  for (const pin of moved.pins.values()) {
    if ((ending.get(pin.last) as number) !== 1 || (before.get(pin.last) as number) !== pin.first - 1) return `it seals a pin of rows ${pin.first}–${pin.last}, which are not one command's rows (the record and its pins were changed)`;
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
