import type Database from 'better-sqlite3';
import { InvariantError } from '../invariant-error.js';
import { awardOperations } from '../engine/hand/showdown.js';
import type { Operation } from '../engine/hand/operations.js';
import type { HandState } from '../engine/hand/state.js';
import { checkTableChips } from '../engine/table/table.js';
import type { TableLogEntry } from '../engine/table/table-operations.js';
import { isTableOperation, reduceTable } from '../engine/table/table-reduce.js';
import type { TableState } from '../engine/table/table-state.js';
import { canonicalJson } from './canonical-json.js';
import { deriveFacts, type EventFact, eventKind, FACT_KINDS, type FactCursor, type FactKind, FIRST_CURSOR, HAND_FIELDS, type HandFact } from '../reports/facts.js';
import { BLOCK, eventRow, handRow } from './fact-tables.js';
import { GENESIS_HASH, type KeptCommand, linkHash, LogTables } from './log-rows.js';
import { unpackJson } from './log-format.js';
import { keptCommandProblem } from './kept-commands.js';
import { type MovedNames, movedRecordProblem, readMovedNames } from './names-moved.js';
import { hasPlayerTable, nameDigest, parseReference, unnamedUpTo } from './players.js';
import { sameSnapshot, snapshotState } from './store.js';

/**
 * The check of a stretch of the packed log (D81, D82), from a start — the genesis, or a snapshot: the
 * table, the chain's hash and the report facts' cursor kept there — to a last row: every command's rows
 * give the hash kept at its end; every row replays, with every chip accounted for and every pot to the
 * hand the shown cards make best; the facts are what the rows give; every snapshot on the way is the
 * table, hash and cursor the rows give; every command kept is the one its rows record. A stretch that
 * starts at a snapshot stands on it; the stretch before checks that snapshot — so stretches may be checked
 * apart (in parallel, or only the last one for a report) and, when each passes, the whole log has.
 */

/** Where a stretch starts: after row `row`, with what the rows before it left. */
export type StretchStart = {
  readonly row: number;
  readonly hash: string;
  readonly state: TableState | undefined;
  readonly cursor: FactCursor;
  /** Whether a command before it was kept with its words (one kept without them after that is a removal). */
  readonly keptBefore: boolean;
};

export const GENESIS: StretchStart = { row: 0, hash: GENESIS_HASH, state: undefined, cursor: FIRST_CURSOR, keptBefore: false };

/** A bad row (0: the database as a whole) and what is wrong. */
export type Finding = { readonly row: number; readonly problem: string };

/** What a stretch that passed leaves: its last row, the hash and facts' cursor there, the hands settled, where the expected head was found. */
export type StretchEnd = {
  readonly row: number;
  readonly hash: string;
  readonly cursor: FactCursor;
  readonly state: TableState | undefined;
  readonly hands: number;
  readonly anchorRow: number | null;
  /** Whether a command up to its end kept its words (the next stretch starts with it). */
  readonly keptBefore: boolean;
  /** The last snapshot the stretch checked on its way (a checkpoint may start there, D82): `hands` settled up to it in the stretch. */
  readonly lastSnapshot: { readonly row: number; readonly hash: string; readonly cursor: FactCursor; readonly keptBefore: boolean; readonly hands: number } | null;
};

/** Where the reading is, for a finding when SQLite cannot read on: what of the file, and the last row read whole. */
export type Reading = { what: string; row: number | null };

/** A snapshot as kept. */
type KeptSnapshot = { readonly hash: string; readonly state: string; readonly facts: string };

/**
 * Checks the rows after `start.row` up to `last` (the command ending there included). `expectHead`: a hash
 * to look for in the chain (`anchorRow`). The caller checks what lies around the stretch: the head, the
 * facts and snapshots past the log's end, the rows and commands past `last`.
 */
