import type Database from 'better-sqlite3';
import type { TableLogEntry } from '../engine/table/table-operations.js';
import { ALL_FACTS, dealersOf, deriveFacts, FACTS_DERIVATION, type EventFact, eventKind, type FactCursor, type FactKind, type Facts, type FactSelection, FIRST_CURSOR, type FloorEntry, HAND_FIELDS, type HandColumns, type HandFact, type HandField, noHands } from '../reports/facts.js';
import { canonicalJson } from './canonical-json.js';
import { LogTables } from './log-rows.js';

/**
 * The report facts' table (migration 2026-11-29T22:00): facts in blocks of BLOCK, each block one row
 * holding a JSON array — events as rows; hands a field at a time (`hand.at`, `hand.rake` …), one block row per
 * field, so a report parses only the hands' fields it uses. Facts are derived data (D36): written with their log rows, read by the floor's
 * reports, checked by `felt verify`. Reading 100,000 facts as rows costs about 2 µs a row in better-
 * sqlite3 (0.4 s for the hands alone); as a hundred arrays, one JSON.parse each.
 */
export const BLOCK = 1000;

/** A hand fact as a row, in this order: how verify compares them. */
type HandRow = [seq: number, hand: number, at: number | null, shift: number, players: number, seated: number, awarded: number, rake: number, voided: 0 | 1];
/** An event fact as kept: the log row's number, its time and hand, and the row's operation itself. */
type EventRow = [seq: number, at: number | null, hand: number | null, entry: FloorEntry];

export function handRow(fact: HandFact): HandRow {
  return [fact.seq, fact.hand, fact.at, fact.shift, fact.players, fact.seated, fact.awarded, fact.rake, fact.voided ? 1 : 0];
}

export function eventRow(fact: EventFact): EventRow {
  return [fact.seq, fact.at, fact.hand, fact.entry];
}

function eventFactOf([seq, at, hand, entry]: EventRow): EventFact {
  return { seq, at, hand, entry };
}

/** Writes facts and the cursor: call inside the append's transaction. */
export class FactWriter {
  private readonly start: Database.Statement;
  private readonly extend: Database.Statement;
  private readonly saveCursor: Database.Statement;

  constructor(db: Database.Database) {
    this.start = db.prepare('INSERT INTO fact_block (kind, block, facts) VALUES (?, ?, ?)');
    // SQLite appends to the block's arrays itself: the block is not read back into JavaScript.
    this.extend = db.prepare("UPDATE fact_block SET facts = json_insert(facts, '$[#]', json(?)) WHERE kind = ? AND block = ?");
    this.saveCursor = db.prepare('INSERT OR REPLACE INTO fact_cursor (id, cursor) VALUES (1, ?)');
  }

  /** The facts derived from `before` on (`derived.cursor` counts them), and the cursor after them. */
  write(before: FactCursor, derived: { cursor: FactCursor; hands: readonly HandFact[]; events: readonly EventFact[] }): void {
    const next = { ...before.counts };
    for (const fact of derived.hands) this.addHand(next.hand++, handRow(fact));
    for (const fact of derived.events) {
      const kind = eventKind(fact.entry);
      this.add(kind, next[kind]++, eventRow(fact));
    }
    this.saveCursor.run(canonicalJson(derived.cursor));
  }

  private add(kind: BlockKind, number: number, value: unknown): void {
    const block = Math.floor(number / BLOCK);
    if (number % BLOCK === 0) this.start.run(kind, block, canonicalJson([value]));
    else this.extend.run(canonicalJson(value), kind, block);
  }

  /** A hand's fields each into its column's block (`hand.seq`, `hand.at` …): a report reads only the columns it uses. */
  private addHand(number: number, row: HandRow): void {
    HAND_FIELDS.forEach((field, index) => this.add(`hand.${field}`, number, row[index]));
  }
}

/** The kept cursor, or null when the facts have not been derived yet (a log from before them). */
export function storedCursor(db: Database.Database): FactCursor | null {
  const row = db.prepare('SELECT cursor FROM fact_cursor WHERE id = 1').get() as { cursor: string } | undefined;
  return row === undefined ? null : (JSON.parse(row.cursor) as FactCursor);
}

/** How many rows between two words of progress while the facts are derived again. */
const PROGRESS_EVERY = 250_000;

/**
 * Derives the report facts of the whole log again with this Felt's derivation and keeps them, with the
 * cursor at every snapshot and the version that made them (D93): for a log written before the facts, or
 * whose facts an older derivation made. Call inside the opening's transaction; `progress` hears how far it
 * is on a long log. Facts are derived data: what was kept before is dropped, not read.
 */
