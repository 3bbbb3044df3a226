import type Database from 'better-sqlite3';
import { InvariantError } from '../invariant-error.js';
import { replay } from '../engine/hand/reduce.js';
import { awardOperations } from '../engine/hand/showdown.js';
import type { Operation } from '../engine/hand/operations.js';
import type { HandState } from '../engine/hand/state.js';
import { checkTableChips } from '../engine/table/table.js';
import type { TableLogEntry } from '../engine/table/table-operations.js';
import { isTableOperation, reduceTable } from '../engine/table/table-reduce.js';
import { withoutStep } from '../engine/table/undo.js';
import type { TableState } from '../engine/table/table-state.js';
import { canonicalJson } from './canonical-json.js';
import { deriveFacts, type EventFact, eventKind, FACT_KINDS, type FactCursor, type FactKind, FIRST_CURSOR, type HandFact } from '../reports/facts.js';
import { eventRow, handRow, hasFactTables, storedEventRows, storedHandRows } from './fact-tables.js';
import { appendOnlyTriggers, appliedMigrations, BASELINE, MIGRATIONS, schemaOf } from './migrations.js';
import { GENESIS_HASH, linkHash, type LogRow, openToRead, realFile, sameSnapshot } from './store.js';
import { integrityProblem, isDamage, WHAT_TO_DO, walDamageWords } from './damage.js';
import { keptCommandProblem } from './kept-commands.js';
import { walDamage, type WalDamage } from './write-ahead-log.js';

export type Verification =
  | { readonly ok: true; readonly rows: number; readonly hands: number; readonly head: string; readonly anchorRow: number | null }
  | { readonly ok: false; readonly row: number; readonly problem: string };

/**
 * Checks a table's database, opened read-only (it is never changed, nor migrated): the write-ahead log
 * holds no committed transaction SQLite would drop (D49); the schema is the one its migrations make, with
 * the append-only triggers word for word; every row links to the one before through the command id and
 * its canonical payload (an edited, deleted, inserted or moved row breaks the chain there); the head
 * agrees with the last row; the operations replay through the engine with every chip accounted for and
 * every pot paid to the hand the shown cards make best; every snapshot is the table its rows replay to;
 * the report facts are what the log gives; every command kept beside the log is the one its rows record
 * (D50). A file SQLite cannot read is a finding that names where the reading stopped, never an exception.
 * `full` adds SQLite's integrity check of every page of the file (D49), which names the first bad page.
 *
 * What a chain in the same file cannot show: someone who can write the file may rewrite rows and
 * recompute every hash after them, or cut whole transactions off its end. `expectHead` — a head hash kept
 * elsewhere (a printed `logHash`, a regulator's copy) — must be found in the chain: then everything up to
 * it is as it was.
 */
export function verifyDatabase(path: string, expectHead?: string, { full = false }: { readonly full?: boolean } = {}): Verification {
  let wal: WalDamage | null;
  let db: Database.Database;
  try {
    // Read before SQLite reads it: SQLite would take the log up to a damaged frame as all there is.
    wal = walDamage(realFile(path));
    db = openToRead(path);
  } catch (error) {
    if (isDamage(error)) return { ok: false, row: 0, problem: `the database file is damaged: SQLite cannot open it (${error.message}) — ${WHAT_TO_DO}` };
    return { ok: false, row: 0, problem: `cannot open ${path}: ${(error as Error).message}` };
  }
  try {
    if (wal !== null) return { ok: false, row: 0, problem: walFinding(db, path, wal) };
    // One read transaction: a table that runs meanwhile goes on writing, and the check sees the log as it
    // stood at the start, head and all. Its end keeps nothing, so it may fail (SQLite keeps a damage
    // error it met to the end of the transaction): the connection is closed all the same.
    db.exec('BEGIN');
    return verifyReadable(db, expectHead, full);
  } finally {
    db.close();
  }
}

/** A damaged write-ahead log as a finding: what SQLite would drop, and where the log it reads ends. */
function walFinding(db: Database.Database, path: string, wal: WalDamage): string {
  let ends = '';
  try {
    const head = db.prepare('SELECT seq FROM head WHERE id = 1').get() as { seq: number } | undefined;
    if (head !== undefined) ends = ` — the log SQLite reads ends at row ${head.seq}, and is not all the table wrote`;
  } catch {
    // The head cannot be read either: the finding stands without it.
  }
  return `${walDamageWords(path, wal)}${ends}; ${WHAT_TO_DO}`;
}

/** Where the reading is, for a finding when SQLite cannot read on: what of the file, and the last row read whole. */
type Reading = { what: string; row: number | null };

