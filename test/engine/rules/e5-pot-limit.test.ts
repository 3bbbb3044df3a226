import { describe, expect, it } from 'vitest';
import { getLegalActions } from '../../../src/engine/betting.js';
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
});
