import type { TableState } from '../engine/table/table-state.js';
import type { ReportedPlayer } from './player-names.js';
import { type Facts, inLogOrder, inWindow, WHOLE_LOG, type Window } from './facts.js';

/** One player's stay at a seat: from sitting down to leaving (or still there). Amounts in chip units. */
export type SeatStay = ReportedPlayer & {
  readonly seat: number;
  /** Sat down before the report's period: the buy-in is in the opening chips, not here (0). */
  readonly seatedBefore: boolean;
  readonly buyIn: number;
  readonly topUps: number;
  /** What they took when they left; null while they are still seated (at the period's end). */
  readonly cashOut: number | null;
  /** Time collected from them. */
  readonly timeCollected: number;
  /** Time due when they left that their chips did not cover (D41): not chips, a debt (owed again on a return within the window). */
  readonly timeUnpaid: number;
  /** The floor's stack corrections (positive: chips added). */
  readonly adjustments: number;
};

/**
 * Chips in and out of a cash table over a period (by default its whole log), and whether they reconcile:
 * opening chips + buy-ins + top-ups − cash-outs − time − rake + corrections = closing chips (`expected`).
 * For a period that reaches the present the closing chips are compared with the table's own (`onTable`:
 * stacks, and chips in a hand still being played); `counted`, the croupier's count, gives the difference.
 */
export type CashFlow = {
  readonly window: Window;
  readonly stays: readonly SeatStay[];
  readonly totals: {
    /** The chips on the table at the period's start, by the movements before it (0 for the whole log). */
    readonly opening: number;
    readonly buyIns: number;
    readonly topUps: number;
    readonly cashOuts: number;
    readonly timeCollected: number;
    readonly rake: number;
    readonly adjustments: number;
    /** What the opening and the movements leave on the table. */
    readonly expected: number;
    /** What the table holds by the log now, for a period that reaches the present; else null. */
    readonly onTable: number | null;
    /** onTable − expected: 0 unless the log itself is broken; null with onTable. */
    readonly unexplained: number | null;
    /**
     * Time players left owing in the period (their chips did not cover it), less what a return within the
     * period brought back to a seat: outside the chip count, a debt.
     */
    readonly timeUnpaid: number;
  };
  /** The croupier's count and its difference from the chips on the table, when a count is given. */
  readonly count: { readonly counted: number; readonly difference: number } | null;
};

type Movements = { buyIns: number; topUps: number; cashOuts: number; timeCollected: number; rake: number; adjustments: number };

/**
 * The cash flow of the facts in `window`. `table`, the table as the log leaves it, gives the chips on
 * the table for a period that reaches the present (a count needs it).
 */