export function checkStretch(db: Database.Database, start: StretchStart, last: number, expectHead: string | undefined, reading: Reading, compareFacts = true): Finding | StretchEnd {
  const log = new LogTables(db);
  const snapshotRows = new Set(db.prepare('SELECT seq FROM snapshot WHERE seq > ? AND seq <= ?').pluck().all(start.row, last) as number[]);
  const snapshotAt = db.prepare('SELECT hash, state, facts FROM snapshot WHERE seq = ?');
  const facts = new StoredFacts(db, start.cursor.counts);
  const audit = new HandAudit();
  let previous = start.hash;
  let state = start.state;
  let cursor = start.cursor;
  let keptBefore = start.keptBefore;
  let hands = 0;
  let anchorRow: number | null = expectHead === GENESIS_HASH && start.row === 0 ? 0 : null;
  let lastSnapshot: StretchEnd['lastSnapshot'] = null;
  let snapshotChecked: number | null = null;
  let expected = start.row + 1;
  const rows = log.packedRows(start.row, last);
  const erasures = hasPlayerTable(db) ? db.prepare('SELECT erased_row, erased_at, erased_by FROM player WHERE id = ?') : null;
  const seatedNames = hasPlayerTable(db) ? { kept: db.prepare('SELECT name, salt FROM player WHERE id = ?'), unnamedUpTo: unnamedUpTo(db) } : null;
  // The names' move (D113): its pins read first and checked against the seal in its record's row; the chain checks that row where it reaches it.
  const read = readMovedNames(db);
  if ('problem' in read) return { row: read.row, problem: read.problem };
  const moved = read.moved;
  reading.what = 'its log';
  reading.row = start.row;
  const payloads: string[] = [];
  const entries: TableLogEntry[] = [];
  for (const command of log.commandsAfter(start.row)) {
    if (command.last > last) break;
    // The chain first: a row changed shows as such, before what it would replay to.
    payloads.length = 0;
    const first = expected;
    if (command.id === null) return { row: command.last, problem: `the command kept as ending here has an id that is not as Felt keeps one (the command was changed)` };
    let hash = previous;
    for (; expected <= command.last; expected++) {
      const next = rows.next();
      if (next.done === true) return { row: expected, problem: `the log ends at row ${expected - 1}, but command '${command.id}' is kept as ending at row ${command.last}: rows were cut off its end (or the command was added)` };
      const { seq, packed } = next.value;
      if (seq !== expected) return { row: expected, problem: `row ${expected} is missing: the next row is ${seq}` };
      const payload = unpackJson(packed);
      if (payload === null) return { row: seq, problem: 'it is not a row as Felt packs one (a code no word has): the row was changed' };
      hash = linkHash(hash, command.id, payload);
      if (hash === expectHead) anchorRow = seq;
      payloads.push(payload);
    }
    const pin = moved?.pins.get(command.last);
    if (hash !== command.hash) {
      // Rows the names' move rewrote give the hash their pin holds; the chain goes on from the one kept.
      if (pin === undefined || pin.first !== first || pin.kept !== command.hash || pin.now !== hash) return { row: first, problem: chainWords(first, command, moved) };
      hash = command.hash;
      if (hash === expectHead) anchorRow = command.last;
    } else if (pin !== undefined) {
      return { row: first, problem: `the 'names-moved' record at row ${moved?.row ?? 0} pins ${first === command.last ? 'this row' : `rows ${first}–${command.last}`} (command '${command.id}') as rewritten, but they give the hash kept for them: the record pins a command whose rows did not change (it was forged)` };
    }
    // Felt keeps a snapshot with a command's last row, never inside its rows.
    for (let seq = first; seq < command.last; seq++) {
      if (snapshotRows.has(seq)) return { row: seq, problem: `a snapshot is kept after it, inside the rows of command '${command.id}', where Felt never keeps one (it was added outside Felt)` };
    }
    // Then what the rows hold.
    entries.length = 0;
    for (let index = 0; index < payloads.length; index++) {
      const seq = first + index;
      let entry: TableLogEntry;
      try {
        entry = JSON.parse(payloads[index] as string) as TableLogEntry;
      } catch {
        return { row: seq, problem: 'its payload is not JSON' };
      }
      try {
        audit.see(entry, state);
        state = replayChecked(state, entry);
      } catch (error) {
        if (error instanceof InvariantError || error instanceof TypeError || error instanceof RangeError) return { row: seq, problem: `it does not replay: ${error.message}` };
        throw error;
      }
      if (entry.type === 'hand-settled') hands++;
      if (entry.type === 'player-erased') {
        const problem = erasureProblem(erasures, entry, seq);
        if (problem !== null) return { row: seq, problem };
      }
      if (entry.type === 'names-moved') {
        const problem = movedRecordProblem(db, moved, seq);
        if (problem !== null) return { row: seq, problem };
      }
      if (entry.type === 'seated') {
        const problem = seatedNameProblem(seatedNames, entry.name);
        if (problem !== null) return { row: seq, problem };
      }
      entries.push(entry);
    }
    // The facts a command at a time (they do not depend on how rows are split); a row at a time to name
    // the row when they differ.
    // Facts an older derivation made are not compared (D93): this Felt derives them again as it opens the table.
    const derived = deriveFacts(cursor, entries);
    if (compareFacts && !facts.matches(derived)) {
      facts.rewind(cursor.counts);
      let at = cursor;
      for (let index = 0; index < entries.length; index++) {
        const one = deriveFacts(at, [entries[index] as TableLogEntry]);
        // The facts are checked against a log whose chain may have been recomputed after an edit: which of
        // the two was changed, the chain alone cannot say.
        if (!facts.matches(one)) return { row: first + index, problem: 'the report facts kept for it are not what the log gives (the log or the facts were changed)' };
        at = one.cursor;
      }
    }
    cursor = derived.cursor;
    if (snapshotRows.has(command.last)) {
      const problem = snapshotProblem(snapshotAt.get(command.last) as KeptSnapshot, hash, state, compareFacts ? cursor : null);
      if (problem !== null) return { row: command.last, problem };
      snapshotChecked = command.last;
    }
    // The command kept with the rows: the one they record (D50); '' only before the first kept with its words.
    if (command.text === null) return { row: command.last, problem: `the command kept as '${command.id}' is not as Felt keeps one (it was changed)` };
    if (command.text === '') {
      if (keptBefore) return { row: command.last, problem: `command '${command.id}' is kept without its words, where every command before it kept its own (its words were removed)` };
    } else {
      keptBefore = true;
      const problem = keptCommandProblem(command.text, entries);
      if (problem !== null) return { row: command.last, problem: `the command kept as '${command.id}' ${problem}: the kept command was changed, or its rows were` };
    }
    previous = hash;
    reading.row = command.last;
    // Its command's words checked too: a check may start after it.
    if (snapshotChecked === command.last) lastSnapshot = { row: command.last, hash, cursor, keptBefore, hands };
  }
  if (expected <= last) {
    const next = rows.next();
    const seq = next.done === true ? expected : next.value.seq;
    return { row: seq, problem: next.done === true ? `the log ends at row ${expected - 1}, before row ${last}` : `row ${seq} belongs to no command kept beside the log (its command's row was removed, or rows were added outside Felt)` };
  }
  return { row: last, hash: previous, cursor, state, hands, anchorRow, keptBefore, lastSnapshot };
}

