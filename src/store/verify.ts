import Database from 'better-sqlite3';
import { InvariantError } from '../invariant-error.js';
import { replay } from '../engine/reduce.js';
import { awardOperations } from '../engine/showdown.js';
import type { Operation } from '../engine/operations.js';
import type { HandState } from '../engine/state.js';
import { checkTableChips } from '../engine/table.js';
import type { TableLogEntry } from '../engine/table-operations.js';
import { isTableOperation, reduceTable } from '../engine/table-reduce.js';
import { withoutStep } from '../engine/undo.js';
import type { TableState } from '../engine/table-state.js';
import { canonicalJson } from './canonical-json.js';
import { deriveFacts, type EventFact, eventKind, FACT_KINDS, type FactCursor, type FactKind, FIRST_CURSOR, type HandFact } from '../reports/facts.js';
import { eventRow, handRow, storedEventRows, storedHandRows } from './fact-tables.js';
import { GENESIS_HASH, linkHash, type LogRow, snapshotState, upToDate } from './store.js';

export type Verification =
  | { readonly ok: true; readonly rows: number; readonly hands: number; readonly head: string; readonly anchorRow: number | null }
  | { readonly ok: false; readonly row: number; readonly problem: string };

/**
 * Checks a table's database, opened read-only (it is never changed, nor migrated): the append-only
 * triggers are there; every row links to the one before through the command id and its canonical
 * payload (an edited, deleted, inserted or moved row breaks the chain there); the head agrees with the
 * last row; the operations replay through the engine with every chip accounted for and every pot paid to
 * the hand the shown cards make best; every snapshot is the table its rows replay to.
 *
 * What a chain in the same file cannot show: someone who can write the file may rewrite rows and
 * recompute every hash after them. `expectHead` — a head hash kept elsewhere (a printed `logHash`, a
 * regulator's copy) — must be found in the chain: then everything up to it is as it was.
 */
export function verifyDatabase(path: string, expectHead?: string): Verification {
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    return { ok: false, row: 0, problem: `cannot open ${path}: ${(error as Error).message}` };
  }
  try {
    const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger')").all() as { name: string }[]).map((row) => row.name));
    for (const name of ['log', 'head', 'command', 'snapshot', 'schema_migrations']) {
      if (!tables.has(name)) return { ok: false, row: 0, problem: `this is not a Felt table's database (no '${name}' table)` };
    }
    if (!tables.has('log_no_update') || !tables.has('log_no_delete')) return { ok: false, row: 0, problem: "the log's append-only triggers were removed" };
    return verifyRows(db, expectHead);
  } finally {
    db.close();
  }
}

