import { describe, expect, it } from 'vitest';
import { HandDriver } from '../../support/hand-driver.js';

const rake = { rake: { basisPoints: 500, cap: 30, noFlopNoDrop: true } };

/** E12 — rake as an option: a percentage with a cap, none when the hand ends before the flop, never on uncalled bets; recorded as an operation. */
describe('E12 rake', () => {
  it('takes the percentage of the pot, in whole chips, recorded as an operation', () => {
    const hand = HandDriver.table([1000, 1000, 1000], { button: 3, config: rake }).dealHoleCards(['AhAd', 'KhKd', 'QhQd']);
    hand.actions('b100 c c').deal('? 2c 7s 9d').actions('b10 f f');
    // Pot 300 (the 10 bet was not called and comes back): 5 % is 15.
    expect(hand.log).toContainEqual({ type: 'rake', amount: 15, pots: [{ amount: 285, eligible: [1] }] });
    expect(hand.state.rake).toBe(15);
    expect(hand.stacks()).toEqual([900 + 285, 900, 900]);
  });

  it('never more than the cap', () => {
    const hand = HandDriver.table([5000, 5000], { button: 2, config: rake }).dealHoleCards(['AhAd', 'KhKd']);
    hand.actions('b1000 c').deal('? 2c 7s 9d').actions('b100 f');
    expect(hand.state.rake).toBe(30);
  });

  it('no flop, no drop', () => {
    const hand = HandDriver.table([1000, 1000, 1000], { button: 3, config: rake }).dealHoleCards([]).actions('b100 c f');
    expect(hand.state.phase.kind).toBe('dealing');
    const folded = HandDriver.table([1000, 1000, 1000], { button: 3, config: rake }).dealHoleCards([]).actions('b100 f f');
    expect(folded.state.rake).toBe(0);
    expect(folded.stacks()).toEqual([995, 990, 1015]);
  });

  it('in whole chips of the smallest chip: the percentage and the cap are rounded down to it, and a rake of nothing is not taken', () => {
    const config = { chipUnit: 5, rake: { basisPoints: 500, cap: 32, noFlopNoDrop: true } };
    const play = (preflop: string): HandDriver => HandDriver.table([5000, 5000], { button: 2, config }).dealHoleCards(['AhAd', 'KhKd']).actions(preflop).deal('? 2c 7s 9d').actions('b10 f');
    // Pot 230: 5 % is 11.5, in fives 10.
    expect(play('b115 c').state.rake).toBe(10);
    // Pot 1,000: 5 % is 50, the cap of 32 in fives is 30.
    expect(play('b500 c').state.rake).toBe(30);
    // Pot 20: 5 % is 1, in fives nothing, and no rake is written.
    const small = play('c x');
    expect(small.state.rake).toBe(0);
    expect(small.log.some((operation) => operation.type === 'rake')).toBe(false);
  });
});