/**
 * What is wrong with a player taking a seat, as the players' side table keeps them (D102): the player it
 * names must be there (a row removed from the side table would hide a name without an erasure), with the
 * name and salt the row's digest was made of, unless erased since (`erasureProblem` checks the erasure).
 * A log restored from the floor's copy names players the table has no names for (`unnamedUpTo`, D104).
 */
function seatedNameProblem(names: { readonly kept: Database.Statement; readonly unnamedUpTo: number } | null, name: string): string | null {
  const reference = names === null ? null : parseReference(name);
  if (names === null || reference === null) return null;
  const kept = names.kept.get(reference.player) as { name: string | null; salt: Uint8Array | null } | undefined;
  if (kept === undefined) return reference.player <= names.unnamedUpTo ? null : `it seats player ${reference.player}, whom the players' side table does not have (a player's row was removed from it)`;
  if (kept.name === null || kept.salt === null) return null;
  if (nameDigest(kept.salt, kept.name) !== reference.digest) return `the name the players' side table keeps for player ${reference.player} is not the one this row was written with (the side table was changed)`;
  return null;
}

/** What is wrong with a `player-erased` row against the players' side table (D102): it must say that player was erased there, then, by them. */
function erasureProblem(erasures: Database.Statement | null, entry: Extract<TableLogEntry, { type: 'player-erased' }>, seq: number): string | null {
  const kept = erasures?.get(entry.player) as { erased_row: number | null; erased_at: number | null; erased_by: string | null } | undefined;
  if (kept === undefined) return `it records the erasure of player ${entry.player}, whom the players' side table does not have (the side table was changed)`;
  if (kept.erased_row !== seq || kept.erased_at !== entry.at || kept.erased_by !== entry.by) return `it records the erasure of player ${entry.player}, but the players' side table does not keep that erasure here (the side table was changed: a name put back?)`;
  return null;
}

