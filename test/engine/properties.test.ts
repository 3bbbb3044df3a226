import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../src/cards/random.js';
import { apply } from '../../src/engine/hand/apply.js';
import { getLegalActions } from '../../src/engine/hand/betting.js';
import { buildPots } from '../../src/engine/hand/pots.js';
import { replay } from '../../src/engine/hand/reduce.js';
import { RuleViolation } from '../../src/engine/rule-violation.js';
import type { Player, Pot } from '../../src/engine/hand/state.js';
import { playRandomHand, randomLegalCommand, STRUCTURES } from '../support/random-hand.js';

/**
 * E9 worked out the long way, apart from the engine's `buildPots` (a check of it, not a copy): every distinct
 * amount put in by a player still in the hand is a level, sorted; a level's pot holds each player's chips
 * between the level below and it, the top one everything above the level below (folded chips included),
 * and is shared by those still in for at least the level; the table's dead money goes to the main pot.
 */
function referencePots(players: readonly Player[], deadMoney: number): Pot[] {
  const inHand = players.filter((player) => player.status !== 'folded');
  const levels = [...new Set(inHand.map((player) => player.committed).filter((committed) => committed > 0))].sort((a, b) => a - b);
  if (levels.length === 0) {
    const amount = deadMoney + players.reduce((sum, player) => sum + player.committed, 0);
    return amount === 0 ? [] : [{ amount, eligible: inHand.map((player) => player.seat) }];
  }
  const pots = levels
    .map((level, index) => {
      const below = index === 0 ? 0 : (levels[index - 1] as number);
      const top = index === levels.length - 1;
      const amount = players.reduce((sum, player) => sum + Math.max(0, (top ? player.committed : Math.min(player.committed, level)) - below), 0);
      return { amount, eligible: inHand.filter((player) => player.committed >= level).map((player) => player.seat) };
    })
    .filter((pot) => pot.amount > 0);
  const main = pots[0];
  if (main !== undefined) pots[0] = { amount: main.amount + deadMoney, eligible: main.eligible };
  return pots;
}

const handArbitrary = fc.record({
  seed: fc.integer({ min: 0, max: 0xffffffff }),
  players: fc.integer({ min: 2, max: 10 }),
  structure: fc.constantFrom(...STRUCTURES),
  ante: fc.constantFrom(0, 0, 1, 5),
  bigBlindAnte: fc.constantFrom(0, 0, 10),
  straddle: fc.constantFrom(0, 0, 20),
  rake: fc.constantFrom(null, { basisPoints: 500, cap: 30, noFlopNoDrop: true }),
  unseenHoleCards: fc.boolean(),
  tableBlinds: fc.boolean(),
  irregularities: fc.boolean(),
});

