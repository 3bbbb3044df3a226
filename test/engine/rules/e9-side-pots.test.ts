import { describe, expect, it } from 'vitest';
import { buildPots } from '../../../src/engine/pots.js';
import type { Player } from '../../../src/engine/state.js';
import { HandDriver } from '../../support/hand-driver.js';

const player = (seat: number, committed: number, status: Player['status'] = 'all-in'): Player => ({
  seat, stack: 0, bet: 0, committed, status, holeCards: [], actedAt: null, showdown: null,
});

/** E9 — seed 000: main and side pots from what each player put in; uncalled bets go back; folded chips stay, folded players win nothing. */
describe('E9 side pots (seed 000)', () => {
  it("seed 000, one side pot: Alice 400, Bob, Carol and Ted 500 all-in → main 1,600, side 300", () => {
    const pots = buildPots([player(1, 400), player(2, 500), player(3, 500), player(4, 500)]);
    expect(pots).toEqual([
      { amount: 1600, eligible: [1, 2, 3, 4] },
      { amount: 300, eligible: [2, 3, 4] },
    ]);
  });

  it('seed 000, two side pots: Alice 400, Bob 500, Carol and Ted 600 → 1,600, 300 and 200', () => {
    const pots = buildPots([player(1, 400), player(2, 500), player(3, 600), player(4, 600)]);
    expect(pots).toEqual([
      { amount: 1600, eligible: [1, 2, 3, 4] },
      { amount: 300, eligible: [2, 3, 4] },
      { amount: 200, eligible: [3, 4] },
    ]);
  });

  it('the same two side pots built by the engine from a hand of all-ins, and awarded as seed 000 says', () => {
    // Alice (seat 1) holds the best hand, Bob the second best, Carol beats Ted.
    const hand = HandDriver.table([400, 500, 600, 600], { button: 4, config: { smallBlind: 0, bigBlind: 10 } });
    hand.dealHoleCards(['AhAd', 'KhKd', 'QhQd', 'JhJd']).actions('a a a a');
    hand.deal('? 2c 7s 9d ? 3h ? 4s');
    expect(hand.state.pots.map((pot) => pot.amount)).toEqual([1600, 300, 200]);
    for (let i = 0; i < 4; i++) hand.do({ type: 'show' });
    expect(hand.state.awards.map(({ potIndex, seat, amount }) => ({ potIndex, seat, amount }))).toEqual([
      { potIndex: 0, seat: 1, amount: 1600 },
      { potIndex: 1, seat: 2, amount: 300 },
      { potIndex: 2, seat: 3, amount: 200 },
    ]);
  });

  it('an uncalled bet goes back before the pots are made', () => {
    const hand = HandDriver.table([1000, 300, 1000], { button: 3 }).dealHoleCards([]);
    hand.actions('b600 f a');
    // Seat 3's raise to 600 is called only to 300 (seat 2 all-in); 300 comes back.
    expect(hand.log).toContainEqual({ type: 'return-uncalled', seat: 3, amount: 300 });
    expect(hand.state.pots).toEqual([{ amount: 605, eligible: [2, 3] }]);
  });

  it('folded chips stay in the pot and their owner is eligible for none', () => {
    const pots = buildPots([player(1, 300), player(2, 200, 'folded'), player(3, 500, 'active'), player(4, 500, 'active')]);
    expect(pots).toEqual([
      { amount: 1100, eligible: [1, 3, 4] },
      { amount: 400, eligible: [3, 4] },
    ]);
  });
});