/** The words for a command whose rows do not give the hash kept at its end. */
function chainWords(first: number, command: KeptCommand, moved: MovedNames | null): string {
  const rows = first === command.last ? `row ${first} does not give the hash kept for it` : `rows ${first}–${command.last} do not give the hash kept at their end`;
  const pin = moved?.pins.get(command.last);
  if (pin !== undefined) return `${rows} (command '${command.id ?? ''}'), nor the hash the 'names-moved' record at row ${moved?.row ?? 0} pins for ${first === command.last ? 'it' : 'them'}: a row the names' move rewrote was changed since, or the pin was`;
  const pinless = moved === null ? '' : `, and the 'names-moved' record at row ${moved.row} pins no hash for ${first === command.last ? 'it' : 'them'}`;
  return `${rows} (command '${command.id ?? ''}')${pinless}: a row, its order or the command's id was changed, or a command before it removed`;
}

/** What is wrong with a snapshot kept after a row, against the row's hash, the table and the facts' cursor there; null when nothing is. */
function snapshotProblem(snapshot: KeptSnapshot, hash: string, state: TableState | undefined, cursor: FactCursor | null): string | null {
  if (snapshot.hash !== hash || !sameSnapshot(snapshot.state, state)) return 'the snapshot kept after it is not the table its rows replay to (the snapshot was changed)';
  if (cursor !== null && snapshot.facts !== canonicalJson(cursor)) return 'the report facts\' cursor kept with the snapshot after it is not where the facts stand there (the snapshot was changed)';
  return null;
}

