import { type Facts, inLogOrder } from './facts.js';
import { hourOf, inHourOrder } from './hours.js';
import { type DealerShift, dealerShifts } from './shifts.js';

/** What the house collected, when and from whom. Amounts in chip units; hours as `2026-11-29T18:00Z` (UTC). */
export type CollectionsReport = {
  readonly time: {
    readonly total: number;
    /** Per clock hour of the hand it was collected before (time is collected as a hand starts). */
    readonly byHour: readonly { readonly hour: string; readonly amount: number }[];
    /** Per seat. */
    readonly bySeat: readonly { readonly seat: number; readonly amount: number }[];
    /** Collected before hands whose time the log does not hold (logs from before it was kept). */
    readonly untimed: number;
  };
  readonly rake: {
    readonly total: number;
    /** Every hand that paid rake. */
    readonly byHand: readonly { readonly hand: number; readonly amount: number }[];
    readonly byHour: readonly { readonly hour: string; readonly amount: number }[];
  };
  /** Per dealer shift: the hands dealt and the time and rake collected in it (time counts with the hand it was collected before). */
  readonly shifts: readonly DealerShift[];
};

export function collectionsReport(facts: Facts): CollectionsReport {
  const timeByHour = new Map<string, number>();
  const rakeByHour = new Map<string, number>();
  const bySeat = new Map<number, number>();
  const rakeByHand: { hand: number; amount: number }[] = [];
  let untimed = 0;
  let timeTotal = 0;
  let rakeTotal = 0;
  const hands = facts.hands;
  inLogOrder(
    facts,
    (index) => {
      const at = hands.at[index] ?? null;
      if (hands.voided[index] === true) return;
      const rake = hands.rake[index] as number;
      if (rake > 0) {
        rakeTotal += rake;
        rakeByHand.push({ hand: hands.hand[index] as number, amount: rake });
        if (at !== null) rakeByHour.set(hourOf(at), (rakeByHour.get(hourOf(at)) ?? 0) + rake);
      }
    },
    ({ entry, at }) => {
      if (entry.type !== 'time-collected') return;
      timeTotal += entry.amount;
      bySeat.set(entry.seat, (bySeat.get(entry.seat) ?? 0) + entry.amount);
      if (at === null) untimed += entry.amount;
      else timeByHour.set(hourOf(at), (timeByHour.get(hourOf(at)) ?? 0) + entry.amount);
    },
  );
  const sorted = (map: ReadonlyMap<string, number>) => inHourOrder(map).map(([hour, amount]) => ({ hour, amount }));
  return {
    time: { total: timeTotal, byHour: sorted(timeByHour), bySeat: [...bySeat].sort(([a], [b]) => a - b).map(([seat, amount]) => ({ seat, amount })), untimed },
    rake: { total: rakeTotal, byHand: rakeByHand, byHour: sorted(rakeByHour) },
    shifts: dealerShifts(facts),
  };
}
