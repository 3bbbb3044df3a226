import { describe, expect, it } from 'vitest';
import { getLegalActions } from '../../../src/engine/hand/betting.js';
import { HandDriver } from '../../support/hand-driver.js';

/** E7 — seed 000: spread (split) limit: lower limit for the first two rounds, higher limit from the turn; the same cap as fixed limit. */
describe('E7 spread limit (seed 000)', () => {
  const spread = {
    structure: { kind: 'spread-limit', lower: { min: 10, max: 30 }, higher: { min: 20, max: 60 }, maxBetsPerRound: 4, uncapped: 'two-players-left' },
  } as const;

  it('bets between the lower limits on the flop, the higher from the turn', () => {
    const hand = HandDriver.table([1000, 1000, 1000], { config: spread }).dealHoleCards([]).actions('c c x').deal('? 2c 3d 4h');
    expect(getLegalActions(hand.state)?.betOrRaise).toEqual({ kind: 'bet', min: 10, max: 30 });
    hand.actions('b25');
    // A raise at least the previous bet, at most the limit.
    expect(getLegalActions(hand.state)?.betOrRaise).toEqual({ kind: 'raise', min: 50, max: 55 });
    hand.actions('c c').deal('? 5s');
    expect(getLegalActions(hand.state)?.betOrRaise).toEqual({ kind: 'bet', min: 20, max: 60 });
  });

  it('a bet and three raises per round', () => {
    const hand = HandDriver.table([1000, 1000, 1000], { config: spread }).dealHoleCards([]).actions('c c x').deal('? 2c 3d 4h');
    hand.actions('b10 b20 b30 b40');
    expect(getLegalActions(hand.state)?.betOrRaise).toBeNull();
  });

  it('a short all-in does not reopen the betting and does not count toward the cap (E8)', () => {
    const hand = HandDriver.table([1000, 1000, 46], { config: spread }).dealHoleCards([]).actions('c c x').deal('? 2c 3d 4h');
    hand.actions('b30 a c');
    expect(getLegalActions(hand.state)).toMatchObject({ seat: 2, call: 6, betOrRaise: null });
    expect(hand.state.betsThisRound).toBe(1);
  });

  it('an all-in below the street\'s minimum bet is not a full bet: a player who checked may only call or fold (E7, TDA 47)', () => {
    const wide = { structure: { kind: 'spread-limit', lower: { min: 10, max: 50 }, higher: { min: 20, max: 100 }, maxBetsPerRound: 4, uncapped: 'two-players-left' } } as const;
    const hand = HandDriver.table([1000, 25, 1000], { button: 3, config: wide }).dealHoleCards([]).actions('c c x').deal('? 2c 3d 4h').actions('x x x').deal('? 5s');
    hand.actions('x a c');
    expect(getLegalActions(hand.state)).toMatchObject({ seat: 1, call: 15, betOrRaise: null });
    // A full bet of the turn's minimum reopens as before.
    const full = HandDriver.table([1000, 1000, 1000], { button: 3, config: wide }).dealHoleCards([]).actions('c c x').deal('? 2c 3d 4h').actions('x x x').deal('? 5s');
    full.actions('x b20 c');
    expect(getLegalActions(full.state)).toMatchObject({ seat: 1, call: 20, betOrRaise: { min: 40, max: 120 } });
  });

  it('pre-flop the lower limits too; a full raise is at least the last bet or raise, and a short all-in is not one', () => {
    const preflop = HandDriver.table([1000, 1000, 1000], { config: spread }).dealHoleCards([]);
    expect(getLegalActions(preflop.state)?.betOrRaise).toEqual({ kind: 'raise', min: 20, max: 40 });
    const deep = HandDriver.table([1000, 1000, 1000], { config: spread }).dealHoleCards([]).actions('c c x').deal('? 2c 3d 4h').actions('b25');
    // A bet of 25 is the last full bet: a raise adds at least 25.
    expect(getLegalActions(deep.state)).toMatchObject({ seat: 3, betOrRaise: { kind: 'raise', min: 50, max: 55 } });
    // Seat 3 has 40 left: all-in to 40 is 15 more, short of a full raise; the next full raise is still 25 on top of it.
    const hand = HandDriver.table([1000, 1000, 50], { config: spread }).dealHoleCards([]).actions('c c x').deal('? 2c 3d 4h').actions('b25 a');
    expect(hand.state.lastFullRaise).toBe(25);
    expect(getLegalActions(hand.state)).toMatchObject({ seat: 1, call: 40, betOrRaise: { kind: 'raise', min: 65, max: 70 } });
  });
});