describe('engine properties over random legal hands (2–10 players, every structure)', () => {
  it('conserves chips, replays to the identical state, and awards only pots a player is eligible for', () => {
    fc.assert(
      fc.property(handArbitrary, ({ seed, players, structure, ante, bigBlindAnte, straddle, rake, unseenHoleCards, tableBlinds, irregularities }) => {
        const hand = playRandomHand(seed, { players, structure, config: { ante, bigBlindAnte, straddle, rake }, unseenHoleCards, tableBlinds, irregularities });
        const { state, log } = hand;
        const start = hand.start.players.reduce((sum, player) => sum + player.stack, 0);
        const end = state.players.reduce((sum, player) => sum + player.stack, 0) + state.rake;
        expect(end).toBe(start);
        expect(state.pots.every((pot) => pot.amount === 0)).toBe(true);
        expect(replay(log)).toEqual(state);
        // The status counters record keeps equal the statuses, at every step of the hand.
        for (let end = 1; end <= log.length; end += 7) {
          const step = replay(log.slice(0, end));
          expect([step.activeCount, step.inHandCount]).toEqual([
            step.players.filter((player) => player.status === 'active').length,
            step.players.filter((player) => player.status !== 'folded').length,
          ]);
        }
        // Every collect holds the pots worked out afresh from what each player put in (by the reference
        // above, not by the engine's own buildPots), also where a round without a chip put in or a fold
        // kept the last collect's pots.
        log.forEach((operation, index) => {
          if (operation.type !== 'collect') return;
          const before = replay(log.slice(0, index));
          expect(operation.pots).toEqual(referencePots(before.players, before.deadMoney));
        });
        for (const award of state.awards) {
          expect(state.pots[award.potIndex]?.eligible).toContain(award.seat);
        }
        // Nobody wins more from another player than they themselves put in (plus the table's dead money).
        for (const player of state.players) {
          const won = state.awards.filter((award) => award.seat === player.seat).reduce((sum, award) => sum + award.amount, 0);
          const coverable = state.deadMoney + state.players.reduce((sum, other) => sum + Math.min(other.committed, player.committed), 0);
          expect(won).toBeLessThanOrEqual(coverable);
        }
      }),
      { numRuns: 1500, seed: 7 },
    );
  });

  it('accepts every action getLegalActions offers and rejects amounts just outside it', () => {
    fc.assert(
      fc.property(handArbitrary, ({ seed, players, structure, ante, bigBlindAnte, straddle, tableBlinds }) => {
        const random = new SeededRandom((seed ^ 0x5bd1e995) >>> 0);
        // From the first betting decision of a random hand, probe each decision, then take a random legal action.
        const { log } = playRandomHand(seed, { players, structure, config: { ante, bigBlindAnte, straddle }, tableBlinds });
        let current = replay(log.slice(0, log.findIndex((operation) => operation.type === 'betting-round') + 2));
        let probed = 0;
        while (current.phase.kind === 'betting' && probed < 12) {
          const legal = getLegalActions(current);
          if (legal === null) break;
          const range = legal.betOrRaise;
          if (range !== null) {
            expect(() => apply(current, { type: 'bet', to: range.min })).not.toThrow();
            expect(() => apply(current, { type: 'bet', to: range.max })).not.toThrow();
            if (range.min - 1 > current.currentBet && range.min - 1 !== legal.allIn) {
              expect(() => apply(current, { type: 'bet', to: range.min - 1 })).toThrow(RuleViolation);
            }
            if (range.max + 1 !== legal.allIn) expect(() => apply(current, { type: 'bet', to: range.max + 1 })).toThrow(RuleViolation);
          } else {
            const above = current.currentBet + 1;
            if (above !== legal.allIn) expect(() => apply(current, { type: 'bet', to: above })).toThrow(RuleViolation);
          }
          if (legal.check) expect(() => apply(current, { type: 'check' })).not.toThrow();
          else expect(() => apply(current, { type: 'check' })).toThrow(RuleViolation);
          if (legal.call !== null) expect(() => apply(current, { type: 'call' })).not.toThrow();
          else expect(() => apply(current, { type: 'call' })).toThrow(RuleViolation);
          if (legal.allIn !== null) expect(() => apply(current, { type: 'all-in' })).not.toThrow();
          else expect(() => apply(current, { type: 'all-in' })).toThrow(RuleViolation);
          expect(() => apply(current, { type: 'fold' })).not.toThrow();
          current = apply(current, randomLegalCommand(current, random)).state;
          probed++;
        }
      }),
      { numRuns: 700, seed: 11 },
    );
  });
});

describe('E9 pots for any amounts put in', () => {
  // Few distinct amounts, so that players tie at a level, fold above the top one, or put in nothing.
  const playerArbitrary = fc.record({ committed: fc.constantFrom(0, 50, 100, 100, 300, 400), status: fc.constantFrom<Player['status']>('active', 'all-in', 'folded') });

  it('buildPots gives the pots worked out the long way, chip for chip, for 1–9 players and any dead money', () => {
    fc.assert(
      fc.property(fc.array(playerArbitrary, { minLength: 1, maxLength: 9 }), fc.constantFrom(0, 0, 10, 15), (drawn, deadMoney) => {
        const players: Player[] = drawn.map(({ committed, status }, index) => ({ seat: index + 1, stack: 0, bet: 0, committed, status, holeCards: [], actedAt: null, showdown: null }));
        const pots = buildPots(players, deadMoney);
        expect(pots).toEqual(referencePots(players, deadMoney));
        // Not a chip lost or made.
        expect(pots.reduce((sum, pot) => sum + pot.amount, 0)).toBe(deadMoney + players.reduce((sum, player) => sum + player.committed, 0));
      }),
      { numRuns: 3000, seed: 9 },
    );
  });
});
