import { describe, expect, it } from 'vitest';
import { getLegalActions } from '../../../src/engine/hand/betting.js';
import { HandDriver } from '../../support/hand-driver.js';

/** E5 — seed 000: pot limit: the most a player may raise to is the pot after calling, on top of the call. */
describe('E5 pot-limit maximum (seed 000)', () => {
  const potLimit = { structure: { kind: 'pot-limit' } } as const;

  it('pre-flop with blinds 5/10 the first player may raise to 35', () => {
    const hand = HandDriver.table([1000, 1000, 1000], { config: potLimit }).dealHoleCards([]);
    // Call 10, then the pot is 5 + 10 + 10 = 25: raise by 25 to 35.
    expect(getLegalActions(hand.state)?.betOrRaise).toEqual({ kind: 'raise', min: 20, max: 35 });
    expect(() => hand.actions('b36')).toThrow('Seat 1 cannot raise to 36: the maximum is 35');
  });

  it('after a bet and a call the next raise counts both and the call', () => {
    const hand = HandDriver.table([1000, 1000, 1000], { config: potLimit }).dealHoleCards([]).actions('c c x').deal('? 2c 3d 4h');
    expect(getLegalActions(hand.state)?.betOrRaise).toEqual({ kind: 'bet', min: 10, max: 30 });
    hand.actions('b30 c');
    // Pot 30 + bets 60 + call 30 = 120 on top of the 30: raise to 150.
    expect(getLegalActions(hand.state)?.betOrRaise).toEqual({ kind: 'raise', min: 60, max: 150 });
  });

  it('the small blind, who has 5 in front, may raise to 40 after a call; an all-in above the pot limit is not offered', () => {
    const hand = HandDriver.table([1000, 1000, 1000], { config: potLimit }).dealHoleCards([]).actions('c');
    // Bets in front 10 + 5 + 10 = 25, the small blind's call of 5 makes 30: raise by 30 to 40.
    expect(getLegalActions(hand.state)).toMatchObject({ seat: 2, call: 5, betOrRaise: { kind: 'raise', min: 20, max: 40 }, allIn: null });
  });
});