/** One entry through the table's reducer, with the chip checks the engine's live path makes. */
export function replayChecked(state: TableState | undefined, entry: TableLogEntry): TableState {
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
 * chips that add up but went to the wrong player do not pass. The hand as it stood before its first award
 * is the table's (its undone steps taken out), so a stretch that starts inside a hand checks it too.
 */
class HandAudit {
  private beforeAwards: HandState | null = null;
  private awards: string[] = [];

  see(entry: TableLogEntry, before: TableState | undefined): void {
    if (entry.type === 'hand-started') {
      this.beforeAwards = null;
      this.awards = [];
      return;
    }
    if (entry.type === 'award') {
      if (this.beforeAwards === null) {
        const hand = before?.hand;
        if (hand === null || hand === undefined) throw new InvariantError('a pot is awarded outside a hand');
        this.beforeAwards = hand;
      }
      this.awards.push(`${entry.potIndex}:${entry.seat}:${entry.amount}`);
      return;
    }
    if (entry.type === 'hand-ended' && this.beforeAwards !== null) {
      const decided = awardOperations(this.beforeAwards).map((award: Operation) => (award.type === 'award' ? `${award.potIndex}:${award.seat}:${award.amount}` : ''));
      if (decided.join() !== this.awards.join()) throw new InvariantError(`the pots were awarded as ${this.awards.join(', ')}, but the hands shown give ${decided.join(', ')}`);
    }
  }
}

/**
 * The report facts as stored (D36), read a block at a time and checked in order against the facts the log
 * gives: every fact the log gives is stored as derived, in its place. `complete` (the caller's, at the log's
 * end) checks that no other is stored.
 */
export class StoredFacts {
  private readonly read: Database.Statement;
  private readonly blocks = new Map<string, { block: number; facts: unknown[] | null }>();
  private next: Record<FactKind, number>;

  constructor(db: Database.Database, counts: Readonly<Record<FactKind, number>>) {
    this.read = db.prepare('SELECT facts FROM fact_block WHERE kind = ? AND block = ?').pluck();
    this.next = { ...counts };
  }

  /** Back to these counts (a command's facts checked again, a row at a time). */
  rewind(counts: Readonly<Record<FactKind, number>>): void {
    this.next = { ...counts };
  }

  /** Whether the facts derived are the next ones stored of their kind. */
  matches(derived: { hands: readonly HandFact[]; events: readonly EventFact[] }): boolean {
    for (const hand of derived.hands) {
      const index = this.next.hand++;
      const row = handRow(hand);
      for (let field = 0; field < HAND_FIELDS.length; field++) {
        if (this.kept(`hand.${HAND_FIELDS[field] as string}`, index) !== row[field]) return false;
      }
    }
    for (const event of derived.events) {
      const kind = eventKind(event.entry);
      const kept = this.kept(kind, this.next[kind]++);
      if (kept === undefined || canonicalJson(kept) !== canonicalJson(eventRow(event))) return false;
    }
    return true;
  }

  /** The fact kept at `index` of a block kind, undefined when there is none. */
  private kept(kind: string, index: number): unknown {
    const block = Math.floor(index / BLOCK);
    let held = this.blocks.get(kind);
    if (held === undefined || held.block !== block) {
      const text = this.read.get(kind, block) as string | undefined;
      let facts: unknown[] | null;
      try {
        const parsed: unknown = text === undefined ? null : JSON.parse(text);
        facts = Array.isArray(parsed) ? parsed : null;
      } catch {
        facts = null;
      }
      held = { block, facts };
      this.blocks.set(kind, held);
    }
    return held.facts?.[index % BLOCK];
  }
}

/**
 * Whether the facts stored of each kind are exactly as many as the derivation gives, in whole blocks: none
 * left over, none missing. `from`: counts up to which the facts are known as they are (a checkpoint's,
 * D82): only the blocks from there on are read.
 */
export function factsComplete(db: Database.Database, counts: Readonly<Record<FactKind, number>>, from?: Readonly<Record<FactKind, number>>): boolean {
  const shape = db.prepare('SELECT count(*) AS blocks, coalesce(max(block), -1) AS last FROM fact_block WHERE kind = ?');
  const tally = db.prepare('SELECT coalesce(sum(CASE WHEN json_valid(facts) THEN json_array_length(facts) ELSE -1000000 END), 0) FROM fact_block WHERE kind = ? AND block >= ?').pluck();
  const kinds = FACT_KINDS.flatMap((kind) => {
    const first = Math.floor((from?.[kind] ?? 0) / BLOCK);
    return kind === 'hand' ? HAND_FIELDS.map((field) => ({ block: `hand.${field}`, count: counts.hand, first })) : [{ block: kind, count: counts[kind], first }];
  });
  return kinds.every(({ block, count, first }) => {
    const { blocks, last } = shape.get(block) as { blocks: number; last: number };
    return blocks === Math.ceil(count / BLOCK) && last === blocks - 1 && (tally.get(block, first) as number) === count - first * BLOCK;
  });
}

/** A stretch for a thread of its own (verify-worker.ts): the database, the snapshot row it starts at, its last row. */
export type StretchTask = { readonly path: string; readonly after: number; readonly last: number; readonly expectHead: string | undefined; readonly signal: SharedArrayBuffer };

/**
 * Where a stretch starts at a snapshot: the table, hash and facts' cursor kept there — checked by the
 * stretch before, which ends there — and whether a command up to it kept its words; null without one.
 */
export function stretchStartAt(db: Database.Database, row: number): StretchStart | null {
  const snapshot = db.prepare('SELECT hash, state, facts FROM snapshot WHERE seq = ?').get(row) as KeptSnapshot | undefined;
  if (snapshot === undefined || snapshot.facts === 'null') return null;
  // The commands kept without words are the first ones (rows from before commands were kept): one with words up to here?
  const kept = db.prepare("SELECT count(*) FROM (SELECT 1 FROM command WHERE last <= ? AND command != '' LIMIT 1)").pluck().get(row) as number;
  return { row, hash: snapshot.hash, state: snapshotState(snapshot.state), cursor: JSON.parse(snapshot.facts) as FactCursor, keptBefore: kept > 0 };
}