export function cashFlow(facts: Facts, counted: number | null = null, table: TableState | null = null, window: Window = WHOLE_LOG): CashFlow {
  const stays: { -readonly [K in keyof SeatStay]: SeatStay[K] }[] = [];
  const seated = new Map<number, { seat: number; name: string }>();
  const current = new Map<number, (typeof stays)[number]>();
  const before: Movements = { buyIns: 0, topUps: 0, cashOuts: 0, timeCollected: 0, rake: 0, adjustments: 0 };
  const during: Movements = { ...before };
  let timeUnpaid = 0;
  // Debts left in the period, by player: a return in the period owes them again, so they are not unpaid.
  const leftOwing = new Map<string, number>();
  // The stay a movement in the period belongs to: opened when it is the seat's first in the period.
  const stayAt = (seat: number): (typeof stays)[number] => {
    const open = current.get(seat);
    if (open !== undefined) return open;
    const player = seated.get(seat);
    if (player === undefined) throw new RangeError(`the log moves chips at seat ${seat}, where nobody sits`);
    const stay = { seat, name: player.name, seatedBefore: true, buyIn: 0, topUps: 0, cashOut: null, timeCollected: 0, timeUnpaid: 0, adjustments: 0 };
    stays.push(stay);
    current.set(seat, stay);
    return stay;
  };
  // After the period: not counted. Untimed facts (older logs) come before any timed one.
  const after = (at: number | null): boolean => at !== null && !inWindow(at, window) && (window.from === null || at >= window.from);
  // The log's order is the truth: a row never falls before one written ahead of it, whatever its clock
  // said (a clock set back, a sender's own time). So a period is one stretch of the log, and a top-up is
  // never counted in a period whose player sat down after it.
  let latest: number | null = null;
  const inOrder = (at: number | null): number | null => {
    if (at !== null && (latest === null || at > latest)) latest = at;
    return at === null ? null : latest;
  };
  const { hands } = facts;
  inLogOrder(
    facts,
    (index) => {
      const at = inOrder(hands.at[index] ?? null);
      if (hands.voided[index] === true || after(at)) return;
      (inWindow(at, window) ? during : before).rake += hands.rake[index] as number;
    },
    (fact) => {
      const at = inOrder(fact.at);
      const { entry } = fact;
      if (after(at)) return;
      const inPeriod = inWindow(at, window);
      const sums = inPeriod ? during : before;
      switch (entry.type) {
        case 'seated': {
          sums.buyIns += entry.stack;
          const carried = Math.min(entry.timeDue ?? 0, leftOwing.get(entry.name) ?? 0);
          if (inPeriod && carried > 0) {
            timeUnpaid -= carried;
            leftOwing.delete(entry.name);
          }
          seated.set(entry.seat, { seat: entry.seat, name: entry.name });
          current.delete(entry.seat);
          if (inPeriod) {
            const stay = { seat: entry.seat, name: entry.name, seatedBefore: false, buyIn: entry.stack, topUps: 0, cashOut: null, timeCollected: 0, timeUnpaid: 0, adjustments: 0 };
            stays.push(stay);
            current.set(entry.seat, stay);
          }
          break;
        }
        case 'topped-up':
          sums.topUps += entry.amount;
          if (inPeriod) stayAt(entry.seat).topUps += entry.amount;
          break;
        case 'time-collected':
          sums.timeCollected += entry.amount;
          if (inPeriod) stayAt(entry.seat).timeCollected += entry.amount;
          break;
        case 'stack-adjusted':
          sums.adjustments += entry.amount;
          if (inPeriod) stayAt(entry.seat).adjustments += entry.amount;
          break;
        case 'left':
          sums.cashOuts += entry.stack;
          if (inPeriod) {
            const stay = stayAt(entry.seat);
            stay.cashOut = entry.stack;
            stay.timeUnpaid = entry.timeDue ?? 0;
            timeUnpaid += entry.timeDue ?? 0;
            if (entry.timeDue !== undefined) leftOwing.set(entry.name, entry.timeDue);
          }
          seated.delete(entry.seat);
          current.delete(entry.seat);
          break;
        default:
          break;
      }
    },
  );
  const opening = left(before);
  const expected = opening + left(during);
  // Only a period that reaches the present can be compared with the table as it is now.
  const onTable = table === null || window.to !== null ? null : chipsOnTable(table);
  return {
    window,
    stays,
    totals: { opening, ...during, expected, onTable, unexplained: onTable === null ? null : onTable - expected, timeUnpaid },
    count: counted === null || onTable === null ? null : { counted, difference: counted - onTable },
  };
}

/** What movements leave on the table. */
function left(sums: Movements): number {
  return sums.buyIns + sums.topUps - sums.cashOuts - sums.timeCollected - sums.rake + sums.adjustments;
}

/** The chip reconciliation of a table: its session totals (buy-ins with top-ups), what they leave, what is there. */
export function reconcile(state: TableState): { buyIns: number; cashOuts: number; timeCollected: number; rake: number; adjustments: number; expected: number; onTable: number; unexplained: number } {
  const { buyIns, cashOuts, timeCollected, rake, adjustments } = state.totals;
  const expected = buyIns - cashOuts - timeCollected - rake + adjustments;
  const onTable = chipsOnTable(state);
  return { buyIns, cashOuts, timeCollected, rake, adjustments, expected, onTable, unexplained: onTable - expected };
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
