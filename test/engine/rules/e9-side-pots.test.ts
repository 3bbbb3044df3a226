import { describe, expect, it } from 'vitest';
import { buildPots } from '../../../src/engine/hand/pots.js';
import type { Player } from '../../../src/engine/hand/state.js';
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

  it('the big-blind ante is dead money for the main pot, not the last side pot: all-ins of 100, 300 and 300 with 10 dead → main 310, side 400', () => {
    // Worked by hand: 3 × 100 + 10 = 310 for everyone; 2 × 200 = 400 for the two who put in 300.
    expect(buildPots([player(1, 100), player(2, 300), player(3, 300)], 10)).toEqual([
      { amount: 310, eligible: [1, 2, 3] },
      { amount: 400, eligible: [2, 3] },
    ]);
    // With two side pots, still the main one.
    expect(buildPots([player(1, 100), player(2, 200), player(3, 300), player(4, 300)], 10)).toEqual([
      { amount: 410, eligible: [1, 2, 3, 4] },
      { amount: 300, eligible: [2, 3, 4] },
      { amount: 200, eligible: [3, 4] },
    ]);
    // Nobody put a chip in yet (the antes collected before the blinds): the dead money is the one pot, everyone's.
    expect(buildPots([player(1, 0, 'active'), player(2, 0, 'active'), player(3, 0, 'folded')], 10)).toEqual([{ amount: 10, eligible: [1, 2] }]);
  });

  it('the same through the engine: the short stack all-in for 100 wins the main pot with the big-blind ante in it, 310', () => {
    // Button seat 1 (100), small blind seat 2 (300), big blind seat 3 (310: 10 of it the big-blind ante).
    const hand = HandDriver.table([100, 300, 310], { button: 1, config: { bigBlindAnte: 10 } });
    hand.dealHoleCards(['AhAd', 'KhKd', 'QhQd']).actions('a a a');
    expect(hand.state.players.map((player) => player.committed)).toEqual([100, 300, 300]);
    hand.deal('? 2c 7s 9d ? 3h ? 4s');
    expect(hand.state.pots.map(({ amount, eligible }) => ({ amount, eligible }))).toEqual([
      { amount: 310, eligible: [1, 2, 3] },
      { amount: 400, eligible: [2, 3] },
    ]);
    for (let i = 0; i < 3; i++) hand.do({ type: 'show' });
    expect(hand.state.awards.map(({ potIndex, seat, amount }) => ({ potIndex, seat, amount }))).toEqual([
      { potIndex: 0, seat: 1, amount: 310 },
      { potIndex: 1, seat: 2, amount: 400 },
    ]);
    expect(hand.stacks()).toEqual([310, 400, 0]);
  });

  it('folded chips above the top all-in level stay in the top pot: 100 all-in, 300 in the hand, 400 folded → 300 and 500', () => {
    // Worked by hand: 3 × 100 = 300 for seats 1 and 2; above it 200 from seat 2 and the folded 300 → 500, for seat 2 alone.
    expect(buildPots([player(1, 100), player(2, 300, 'active'), player(3, 400, 'folded')])).toEqual([
      { amount: 300, eligible: [1, 2] },
      { amount: 500, eligible: [2] },
    ]);
    // Below a higher level the folded chips are capped level by level: 100, 300 and 500 in, 400 folded.
    expect(buildPots([player(1, 100), player(2, 300), player(3, 500, 'active'), player(4, 400, 'folded')])).toEqual([
      { amount: 400, eligible: [1, 2, 3] },
      { amount: 600, eligible: [2, 3] },
      { amount: 300, eligible: [3] },
    ]);
  });

  it('folded chips stay in the pot and their owner is eligible for none', () => {
    const pots = buildPots([player(1, 300), player(2, 200, 'folded'), player(3, 500, 'active'), player(4, 500, 'active')]);
    expect(pots).toEqual([
      { amount: 1100, eligible: [1, 3, 4] },
      { amount: 400, eligible: [3, 4] },
    ]);
  });
});