/** The checks, with SQLite's damage errors turned into a finding; `full`: SQLite's integrity check first. */
function verifyReadable(db: Database.Database, expectHead: string | undefined, full: boolean): Verification {
  const integrity = full ? integrityProblem(db) : null;
  const reading: Reading = { what: 'its list of tables', row: null };
  let result: Verification;
  try {
    result = verifyOpened(db, expectHead, reading);
  } catch (error) {
    if (!isDamage(error)) throw error;
    const next = full ? WHAT_TO_DO : `felt verify --full names the damaged pages; ${WHAT_TO_DO}`;
    result =
      reading.row === null
        ? { ok: false, row: 0, problem: `the database file is damaged: SQLite cannot read ${reading.what} (${error.message}) — ${next}` }
        : { ok: false, row: reading.row + 1, problem: `the database file is damaged: SQLite cannot read the log ${reading.row === 0 ? 'from its first row' : `past row ${reading.row}`} (${error.message}) — ${next}` };
  }
  if (integrity === null) return result;
  if (result.ok) return { ok: false, row: 0, problem: `the database file is damaged: ${integrity} — ${WHAT_TO_DO}` };
  return { ok: false, row: result.row, problem: `${result.problem}; ${integrity}` };
}

function verifyOpened(db: Database.Database, expectHead: string | undefined, reading: Reading): Verification {
  const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((row) => row.name));
  for (const name of ['log', 'head', 'command', 'snapshot', 'schema_migrations']) {
    if (!tables.has(name)) return { ok: false, row: 0, problem: `this is not a Felt table's database (no '${name}' table)` };
  }
  reading.what = 'its schema';
  const schema = schemaProblem(db);
  if (schema !== null) return { ok: false, row: 0, problem: schema };
  const commands = { astray: false };
  const rows = verifyRows(db, expectHead, reading, commands);
  if (!rows.ok || !commands.astray) return rows;
  reading.what = 'the commands kept beside the log';
  reading.row = null;
  return { ok: false, ...(commandProblem(db) ?? { row: 0, problem: 'the commands kept beside the log are not where its rows say' }) };
}

/**
 * The schema's own checks: the migrations are ones this build knows, in order, and at least the ones every
 * table has had since Felt's first day (`BASELINE`); the append-only triggers are the first migration's,
 * word for word (a trigger that never fires has the right name too), and no other trigger is there (one
 * could drop the rows the table writes while it goes on as if they were kept); every table and index the
 * applied migrations make is there as they made it (a table dropped — the report facts, say, which would
 * show a log cut short — does not pass as a table that never had it, D50).
 */