export function rederiveFacts(db: Database.Database, progress?: (words: string) => void, every = PROGRESS_EVERY): FactCursor {
  const writer = new FactWriter(db);
  const snapshots = new Set(db.prepare('SELECT seq FROM snapshot').pluck().all() as number[]);
  const saveCursor = db.prepare('UPDATE snapshot SET facts = ? WHERE seq = ?');
  const log = new LogTables(db);
  const total = log.lastRow();
  let cursor = FIRST_CURSOR;
  db.exec('DELETE FROM fact_block; DELETE FROM fact_cursor');
  const slice: TableLogEntry[] = [];
  const derive = (): void => {
    const derived = deriveFacts(cursor, slice);
    writer.write(cursor, derived);
    cursor = derived.cursor;
    slice.length = 0;
  };
  let seq = 0;
  for (const entry of log.entries()) {
    slice.push(entry);
    seq++;
    // A slice ends at each snapshot, for the cursor it keeps (the facts do not depend on how rows are split).
    if (snapshots.has(seq)) {
      derive();
      saveCursor.run(canonicalJson(cursor), seq);
    } else if (slice.length === 10_000) derive();
    if (seq % every === 0) progress?.(`deriving the report facts again: ${seq.toLocaleString('en')} of ${total.toLocaleString('en')} rows`);
  }
  derive();
  db.prepare('INSERT OR REPLACE INTO fact_derivation (id, version) VALUES (1, ?)').run(FACTS_DERIVATION);
  return cursor;
}

/**
 * The version of the derivation the kept facts claim (D93): 1 for a table from before it was kept (no
 * table); null when its row was removed, or is not a version.
 */
export function storedDerivation(db: Database.Database): number | null {
  if (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'fact_derivation'").get() === undefined) return 1;
  const version = db.prepare('SELECT version FROM fact_derivation WHERE id = 1').pluck().get() as unknown;
  return Number.isSafeInteger(version) && (version as number) >= 1 ? (version as number) : null;
}

/** The events of one kind as kept, block by block, in log order. */
export function storedEventRows(db: Database.Database, kind: Exclude<FactKind, 'hand'>): EventRow[] {
  const rows: EventRow[] = [];
  for (const [facts] of blocksOf(db, kind)) for (const row of JSON.parse(facts) as EventRow[]) rows.push(row);
  return rows;
}

/** The hands as kept, these fields' columns joined block after block (the others left empty). */
export function storedHands(db: Database.Database, fields: readonly HandField[] = HAND_FIELDS): HandColumns {
  const hands = noHands();
  for (const field of fields) {
    const column = hands[field] as unknown[];
    for (const [facts] of blocksOf(db, `hand.${field}`)) {
      for (const value of JSON.parse(facts) as unknown[]) column.push(field === 'voided' ? value === 1 : value);
    }
  }
  return hands;
}

/** The hands as rows, in log order: what verify compares; null when the fields' columns differ in length. */
export function storedHandRows(db: Database.Database): HandRow[] | null {
  const hands = storedHands(db);
  if (HAND_FIELDS.some((field) => hands[field].length !== hands.seq.length)) return null;
  return hands.seq.map((_, index) => HAND_FIELDS.map((field) => (field === 'voided' ? (hands.voided[index] === true ? 1 : 0) : hands[field][index])) as HandRow);
}

/** What a block holds: the events of a kind, or one field of the hands. */
type BlockKind = Exclude<FactKind, 'hand'> | `hand.${HandField}`;

function blocksOf(db: Database.Database, kind: BlockKind): [string][] {
  return db.prepare('SELECT facts FROM fact_block WHERE kind = ? ORDER BY block').raw().all(kind) as [string][];
}

/** The facts of these kinds (all by default), each in log order: a report reads only what it needs. */
export function readFacts(db: Database.Database, { kinds, handFields }: FactSelection = ALL_FACTS): Facts {
  const hands = kinds.includes('hand') ? storedHands(db, handFields) : noHands();
  const eventKinds = kinds.filter((kind): kind is Exclude<FactKind, 'hand'> => kind !== 'hand');
  const events = eventKinds.flatMap((kind) => storedEventRows(db, kind).map(eventFactOf));
  // Kept apart by kind: back in log order when more than one kind was read.
  if (eventKinds.length > 1) events.sort((a, b) => a.seq - b.seq);
  // As `factsOf` does: time collected with no hand after it yet counts at the table's latest time.
  const cursor = storedCursor(db);
  if (kinds.includes('time')) for (const { seq, entry } of cursor?.collected ?? []) events.push({ seq, at: cursor?.time ?? null, hand: cursor?.hand ?? null, entry });
  return { hands, events, dealers: dealersOf(events) };
}

/**
 * Whether the database has its facts as this Felt derives them: false for a log written before them, or
 * whose facts an older derivation made (D93), and not opened since — a report derives them from the log.
 */
export function hasFacts(db: Database.Database): boolean {
  return hasFactTables(db) && storedCursor(db) !== null && storedDerivation(db) === FACTS_DERIVATION;
}

/** Whether the database has the report facts' tables (one written before them has not). */
export function hasFactTables(db: Database.Database): boolean {
  return db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'fact_cursor'").get() !== undefined;
}
