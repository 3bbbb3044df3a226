import type Database from 'better-sqlite3';
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
import { eventRow, handRow, hasFactTables, storedEventRows, storedHandRows } from './fact-tables.js';
import { appendOnlyTriggers, appliedMigrations } from './migrations.js';
import { GENESIS_HASH, linkHash, type LogRow, openToRead, sameSnapshot } from './store.js';

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
    db = openToRead(path);
  } catch (error) {
    return { ok: false, row: 0, problem: `cannot open ${path}: ${(error as Error).message}` };
  }
  try {
    // One read transaction: a table that runs meanwhile goes on writing, and the check sees the log as it
    // stood at the start, head and all.
    return db.transaction(() => verifyOpened(db, expectHead))();
  } finally {
    db.close();
  }
}

function verifyOpened(db: Database.Database, expectHead: string | undefined): Verification {
  const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((row) => row.name));
  for (const name of ['log', 'head', 'command', 'snapshot', 'schema_migrations']) {
    if (!tables.has(name)) return { ok: false, row: 0, problem: `this is not a Felt table's database (no '${name}' table)` };
  }
  const schema = schemaProblem(db);
  if (schema !== null) return { ok: false, row: 0, problem: schema };
  const rows = verifyRows(db, expectHead);
  if (!rows.ok) return rows;
  const commands = commandProblem(db);
  return commands === null ? rows : { ok: false, ...commands };
}

/**
 * The schema's own checks: the migrations are ones this build knows, in order; the append-only triggers
 * are the first migration's, word for word (a trigger that never fires has the right name too), and no
 * other trigger is there (one could drop the rows the table writes while it goes on as if they were kept).
 */
function schemaProblem(db: Database.Database): string | null {
  try {
    appliedMigrations(db);
  } catch (error) {
    return (error as Error).message;
  }
  const expected = appendOnlyTriggers();
  const found = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").all() as { name: string; sql: string | null }[];
  for (const name of expected.keys()) {
    if (!found.some((trigger) => trigger.name === name)) return "the log's append-only triggers were removed";
  }
  for (const trigger of found) {
    const sql = expected.get(trigger.name);
    if (sql === undefined) return `a trigger that is not Felt's is on the database ('${trigger.name}')`;
    if (words(trigger.sql ?? '') !== words(sql)) return `the log's append-only trigger '${trigger.name}' was changed`;
  }
  return null;
}

/** SQL compared word for word: the same statement however it is indented. */
function words(sql: string): string {
  return sql.trim().split(/\s+/).join(' ');
}

/**
 * The commands kept beside the log, which decide whether a command sent again is applied (a retry applies
 * once): every command's rows are together, and each command has one row in `command` that ends where its
 * rows end. A command row removed would let a retry apply twice; one planted would swallow a command sent
 * later under its id; one past the log's end is a log cut short.
 */
function commandProblem(db: Database.Database): { row: number; problem: string } | null {
  const group = db
    .prepare(
      'SELECT g.id AS id, g.first AS first, g.last AS last, g.n AS n, c.seq AS kept FROM (SELECT command_id AS id, min(seq) AS first, max(seq) AS last, count(*) AS n FROM log GROUP BY command_id) g ' +
        'LEFT JOIN command c ON c.id = g.id WHERE g.last - g.first + 1 != g.n OR c.seq IS NULL OR c.seq != g.last ORDER BY g.first LIMIT 1',
    )
    .get() as { id: string; first: number; last: number; n: number; kept: number | null } | undefined;
  if (group !== undefined) {
    if (group.last - group.first + 1 !== group.n) return { row: group.first, problem: `the rows of command '${group.id}' are not together: one command id was applied twice` };
    if (group.kept === null) return { row: group.last, problem: `command '${group.id}' is not kept with its rows (its row in the commands was removed)` };
    return { row: group.last, problem: `command '${group.id}' is kept as ending at row ${group.kept}, but its rows end at row ${group.last}` };
  }
  const planted = db.prepare('SELECT id, seq FROM command c WHERE NOT EXISTS (SELECT 1 FROM log l WHERE l.command_id = c.id) ORDER BY seq LIMIT 1').get() as { id: string; seq: number } | undefined;
  if (planted !== undefined) return { row: planted.seq, problem: `command '${planted.id}' is kept but wrote no row of the log (a command row was added, or the log was cut short)` };
  return null;
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
    // Felt's canonical JSON has no line break: so the hash's parts (a line break between) cannot be cut
    // anew to give another row, with another command id, the same hash.
    if (row.payload.includes('\n')) return bad('its payload holds a line break, which Felt never writes');
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
      // The facts are checked against a log whose chain may have been recomputed after an edit: which of
      // the two was changed, the chain alone cannot say.
      if (!facts.matches(derived)) return bad('the report facts kept for it are not what the log gives (the log or the facts were changed)');
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
  // The genesis begins every chain: kept as a head, it proves nothing about a log that has rows (all of
  // them may have been rewritten). An empty log's head is the genesis, so there it passes: it is the head.
  if (expectHead === GENESIS_HASH && expectedSeq > 1) {
    return { ok: false, row: 0, problem: "the head kept elsewhere is the genesis (64 zeros, an empty log's head): it proves nothing about a log that has rows — give a head this log had once, as felt verify or felt sim printed it" };
  }
  if (expectHead !== undefined && anchorRow === null) {
    // No row is bad: the hash is not found (row 0, the log as a whole).
    return { ok: false, row: 0, problem: `the head ${expectHead} kept elsewhere is not in this chain: its history was rewritten or cut before it` };
  }
  if (facts !== null && !facts.complete(factCursor)) {
    return { ok: false, row: expectedSeq - 1, problem: 'the report facts do not end where the log does (facts were added, removed or changed)' };
  }
  const beyond = db.prepare('SELECT seq FROM snapshot WHERE seq > ? OR seq < 1 ORDER BY seq LIMIT 1').get(expectedSeq - 1) as { seq: number } | undefined;
  if (beyond !== undefined) return { ok: false, row: beyond.seq, problem: `a snapshot is kept after row ${beyond.seq}, which the log does not have (the log was cut short)` };
  return { ok: true, rows: expectedSeq - 1, hands, head: previous, anchorRow };
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
    if (!hasFactTables(db)) return null;
    const cursor = db.prepare('SELECT cursor FROM fact_cursor WHERE id = 1').get() as { cursor: string } | undefined;
    if (cursor !== undefined) return new StoredFacts(db, cursor.cursor);
    // Felt derives the facts as it opens a table (in the same opening that adds their tables): a table
    // with their tables but without them had them removed — with the rows they would give away, maybe.
    const blocks = db.prepare('SELECT count(*) AS n FROM fact_block').get() as { n: number };
    return blocks.n === 0
      ? 'the report facts are missing (Felt derives them as it opens a table: they were removed, or that opening was cut off — open the table once and verify again)'
      : 'report facts are kept without their cursor (the cursor row was removed)';
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