function schemaProblem(db: Database.Database): string | null {
  let applied: number;
  try {
    applied = appliedMigrations(db);
  } catch (error) {
    return (error as Error).message;
  }
  if (applied < BASELINE) {
    const missing = MIGRATIONS[applied] as (typeof MIGRATIONS)[number];
    return `the database lacks migration '${missing.id}', which every table Felt has opened since 2026-11-29 has: it was removed, with what it made — or the table was written before then and not opened since (open a copy with Felt, which adds it, and verify that)`;
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
  const objects = new Map((db.prepare('SELECT type, name, sql FROM sqlite_master').all() as { type: string; name: string; sql: string | null }[]).map((object) => [object.name, object]));
  for (const made of schemaOf(applied)) {
    const object = objects.get(made.name);
    if (object === undefined || object.type !== made.type) return `the ${made.type} '${made.name}' that migration '${made.migration}' made was removed`;
    if (words(object.sql ?? '') !== words(made.sql ?? '')) return `the ${made.type} '${made.name}' is not as migration '${made.migration}' made it (it was changed)`;
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

/** The rows, and what is checked with them; `commands.astray`: a kept command is not where the rows say (said after the rows). */
function verifyRows(db: Database.Database, expectHead: string | undefined, reading: Reading, commands: { astray: boolean }): Verification {
  const snapshots = new Map<number, { hash: string; state: string }>();
  reading.what = 'its snapshots';
  for (const snapshot of db.prepare('SELECT seq, hash, state FROM snapshot ORDER BY seq').iterate() as IterableIterator<{ seq: number; hash: string; state: string }>) {
    snapshots.set(snapshot.seq, snapshot);
  }
  const audit = new HandAudit();
  reading.what = 'its report facts';
  const opened = StoredFacts.open(db);
  if (typeof opened === 'string') return { ok: false, row: 0, problem: opened };
  const facts = opened;
  const kept = new KeptCommands(db);
  try {
    return checkRows(db, expectHead, reading, { snapshots, audit, facts, commands: kept });
  } finally {
    kept.close();
    commands.astray = kept.astray;
  }
}

/** What the rows are checked against, read before them: the snapshots, the facts, the kept commands. */
type Kept = { readonly snapshots: ReadonlyMap<number, { hash: string; state: string }>; readonly audit: HandAudit; readonly facts: StoredFacts | null; readonly commands: KeptCommands };

/** Every row in order: the chain, the replay, the awards, the facts, the snapshots and the kept commands. */
function checkRows(db: Database.Database, expectHead: string | undefined, reading: Reading, { snapshots, audit, facts, commands }: Kept): Verification {
  let previous = GENESIS_HASH;
  let expectedSeq = 1;
  let state: TableState | undefined;
  let hands = 0;
  let anchorRow: number | null = expectHead === GENESIS_HASH ? 0 : null;
  let factCursor = FIRST_CURSOR;
  reading.what = 'its log';
  reading.row = 0;
  for (const row of db.prepare('SELECT seq, command_id, payload, prev_hash, hash FROM log ORDER BY seq').iterate() as IterableIterator<LogRow>) {
    const bad = (problem: string): Verification => ({ ok: false, row: row.seq, problem });
    const command = commands.before(row.command_id);
    if (command !== null) return { ok: false, ...command };
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
    commands.add(row.command_id, row.seq, entry);
    if (row.hash === expectHead) anchorRow = row.seq;
    previous = row.hash;
    reading.row = row.seq;
    expectedSeq++;
  }
  const lastCommand = commands.finish();
  if (lastCommand !== null) return { ok: false, ...lastCommand };
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
 * The commands kept beside the log, read with its rows, in order of the row each ends at: every command's
 * rows end where its kept row says, and no kept row is left over — else `astray`, and `commandProblem`
 * says what is wrong (a query over the whole log, run only then). When a command's rows end, its kept text
 * is the command they record (`keptCommandProblem`, D50). A text may be empty only before the first one
 * kept (the table's opening, rows from before commands were kept): one emptied later would let any command
 * sent again under its id pass as the same.
 */
class KeptCommands {
  private readonly kept: IterableIterator<{ id: string; command: string; seq: number }>;
  private next: { id: string; command: string; seq: number } | undefined;
  private group: { id: string; last: number; entries: TableLogEntry[] } | null = null;
  private keptOne = false;
  /** A kept row that is not where the rows say, or rows without theirs. */
  astray = false;

  constructor(db: Database.Database) {
    this.kept = db.prepare('SELECT id, command, seq FROM command ORDER BY seq').iterate() as IterableIterator<{ id: string; command: string; seq: number }>;
    this.next = this.kept.next().value;
  }

  /** The next row of the log is the command `id`'s: when that begins another command's rows, the command before is checked. */
  before(id: string): { row: number; problem: string } | null {
    return this.group === null || this.group.id === id ? null : this.end();
  }

  /** A row of the log, in order, and its entry. */
  add(id: string, seq: number, entry: TableLogEntry): void {
    if (this.group === null) this.group = { id, last: seq, entries: [] };
    this.group.last = seq;
    this.group.entries.push(entry);
  }

  /** The last command's rows have ended: checked. */
  end(): { row: number; problem: string } | null {
    const group = this.group;
    if (group === null) return null;
    this.group = null;
    while (this.next !== undefined && this.next.seq < group.last) {
      this.astray = true;
      this.next = this.kept.next().value;
    }
    const kept = this.next;
    if (kept === undefined || kept.seq !== group.last || kept.id !== group.id) {
      this.astray = true;
      return null;
    }
    this.next = this.kept.next().value;
    if (kept.command === '') {
      return this.keptOne ? { row: group.last, problem: `command '${group.id}' is kept without its words, where every command before it kept its own (its words were removed)` } : null;
    }
    this.keptOne = true;
    const problem = keptCommandProblem(kept.command, group.entries);
    return problem === null ? null : { row: group.last, problem: `the command kept as '${group.id}' ${problem}: the kept command was changed, or its rows were` };
  }

  /** After the last row: a kept row past the log's end is astray too. The reading is let go. */
  finish(): { row: number; problem: string } | null {
    const problem = this.end();
    if (this.next !== undefined) this.astray = true;
    this.close();
    return problem;
  }

  /** Lets go of the commands' reading: SQLite runs nothing else on the connection while a reading is open. */
  close(): void {
    this.kept.return?.();
  }
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
