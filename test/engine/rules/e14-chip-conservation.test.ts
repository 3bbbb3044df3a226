import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvariantError } from '../../../src/invariant-error.js';
import type * as Reduce from '../../../src/engine/hand/reduce.js';
import type { Player } from '../../../src/engine/hand/state.js';
import { HandDriver } from '../../support/hand-driver.js';

/**
 * A recording of a call that can be broken on purpose: the conservation check exists for bugs, so the
 * only way to see it refuse is to plant one. `leak` chips vanish from the caller's bet after it is paid.
 */
const fault = vi.hoisted(() => ({ leak: 0, vanishFromPot: 0 }));

vi.mock('../../../src/engine/hand/reduce.js', async (importOriginal) => {
  const real = await importOriginal<typeof Reduce>();
  return {
    ...real,
    recordAction: (...args: Parameters<typeof real.recordAction>): void => {
      real.recordAction(...args);
      const [draft, , operation] = args;
      if (fault.leak === 0 || operation.type !== 'call') return;
      const index = draft.players.findIndex((player) => player.seat === operation.seat);
      const player = draft.players[index] as Player;
      draft.players[index] = { ...player, bet: player.bet - fault.leak };
    },
    recordCollect: (...args: Parameters<typeof real.recordCollect>): void => {
      const [draft, source, operation] = args;
      if (fault.vanishFromPot === 0) return real.recordCollect(draft, source, operation);
      const [main, ...side] = operation.pots;
      real.recordCollect(draft, source, { ...operation, pots: main === undefined ? [] : [{ ...main, amount: main.amount - fault.vanishFromPot }, ...side] });
    },
  };
});

/** E14 — stacks + bets + pots + rake is what the hand started with after every command; no stack below zero. */
describe('E14 chip conservation', () => {
  afterEach(() => {
    fault.leak = 0;
    fault.vanishFromPot = 0;
  });

  const total = (hand: HandDriver): number =>
    hand.state.players.reduce((sum, player) => sum + player.stack + player.bet, hand.state.rake) + hand.state.pots.reduce((sum, pot) => sum + pot.amount, 0);

  it('holds after every command of a hand with side pots', () => {
    const hand = HandDriver.table([1000, 300, 150, 1000]).dealHoleCards(['AhAd', 'KhKd', 'QhQd', 'JhJd']);
    const counts: number[] = [total(hand)];
    for (const step of ['b100', 'a', 'a', 'a', 'c']) {
      hand.actions(step);
      counts.push(total(hand));
    }
    hand.deal('? 2c 3d 4h ? 9s ? 7c');
    counts.push(total(hand));
    while (hand.state.phase.kind === 'showdown') {
      hand.do({ type: 'show' });
      counts.push(total(hand));
    }
    expect(hand.state.phase.kind).toBe('complete');
    expect(hand.state.awards.length).toBeGreaterThan(1);
    expect(new Set(counts)).toEqual(new Set([2450]));
  });

  it('refuses a call that loses chips while the round goes on, and leaves the state as it was', () => {
    const hand = HandDriver.table([1000, 1000, 1000, 1000]).dealHoleCards([]);
    const before = hand.state;
    fault.leak = 5;
    expect(() => hand.actions('c')).toThrow(InvariantError);
    expect(() => hand.actions('c')).toThrow('chips not conserved: 3995 on the table, 4000 at the start');
    expect(hand.state).toBe(before);
    expect(before.players.map((player) => player.stack)).toEqual([1000, 995, 990, 1000]);
  });

  it('refuses a call that ends the round when the chips it collects do not add up', () => {
    const hand = HandDriver.table([1000, 1000, 1000]).dealHoleCards([]).actions('c c');
    fault.vanishFromPot = 10;
    expect(() => hand.actions('x')).toThrow('chips not conserved: 2990 on the table, 3000 at the start');
    fault.vanishFromPot = 0;
    hand.actions('x');
    expect(hand.state.pots).toEqual([{ amount: 30, eligible: [1, 2, 3] }]);
  });
});