function verifyRows(db: Database.Database, expectHead: string | undefined): Verification {
  let previous = GENESIS_HASH;
  let expectedSeq = 1;
  let state: TableState | undefined;
  let hands = 0;
  let anchorRow: number | null = expectHead === GENESIS_HASH ? 0 : null;
  const snapshots = new Map<number, { hash: string; state: string }>();
  for (const snapshot of db.prepare('SELECT seq, hash, state FROM snapshot ORDER BY seq').iterate() as IterableIterator<{ seq: number; hash: string; state: string }>) {
    snapshots.set(snapshot.seq, snapshot);
  }
  const audit = new HandAudit();
  const opened = StoredFacts.open(db);
  if (typeof opened === 'string') return { ok: false, row: 0, problem: opened };
  const facts = opened;
  let factCursor = FIRST_CURSOR;
  for (const row of db.prepare('SELECT seq, command_id, payload, prev_hash, hash FROM log ORDER BY seq').iterate() as IterableIterator<LogRow>) {
    const bad = (problem: string): Verification => ({ ok: false, row: row.seq, problem });
    if (row.seq !== expectedSeq) return bad(`row ${expectedSeq} is missing: the next row is ${row.seq}`);
    if (row.prev_hash !== previous) return bad('it does not link to the row before it (a row before it was changed, removed or moved)');
    if (linkHash(row.prev_hash, row.command_id, row.payload) !== row.hash) return bad('its content does not match its hash (the row was changed)');
    let entry: TableLogEntry;
    try {
      entry = JSON.parse(row.payload) as TableLogEntry;
    } catch {
      return bad('its payload is not JSON');
    }
    try {
      audit.see(entry);
      state = replayChecked(state, entry);
    } catch (error) {
      if (error instanceof InvariantError || error instanceof TypeError || error instanceof RangeError) return bad(`it does not replay: ${error.message}`);
      throw error;
    }
    if (entry.type === 'hand-settled') hands++;
    if (facts !== null) {
      const derived = deriveFacts(factCursor, [entry]);
      factCursor = derived.cursor;
      if (!facts.matches(derived)) return bad('the report facts kept for it are not what the log gives (the facts were changed)');
    }
    const snapshot = snapshots.get(row.seq);
    if (snapshot !== undefined && (snapshot.hash !== row.hash || !sameSnapshot(snapshot.state, state))) {
      return bad('the snapshot kept after it is not the table its rows replay to (the snapshot was changed)');
    }
    if (row.hash === expectHead) anchorRow = row.seq;
    previous = row.hash;
    expectedSeq++;
  }
  const head = db.prepare('SELECT seq, hash FROM head WHERE id = 1').get() as { seq: number; hash: string } | undefined;
  if (head === undefined) return { ok: false, row: expectedSeq, problem: "the log's head row was removed" };
  if (head.seq !== expectedSeq - 1 || head.hash !== previous) {
    return { ok: false, row: expectedSeq, problem: `the log ends at row ${expectedSeq - 1} but its head says row ${head.seq}: rows are missing at the end, or the head was changed` };
  }
  if (expectHead !== undefined && anchorRow === null) {
    return { ok: false, row: expectedSeq - 1, problem: `the head ${expectHead} kept elsewhere is not in this chain: its history was rewritten or cut before it` };
  }
  if (facts !== null && !facts.complete(factCursor)) {
    return { ok: false, row: expectedSeq - 1, problem: 'the report facts do not end where the log does (facts were added, removed or changed)' };
  }
  return { ok: true, rows: expectedSeq - 1, hands, head: previous, anchorRow };
}

/**
 * Whether a stored snapshot is the table as replayed: byte for byte, or so once both are brought up to
 * date (`snapshotState`; the replayed table too, for a clock that went back between two departures).
 */
function sameSnapshot(stored: string, state: TableState | undefined): boolean {
  const replayed = canonicalJson(state);
  if (stored === replayed) return true;
  try {
    return canonicalJson(snapshotState(stored)) === canonicalJson(state === undefined ? undefined : upToDate(state));
  } catch {
    return false;
  }
}

/** One entry through the table's reducer, with the chip checks the engine's live path makes. */
function replayChecked(state: TableState | undefined, entry: TableLogEntry): TableState {
  if (entry.type === 'hand-settled') {
    const hand = state?.hand;
    if (hand === null || hand === undefined || hand.phase.kind !== 'complete') throw new InvariantError('a hand is settled that has not ended');
    const total = hand.players.reduce((sum, player) => sum + player.stack, 0) + hand.rake;
    if (total !== hand.chipsInPlay) throw new InvariantError(`the hand ends with ${total} chips, it began with ${hand.chipsInPlay}`);
    for (const { seat, stack } of entry.stacks) {
      if (hand.players.find((player) => player.seat === seat)?.stack !== stack) throw new InvariantError(`seat ${seat} is settled with ${stack}, not the hand's final stack`);
    }
  }
  const next = reduceTable(state, entry);
  if (isTableOperation(entry)) checkTableChips(next);
  return next;
}

/**
 * Re-decides every hand's awards from its own record: the pots, the cards shown and the board give the
 * winners (`awardOperations`, the live engine's own function), and the recorded awards must be those —
 * chips that add up but went to the wrong player do not pass.
 */
