import { InvariantError } from '../invariant-error.js';
import type { TableLogEntry } from '../engine/table-operations.js';
import { reduceTable } from '../engine/table-reduce.js';
import type { TableState } from '../engine/table-state.js';
import { canonicalJson } from './canonical-json.js';
import { GENESIS_HASH, linkHash, type Store } from './store.js';

export type Verification =
  | { readonly ok: true; readonly rows: number; readonly hands: number; readonly head: string }
  | { readonly ok: false; readonly row: number; readonly problem: string };

/**
 * Checks a table's log: every row links to the one before (an edited, deleted, inserted or reordered
 * row breaks the chain at that row), the head agrees with the last row (a log cut short shows), and the
 * operations replay through the engine with every chip accounted for: each hand's stacks and rake add up
 * to the chips it began with, the seats take exactly the hand's final stacks, and between hands the seats
 * hold what came in less what left and what the house took. `expectHead`, kept outside the database
 * (a printed summary, a regulator's copy), also catches a log cut short with its head rewritten.
 */
export function verifyLog(store: Store, expectHead?: string): Verification {
  let previous = GENESIS_HASH;
  let expectedSeq = 1;
  let state: TableState | undefined;
  let hands = 0;
  // Snapshots are derived data: each must be the table the rows before it replay to.
  const snapshots = new Map<number, { hash: string; state: string }>();
  for (const snapshot of store.snapshots()) snapshots.set(snapshot.seq, snapshot);
  for (const row of store.rows()) {
    const bad = (problem: string): Verification => ({ ok: false, row: row.seq, problem });
    if (row.seq !== expectedSeq) return bad(`row ${expectedSeq} is missing: the next row is ${row.seq}`);
    if (row.prev_hash !== previous) return bad('it does not link to the row before it (a row before it was changed, removed or moved)');
    if (linkHash(row.prev_hash, row.payload) !== row.hash) return bad('its content does not match its hash (the row was changed)');
    let entry: TableLogEntry;
    try {
      entry = JSON.parse(row.payload) as TableLogEntry;
    } catch {
      return bad('its payload is not JSON');
    }
    try {
      state = replayChecked(state, entry);
    } catch (error) {
      if (error instanceof InvariantError || error instanceof TypeError || error instanceof RangeError) return bad(`it does not replay: ${error.message}`);
      throw error;
    }
    if (entry.type === 'hand-settled') hands++;
    const snapshot = snapshots.get(row.seq);
    if (snapshot !== undefined && (snapshot.hash !== row.hash || snapshot.state !== canonicalJson(state))) {
      return bad('the snapshot kept after it is not the table its rows replay to (the snapshot was changed)');
    }
    previous = row.hash;
    expectedSeq++;
  }
  const head = store.storedHead();
  if (head.seq !== expectedSeq - 1 || head.hash !== previous) {
    return { ok: false, row: expectedSeq, problem: `the log ends at row ${expectedSeq - 1} but its head says row ${head.seq}: rows are missing at the end` };
  }
  if (expectHead !== undefined && expectHead !== previous) return { ok: false, row: expectedSeq - 1, problem: `the chain's head ${previous} is not the expected ${expectHead}` };
  return { ok: true, rows: expectedSeq - 1, hands, head: previous };
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
  if (entry.type === 'hand-settled' || entry.type === 'left' || entry.type === 'seated') {
    const { buyIns, cashOuts, timeCollected, rake, adjustments } = next.totals;
    const seated = next.seats.reduce((sum, player) => sum + (player?.stack ?? 0), 0);
    const between = next.hand === null || next.hand.phase.kind === 'complete';
    if (between && seated !== buyIns - cashOuts - timeCollected - rake + adjustments) {
      throw new InvariantError(`the seats hold ${seated}, but ${buyIns - cashOuts - timeCollected - rake + adjustments} came in and stayed`);
    }
  }
  return next;
}
