import type { Operation } from '../engine/operations.js';
import type { TableLogEntry } from '../engine/table-operations.js';
import { hourOf, inHourOrder } from './hours.js';

/** A table's hands in numbers. Pots are what the hand awarded (after rake); amounts in chip units. */
export type SessionReport = {
  /** Hands played to the end (their pots awarded). */
  readonly handsPlayed: number;
  /** Hands voided by a misdeal. */
  readonly handsVoided: number;
  readonly potTotal: number;
  /** The mean pot, rounded down to a whole chip. */
  readonly averagePot: number;
  readonly largestPot: { readonly hand: number; readonly amount: number } | null;
  /** Players dealt in, per hand played: the mean (two decimals) and how many hands had each number of players. */
  readonly playersPerHand: { readonly average: number; readonly hands: Readonly<Record<string, number>> };
  readonly rake: number;
  /** When the first and the last hand played started (ms since the epoch), and hands played per clock hour (UTC). */
  readonly time: {
    readonly first: number | null;
    readonly last: number | null;
    /** Hands played per hour between the first hand's start and the last one's; null under two timed hands. */
    readonly handsPerHour: number | null;
    readonly byHour: readonly { readonly hour: string; readonly hands: number }[];
    /** Hands played whose start the log does not hold (logs from before it was kept). */
    readonly untimed: number;
  };
};

/** The session's hands from the log: counted once each, voided hands apart, undone awards not counted. */
export function sessionReport(entries: Iterable<TableLogEntry>): SessionReport {
  let handsPlayed = 0;
  let handsVoided = 0;
  let potTotal = 0;
  let rake = 0;
  let players = 0;
  const byPlayers: Record<string, number> = {};
  let largest: { hand: number; amount: number } | null = null;
  let hand = 0;
  let dealtIn = 0;
  let awarded = 0;
  let startedAt: number | null = null;
  let first: number | null = null;
  let last: number | null = null;
  let timed = 0;
  let untimed = 0;
  const byHour = new Map<string, number>();
  for (const entry of entries) {
    switch (entry.type) {
      case 'hand-positions':
        hand = entry.handNumber;
        startedAt = entry.at ?? null;
        break;
      case 'hand-started':
        dealtIn = entry.players.length;
        awarded = 0;
        break;
      case 'award':
        awarded += entry.amount;
        break;
      case 'step-undone':
        awarded -= entry.undone.reduce((sum: number, operation: Operation) => sum + (operation.type === 'award' ? operation.amount : 0), 0);
        break;
      case 'hand-voided':
        handsVoided++;
        break;
      case 'hand-settled':
        handsPlayed++;
        potTotal += awarded;
        rake += entry.rake;
        players += dealtIn;
        byPlayers[String(dealtIn)] = (byPlayers[String(dealtIn)] ?? 0) + 1;
        if (largest === null || awarded > largest.amount) largest = { hand, amount: awarded };
        if (startedAt === null) untimed++;
        else {
          timed++;
          first ??= startedAt;
          last = startedAt;
          byHour.set(hourOf(startedAt), (byHour.get(hourOf(startedAt)) ?? 0) + 1);
        }
        break;
      default:
        break;
    }
  }
  return {
    handsPlayed,
    handsVoided,
    potTotal,
    averagePot: handsPlayed === 0 ? 0 : Math.floor(potTotal / handsPlayed),
    largestPot: largest,
    playersPerHand: { average: handsPlayed === 0 ? 0 : Math.round((players * 100) / handsPlayed) / 100, hands: byPlayers },
    rake,
    time: {
      first,
      last,
      // n hands started over the span from the first start to the last: n − 1 intervals.
      handsPerHour: first === null || last === null || last <= first || timed < 2 ? null : Math.round(((timed - 1) * 3_600_000 * 100) / (last - first)) / 100,
      byHour: inHourOrder(byHour).map(([hour, hands]) => ({ hour, hands })),
      untimed,
    },
  };
}