class HandAudit {
  private operations: Operation[] = [];
  private beforeAwards: HandState | null = null;
  private awards: Extract<Operation, { type: 'award' }>[] = [];

  see(entry: TableLogEntry): void {
    // An undone step leaves the hand's record: the awards are decided from what stands.
    if (entry.type === 'step-undone') this.operations = [...withoutStep(this.operations, entry.undone)];
    if (isTableOperation(entry)) return;
    if (entry.type === 'hand-started') {
      this.operations = [];
      this.beforeAwards = null;
      this.awards = [];
    }
    if (entry.type === 'award') {
      if (this.beforeAwards === null) this.beforeAwards = replay(this.operations);
      this.awards.push(entry);
    }
    this.operations.push(entry);
    if (entry.type === 'hand-ended' && this.beforeAwards !== null) {
      const decided = awardOperations(this.beforeAwards).map((award) => (award.type === 'award' ? `${award.potIndex}:${award.seat}:${award.amount}` : ''));
      const recorded = this.awards.map((award) => `${award.potIndex}:${award.seat}:${award.amount}`);
      if (decided.join() !== recorded.join()) throw new InvariantError(`the pots were awarded as ${recorded.join(', ')}, but the hands shown give ${decided.join(', ')}`);
    }
  }
}

/**
 * The report facts as stored (D36), checked in order against the facts the log gives: every fact the log
 * gives is stored as derived, in its place, no other is stored, and the cursor is where the derivation
 * ends. A database from before the facts (no table, or not yet derived) has nothing to check.
 */
class StoredFacts {
  private readonly kept: Record<FactKind, string[] | null>;
  private readonly next: Record<FactKind, number> = { hand: 0, dealer: 0, time: 0, seat: 0, correction: 0, incident: 0 };

  private constructor(
    db: Database.Database,
    private readonly cursor: string,
  ) {
    const kept = (kind: Exclude<FactKind, 'hand'>): string[] => storedEventRows(db, kind).map((row) => canonicalJson(row));
    this.kept = { hand: storedHandRows(db)?.map((row) => canonicalJson(row)) ?? null, dealer: kept('dealer'), time: kept('time'), seat: kept('seat'), correction: kept('correction'), incident: kept('incident') };
  }

  /**
   * The facts to check; null for a database from before them (no table, or none derived yet); a problem
   * for facts kept without their cursor (the table would not open: its facts could not go on).
   */
  static open(db: Database.Database): StoredFacts | null | string {
    const table = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'fact_cursor'").get();
    if (table === undefined) return null;
    const cursor = db.prepare('SELECT cursor FROM fact_cursor WHERE id = 1').get() as { cursor: string } | undefined;
    if (cursor !== undefined) return new StoredFacts(db, cursor.cursor);
    const blocks = db.prepare('SELECT count(*) AS n FROM fact_block').get() as { n: number };
    return blocks.n === 0 ? null : 'report facts are kept without their cursor (the cursor row was removed)';
  }

  /** Whether the facts derived at this row are the next ones stored of their kind (time collected waits for its hand: earlier rows' facts may come with a later one). */
  matches(derived: { hands: readonly HandFact[]; events: readonly EventFact[] }): boolean {
    for (const hand of derived.hands) if (this.kept.hand?.[this.next.hand++] !== canonicalJson(handRow(hand))) return false;
    for (const event of derived.events) {
      const kind = eventKind(event.entry);
      if (this.kept[kind]?.[this.next[kind]++] !== canonicalJson(eventRow(event))) return false;
    }
    return true;
  }

  /** After every row: no fact left over (the log's last time collected still waits in the cursor), and the cursor where the derivation ends. */
  complete(cursor: FactCursor): boolean {
    return FACT_KINDS.every((kind) => this.next[kind] === this.kept[kind]?.length) && this.cursor === canonicalJson(cursor);
  }
}
