import type Database from 'better-sqlite3';
import type { TableLogEntry } from '../engine/table/table-operations.js';
import { HandArchive, type HandHistory } from './hand-archive.js';
import { reduceTable } from '../engine/table/table-reduce.js';
import type { TableState } from '../engine/table/table-state.js';
import { type Facts, type FactSelection, factsOf, upToRow } from '../reports/facts.js';
import { hasFacts, readFacts } from './fact-tables.js';
import { damagedFile, isDamage } from './damage.js';
import { type LogRow, openToRead, snapshotState } from './store.js';
import { chainSnapshotsFrom, LogTables } from './log-rows.js';
import { type NamesMovedPin, readMovedNames } from './names-moved.js';
import { ERASED_PLAYER, NUMBERED, parseReference, type PlayerNames, Players } from './players.js';

/**
 * A table's log read without taking it: opened read-only (a running table keeps its lock and goes on
 * writing), every row in order up to row `upTo` (the last one `felt verify` checked, say).
 */
export function* readLog(path: string, upTo = Number.MAX_SAFE_INTEGER): IterableIterator<TableLogEntry> {
  const db = openToRead(path);
  try {
    yield* readable(path, () => readRows(db, upTo));
  } finally {
    db.close();
  }
}

/**
 * What `read` gives, with SQLite's damage errors as the store's refusal (D49): a page damaged since verify
 * read it, or one verify does not read, is a finding in words for `felt report` and `felt export` too.
 */
function* readable<T>(path: string, read: () => Iterable<T>): IterableIterator<T> {
  try {
    yield* read();
  } catch (error) {
    if (isDamage(error)) throw damagedFile(path, 'what it reads', error, false);
    throw error;
  }
}

/** `read()`, with SQLite's damage errors as the store's refusal. */
function readableOnce<T>(path: string, read: () => T): T {
  const [value] = readable(path, () => [read()]);
  return value as T;
}

/**
 * What a floor report reads from a table's database, read-only: its facts of these kinds (derived from the
 * log for a table not opened since they were introduced) and, when asked for, the table as the log leaves
 * it (from the latest snapshot and the rows after it), read in one transaction so they agree — all of it up
 * to row `upTo`, the last one verify checked: a running table writes on, and a report holds nothing verify
 * has not seen.
 */
export function readReportSource(path: string, selection: FactSelection, withTable: boolean, upTo = Number.MAX_SAFE_INTEGER): { facts: Facts; table: TableState | null; names: PlayerNames } {
  const db = openToRead(path);
  try {
    return readableOnce(path, () => db.transaction(() => {
      // The hands are cut at `upTo` by their rows: read their `seq` too.
      const handFields = selection.handFields.includes('seq') ? selection.handFields : [...selection.handFields, 'seq' as const];
      const facts = hasFacts(db) ? upToRow(readFacts(db, { kinds: selection.kinds, handFields }), upTo) : factsOf(readRows(db, upTo));
      // Players as the log keeps them (references, D102): the report names them as it is made.
      return { facts, table: withTable ? tableOf(db, path, upTo) : null, names: playerNamesOf(db) };
    })());
  } finally {
    db.close();
  }
}

/** The players' names of a database read once (the database is closed before the report is made). */
function playerNamesOf(db: Database.Database): PlayerNames {
  const names = new Map(new Players(db).all().map((player) => [player.id, player.name]));
  return (stored) => {
    const reference = parseReference(stored);
    const name = reference === null ? undefined : names.get(reference.player);
    if (reference === null || name === undefined) return NUMBERED(stored);
    return name === null ? { name: ERASED_PLAYER.en, erased: true, player: reference.player } : { name, erased: false, player: reference.player };
  };
}

function tableOf(db: Database.Database, path: string, upTo: number): TableState {
  const snapshot = db.prepare(`SELECT s.seq, s.state FROM ${chainSnapshotsFrom(db)} WHERE s.seq <= ? ORDER BY s.seq DESC LIMIT 1`).get(upTo) as { seq: number; state: string } | undefined;
  let table: TableState | undefined = snapshot === undefined ? undefined : snapshotState(snapshot.state);
  for (const entry of new LogTables(db).entries(snapshot?.seq ?? 0, upTo)) table = reduceTable(table, entry);
  if (table === undefined) throw new RangeError(`${path}: the log holds no table`);
  return table;
}

/**
 * Every row after row `after` as the chain sees it (seq, command id, payload, previous hash, hash), in
 * order, read-only — of a packed log or of an older Felt's not opened since: `felt verify --floor` compares
 * them with the floor's copy of the log (src/floor/verify-floor.ts).
 */
export function* readLogRows(path: string, after = 0): IterableIterator<LogRow> {
  const db = openToRead(path);
  try {
    yield* readable(path, () => new LogTables(db).chainRows(after));
  } finally {
    db.close();
  }
}

/**
 * The pins of a table's names' move (D113), in order of their rows: the commands whose rows it rewrote, the
 * hash kept for each and the one its rows give now — none for a table that never moved names (or whose
 * record `felt verify` would name as wrong: the comparison then parts where the rewritten rows begin).
 */
export function readNamesMoved(path: string): readonly NamesMovedPin[] {
  const db = openToRead(path);
  try {
    const read = readableOnce(path, () => readMovedNames(db));
    return 'moved' in read && read.moved !== null ? [...read.moved.pins.values()].sort((a, b) => a.last - b.last) : [];
  } finally {
    db.close();
  }
}

function readRows(db: Database.Database, upTo: number): IterableIterator<TableLogEntry> {
  return new LogTables(db).entries(0, upTo);
}

/**
 * A hand's full history from a table's database, read-only (`felt report --kind hand`), up to row `upTo`:
 * by its id (its place in the log), or by its hand number — every hand dealt under it, in order (a
 * misdeal's void and the redeal share one).
 */
export function readHand(path: string, id: number, upTo?: number): HandHistory | null;
export function readHand(path: string, which: { readonly handNumber: number }, upTo?: number): HandHistory[];
export function readHand(path: string, which: number | { readonly handNumber: number }, upTo = Number.MAX_SAFE_INTEGER): HandHistory | null | HandHistory[] {
  const db = openToRead(path);
  try {
    const log = new LogTables(db);
    const archive = new HandArchive((after) => log.entries(after, upTo));
    if (typeof which === 'number') return readableOnce(path, () => archive.history(which));
    return readableOnce(path, () => archive.idsOf(which.handNumber).flatMap((id) => archive.history(id) ?? []));
  } finally {
    db.close();
  }
}
