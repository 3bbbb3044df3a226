import type { TableLogEntry } from '../engine/table-operations.js';
import { hourOf, inHourOrder } from './hours.js';

/** What the house collected, when and from whom. Amounts in chip units; hours as `2026-11-29T18:00Z` (UTC). */
export type CollectionsReport = {
  readonly time: {
    readonly total: number;
    /** Per clock hour of the hand it was collected before (time is collected as a hand starts). */
    readonly byHour: readonly { readonly hour: string; readonly amount: number }[];
    /** Per seat over the whole log. */
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
};

export function collectionsReport(entries: Iterable<TableLogEntry>): CollectionsReport {
  const timeByHour = new Map<string, number>();
  const rakeByHour = new Map<string, number>();
  const bySeat = new Map<number, number>();
  const rakeByHand: { hand: number; amount: number }[] = [];
  let pending = 0;
  let untimed = 0;
  let timeTotal = 0;
  let rakeTotal = 0;
  let hand = 0;
  let hour: string | null = null;
  for (const entry of entries) {
    switch (entry.type) {
      case 'time-collected':
        pending += entry.amount;
        timeTotal += entry.amount;
        bySeat.set(entry.seat, (bySeat.get(entry.seat) ?? 0) + entry.amount);
        break;
      case 'hand-positions':
        hand = entry.handNumber;
        hour = entry.at === undefined ? null : hourOf(entry.at);
        if (hour === null) untimed += pending;
        else timeByHour.set(hour, (timeByHour.get(hour) ?? 0) + pending);
        pending = 0;
        break;
      case 'hand-settled':
        if (entry.rake > 0) {
          rakeTotal += entry.rake;
          rakeByHand.push({ hand, amount: entry.rake });
          if (hour !== null) rakeByHour.set(hour, (rakeByHour.get(hour) ?? 0) + entry.rake);
        }
        break;
      default:
        break;
    }
  }
  // Time collected with no hand after it (the last command was a collection): not yet timed.
  untimed += pending;
  const sorted = (map: ReadonlyMap<string, number>) => inHourOrder(map).map(([hour, amount]) => ({ hour, amount }));
  return {
    time: { total: timeTotal, byHour: sorted(timeByHour), bySeat: [...bySeat].sort(([a], [b]) => a - b).map(([seat, amount]) => ({ seat, amount })), untimed },
    rake: { total: rakeTotal, byHand: rakeByHand, byHour: sorted(rakeByHour) },
  };
}
