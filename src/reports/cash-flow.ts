import type { TableLogEntry } from '../engine/table-operations.js';
import { reduceTable } from '../engine/table-reduce.js';
import type { TableState } from '../engine/table-state.js';

/** One player's stay at a seat: from sitting down to leaving (or still there). Amounts in chip units. */
export type SeatStay = {
  readonly seat: number;
  readonly name: string;
  readonly buyIn: number;
  readonly topUps: number;
  /** What they took when they left; null while they are still seated. */
  readonly cashOut: number | null;
  /** Time collected from them. */
  readonly timeCollected: number;
  /** The floor's stack corrections (positive: chips added). */
  readonly adjustments: number;
};

/**
 * Chips in and out of a cash table over its log, and whether they reconcile: buy-ins + top-ups −
 * cash-outs − time − rake + corrections = the chips on the table (stacks, and chips in a hand still
 * being played). `counted`, the croupier's count of the chips on the table, gives the difference.
 */
export type CashFlow = {
  readonly stays: readonly SeatStay[];
  readonly totals: {
    readonly buyIns: number;
    readonly topUps: number;
    readonly cashOuts: number;
    readonly timeCollected: number;
    readonly rake: number;
    readonly adjustments: number;
    /** What the movements above leave on the table. */
    readonly expected: number;
    /** What the table holds by the log: every stack, and the chips of a hand in play. */
    readonly onTable: number;
    /** onTable − expected: 0 unless the log itself is broken. */
    readonly unexplained: number;
  };
  /** The croupier's count and its difference from the log's chips on the table, when a count is given. */
  readonly count: { readonly counted: number; readonly difference: number } | null;
};

/**
 * `table`: the table as the log leaves it, when the caller has it (the live table): then the log is only
 * read, not folded into the table again (which costs as much as a replay).
 */
export function cashFlow(entries: Iterable<TableLogEntry>, counted: number | null = null, table: TableState | null = null): CashFlow {
  const stays: { -readonly [K in keyof SeatStay]: SeatStay[K] }[] = [];
  const current = new Map<number, (typeof stays)[number]>();
  let state: TableState | undefined;
  let topUps = 0;
  for (const entry of entries) {
    if (table === null) state = reduceTable(state, entry);
    switch (entry.type) {
      case 'seated': {
        const stay = { seat: entry.seat, name: entry.name, buyIn: entry.stack, topUps: 0, cashOut: null, timeCollected: 0, adjustments: 0 };
        stays.push(stay);
        current.set(entry.seat, stay);
        break;
      }
      case 'topped-up':
        topUps += entry.amount;
        stayAt(current, entry.seat).topUps += entry.amount;
        break;
      case 'time-collected':
        stayAt(current, entry.seat).timeCollected += entry.amount;
        break;
      case 'stack-adjusted':
        stayAt(current, entry.seat).adjustments += entry.amount;
        break;
      case 'left':
        stayAt(current, entry.seat).cashOut = entry.stack;
        current.delete(entry.seat);
        break;
      default:
        break;
    }
  }
  state = table ?? state;
  if (state === undefined) throw new RangeError('the log holds no table');
  const reconciled = reconcile(state);
  return {
    stays,
    // The engine's buy-ins count top-ups too; the report shows them apart.
    totals: { ...reconciled, buyIns: reconciled.buyIns - topUps, topUps },
    count: counted === null ? null : { counted, difference: counted - reconciled.onTable },
  };
}

/** The chip reconciliation of a table: its session totals (buy-ins with top-ups), what they leave, what is there. */
export function reconcile(state: TableState): Omit<CashFlow['totals'], 'topUps'> {
  const { buyIns, cashOuts, timeCollected, rake, adjustments } = state.totals;
  const expected = buyIns - cashOuts - timeCollected - rake + adjustments;
  const onTable = chipsOnTable(state);
  return { buyIns, cashOuts, timeCollected, rake, adjustments, expected, onTable, unexplained: onTable - expected };
}

function stayAt<T>(current: ReadonlyMap<number, T>, seat: number): T {
  const stay = current.get(seat);
  if (stay === undefined) throw new RangeError(`the log moves chips at seat ${seat}, where nobody sits`);
  return stay;
}

/**
 * Every stack; for the players of a hand in play, the chips they brought into it (stacks, bets, pots and
 * a rake not yet settled — the engine keeps that sum constant through the hand).
 */
function chipsOnTable(state: TableState): number {
  const hand = state.hand;
  if (hand === null || hand.phase.kind === 'complete') return state.seats.reduce((sum, player) => sum + (player?.stack ?? 0), 0);
  const inHand = new Set(hand.players.map((player) => player.seat));
  const outside = state.seats.reduce((sum, player) => sum + (player === null || inHand.has(player.seat) ? 0 : player.stack), 0);
  return outside + hand.chipsInPlay;
}
