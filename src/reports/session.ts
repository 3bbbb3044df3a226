import type { Operation } from '../engine/operations.js';
import type { TableLogEntry } from '../engine/table-operations.js';

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
  for (const entry of entries) {
    switch (entry.type) {
      case 'hand-positions':
        hand = entry.handNumber;
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
  };
}
