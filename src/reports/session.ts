import type { Facts } from './facts.js';
import { HandLengths, handsPerHour, hourOf, noPace } from './hours.js';
import { byDealer, type DealerFigures, pacedShifts } from './shifts.js';

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
    /**
     * Hands played per hour, each hand lasting from its start to the next hand's (the last hand, whose end
     * is not in the log yet, not counted: `handsPerHour`, as for each dealer, D45); null while no played
     * hand's length is known.
     */
    readonly handsPerHour: number | null;
    /**
     * Per clock hour: hands played, and the seats' occupancy at their starts — players dealt in and seats
     * taken (sitting out included), each the mean over the hour's hands (two decimals).
     */
    readonly byHour: readonly { readonly hour: string; readonly hands: number; readonly players: number; readonly seated: number }[];
    /** Hands played whose start the log does not hold (logs from before it was kept). */
    readonly untimed: number;
  };
  /** Per dealer on duty (signed in): hands dealt, time on duty, hands per hour (D45: the hands' own lengths). */
  readonly dealers: readonly DealerFigures[];
};

/** The session's hands from their facts: counted once each, voided hands apart, undone awards not counted. */
export function sessionReport(facts: Facts): SessionReport {
  let handsPlayed = 0;
  let handsVoided = 0;
  let potTotal = 0;
  let rake = 0;
  let players = 0;
  const byPlayers: Record<string, number> = {};
  let largest: { hand: number; amount: number } | null = null;
  let first: number | null = null;
  let last: number | null = null;
  let untimed = 0;
  const pace = noPace();
  const lengths = new HandLengths();
  const byHour = new Map<string, { hands: number; players: number; seated: number }>();
  const hands = facts.hands;
  for (let index = 0; index < hands.seq.length; index++) {
    const at = hands.at[index] ?? null;
    lengths.started(at, pace, hands.voided[index] !== true);
    if (hands.voided[index] === true) {
      handsVoided++;
      continue;
    }
    const dealtIn = hands.players[index] as number;
    const awarded = hands.awarded[index] as number;
    handsPlayed++;
    potTotal += awarded;
    rake += hands.rake[index] as number;
    players += dealtIn;
    byPlayers[String(dealtIn)] = (byPlayers[String(dealtIn)] ?? 0) + 1;
    if (largest === null || awarded > largest.amount) largest = { hand: hands.hand[index] as number, amount: awarded };
    if (at === null) {
      untimed++;
      continue;
    }
    first ??= at;
    last = at;
    const hour = hourOf(at);
    const sums = byHour.get(hour);
    if (sums === undefined) byHour.set(hour, { hands: 1, players: dealtIn, seated: hands.seated[index] as number });
    else {
      sums.hands++;
      sums.players += dealtIn;
      sums.seated += hands.seated[index] as number;
    }
  }
  return {
    handsPlayed,
    handsVoided,
    potTotal,
    averagePot: handsPlayed === 0 ? 0 : Math.floor(potTotal / handsPlayed),
    largestPot: largest,
    playersPerHand: { average: mean(players, handsPlayed), hands: byPlayers },
    rake,
    time: {
      first,
      last,
      handsPerHour: handsPerHour(pace),
      byHour: [...byHour]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([hour, sums]) => ({ hour, hands: sums.hands, players: mean(sums.players, sums.hands), seated: mean(sums.seated, sums.hands) })),
      untimed,
    },
    dealers: byDealer(pacedShifts(facts)),
  };
}

/** A mean to two decimals. */
function mean(total: number, count: number): number {
  return count === 0 ? 0 : Math.round((total * 100) / count) / 100;
}
