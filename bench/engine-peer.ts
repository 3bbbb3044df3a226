/**
 * The poker-ts side of `npm run bench:engine`, run in a worker thread so that a hang inside poker-ts can
 * be stopped. Plays `hands` random 6-max no-limit hands with the same action policy as Felt's side
 * and posts progress every 100 hands.
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { SeededRandom } from '../src/cards/random.js';
import { PLAYERS, randomStacks } from './six-max.js';

const require = createRequire(import.meta.url);

type PokerTsTable = {
  sitDown(seat: number, chips: number): void;
  startHand(seat?: number): void;
  isHandInProgress(): boolean;
  isBettingRoundInProgress(): boolean;
  areBettingRoundsCompleted(): boolean;
  legalActions(): { actions: string[]; chipRange?: { min: number; max: number } };
  actionTaken(action: string, betSize?: number): void;
  endBettingRound(): void;
  showdown(): void;
  seats(): ({ totalChips: number } | null)[];
};
type PokerTs = { Table: new (forcedBets: { ante?: number; bigBlind: number; smallBlind: number }, seats?: number) => PokerTsTable };

/** Plays one poker-ts hand; false when it lost or made chips, or could not finish the hand. */
export function playPokerTsHand(pokerTs: PokerTs, random: SeededRandom, stacks: number[], policy: 'calling' | 'uniform'): boolean {
  const table = new pokerTs.Table({ smallBlind: 5, bigBlind: 10 }, PLAYERS);
  stacks.forEach((stack, seat) => table.sitDown(seat, stack));
  const before = stacks.reduce((sum, stack) => sum + stack, 0);
  table.startHand();
  let steps = 0;
  while (table.isHandInProgress()) {
    // poker-ts sometimes never ends a hand (seen with all-ins): give up on it and count it as broken.
    if (++steps > 1000) return false;
    while (table.isBettingRoundInProgress()) {
      if (++steps > 1000) return false;
      const { actions, chipRange } = table.legalActions();
      const canRaise = chipRange !== undefined && (actions.includes('bet') || actions.includes('raise'));
      if (policy === 'uniform') {
        // The same kinds as Felt's side: fold facing a bet, check or call, bet or raise, all-in (raise to the maximum).
        const kinds: string[] = [];
        if (actions.includes('fold') && actions.includes('call')) kinds.push('fold');
        kinds.push(actions.includes('check') ? 'check' : 'call');
        if (canRaise) kinds.push('raise', 'all-in');
        const kind = kinds[random.nextInt(kinds.length)] as string;
        const raise = actions.includes('bet') ? 'bet' : 'raise';
        if (kind === 'raise' && chipRange !== undefined) table.actionTaken(raise, chipRange.min + random.nextInt(Math.min(chipRange.max - chipRange.min, 200) + 1));
        else if (kind === 'all-in' && chipRange !== undefined) table.actionTaken(raise, chipRange.max);
        else table.actionTaken(kind);
        continue;
      }
      const roll = random.nextInt(100);
      if (roll < 15 && actions.includes('fold') && actions.includes('call')) table.actionTaken('fold');
      else if (roll < 28 && canRaise) {
        const { min, max } = chipRange;
        table.actionTaken(actions.includes('bet') ? 'bet' : 'raise', roll < 25 ? min + random.nextInt(Math.min(max - min, 200) + 1) : max);
      } else table.actionTaken(actions.includes('check') ? 'check' : 'call');
    }
    table.endBettingRound();
    if (table.areBettingRoundsCompleted()) table.showdown();
  }
  const after = table.seats().reduce((sum, seat) => sum + (seat?.totalChips ?? 0), 0);
  return after === before;
}



const { hands, seed, policy } = workerData as { hands: number; seed: number; policy: 'calling' | 'uniform' };
const pokerTs = require('poker-ts') as PokerTs;
const random = new SeededRandom(seed);
let broken = 0;
const started = performance.now();
for (let hand = 1; hand <= hands; hand++) {
  if (!playPokerTsHand(pokerTs, random, randomStacks(random), policy)) broken++;
  if (hand % 100 === 0 || hand === hands) {
    parentPort?.postMessage({ hands: hand, seconds: (performance.now() - started) / 1000, broken, done: hand === hands });
  }
}
