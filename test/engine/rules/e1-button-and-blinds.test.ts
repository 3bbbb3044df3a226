import { describe, expect, it } from 'vitest';
import { HandDriver } from '../../support/hand-driver.js';

/** E1 — seed 000: small blind left of the button, big blind left of it; heads-up the button posts the small blind, acts first pre-flop and last after. */
describe('E1 button and blinds (seed 000)', () => {
  it('the small blind sits left of the button and the big blind left of it', () => {
    const hand = HandDriver.table([1000, 1000, 1000, 1000], { button: 3 });
    expect(hand.state.players.map((player) => player.bet)).toEqual([10, 0, 0, 5]);
    hand.dealHoleCards([]);
    expect(hand.actorSeat()).toBe(2); // left of the big blind (seat 1)
  });

  it('heads-up: the button posts the small blind, acts first pre-flop and last after the flop', () => {
    const hand = HandDriver.table([1000, 1000], { button: 2 });
    expect(hand.state.players.map((player) => player.bet)).toEqual([10, 5]);
    hand.dealHoleCards([]);
    expect(hand.actorSeat()).toBe(2);
    hand.actions('c x');
    hand.deal('? 2c 3d 4h');
    expect(hand.actorSeat()).toBe(1);
    hand.actions('x');
    expect(hand.actorSeat()).toBe(2);
  });

  it('the big blind keeps the option when everyone calls', () => {
    const hand = HandDriver.table([1000, 1000, 1000]).dealHoleCards([]);
    hand.actions('c c');
    expect(hand.actorSeat()).toBe(3);
    expect(hand.state.street).toBe('preflop');
    hand.actions('b30');
    expect(hand.actorSeat()).toBe(1);
  });
});
