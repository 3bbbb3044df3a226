import { describe, expect, it } from 'vitest';
import { getLegalActions } from '../../../src/engine/hand/betting.js';
import type { UncapRule } from '../../../src/engine/hand/config.js';
import { HandDriver } from '../../support/hand-driver.js';

const fixedLimit = (uncapped: UncapRule = 'two-players-left', maxBetsPerRound = 4) =>
  ({ structure: { kind: 'fixed-limit', smallBet: 10, bigBet: 20, maxBetsPerRound, uncapped } }) as const;

/** E6 — seed 000: fixed limit: small bet pre-flop and flop, big bet turn and river; a bet and three raises per round, uncapped with two players left (WSOP: only if the round began heads-up). */
describe('E6 fixed limit (seed 000, WSOP)', () => {
  it('bets and raises are one small bet pre-flop and on the flop, one big bet after', () => {
    const hand = HandDriver.table([1000, 1000, 1000], { config: fixedLimit() }).dealHoleCards([]);
    expect(getLegalActions(hand.state)?.betOrRaise).toEqual({ kind: 'raise', min: 20, max: 20 });
    hand.actions('c c x').deal('? 2c 3d 4h');
    expect(getLegalActions(hand.state)?.betOrRaise).toEqual({ kind: 'bet', min: 10, max: 10 });
    hand.actions('x x x').deal('? 5s');
    expect(getLegalActions(hand.state)?.betOrRaise).toEqual({ kind: 'bet', min: 20, max: 20 });
    expect(() => hand.actions('b30')).toThrow('the maximum is 20');
  });

  it('a bet and three raises, then the betting is capped', () => {
    const hand = HandDriver.table([1000, 1000, 1000], { config: fixedLimit() }).dealHoleCards([]).actions('c c x').deal('? 2c 3d 4h');
    hand.actions('b10 b20 b30 b40');
    expect(getLegalActions(hand.state)).toMatchObject({ seat: 3, call: 20, betOrRaise: null });
    expect(() => hand.actions('b50')).toThrow('Seat 3 cannot raise: the betting is capped this round');
  });

  it('pre-flop the big blind counts as the bet', () => {
    const hand = HandDriver.table([1000, 1000, 1000], { config: fixedLimit() }).dealHoleCards([]);
    hand.actions('b20 b30 b40');
    expect(getLegalActions(hand.state)?.betOrRaise).toBeNull();
  });

  it('seed 000: uncapped while only two players are left', () => {
    const hand = HandDriver.table([1000, 1000, 1000], { config: fixedLimit('two-players-left') }).dealHoleCards([]).actions('c c x').deal('? 2c 3d 4h');
    hand.actions('f b10 b20 b30 b40');
    expect(getLegalActions(hand.state)?.betOrRaise).toEqual({ kind: 'raise', min: 50, max: 50 });
  });

  it('WSOP: uncapped only when the round began heads-up', () => {
    const hand = HandDriver.table([1000, 1000, 1000], { config: fixedLimit('round-began-heads-up') }).dealHoleCards([]).actions('c c x').deal('? 2c 3d 4h');
    hand.actions('f b10 b20 b30 b40');
    expect(getLegalActions(hand.state)?.betOrRaise).toBeNull();
    hand.actions('c').deal('? 5s');
    hand.actions('b20 b40 b60 b80');
    expect(getLegalActions(hand.state)?.betOrRaise).toEqual({ kind: 'raise', min: 100, max: 100 });
  });

  it('the cap is configurable (WSOP: a bet and four raises)', () => {
    const hand = HandDriver.table([1000, 1000, 1000], { config: fixedLimit('never', 5) }).dealHoleCards([]).actions('c c x').deal('? 2c 3d 4h');
    hand.actions('b10 b20 b30 b40 b50');
    expect(getLegalActions(hand.state)?.betOrRaise).toBeNull();
  });

  it('WSOP: a round that began with three players stays capped when two are left or more', () => {
    const hand = HandDriver.table([1000, 1000, 1000], { config: fixedLimit('round-began-heads-up') }).dealHoleCards([]).actions('b20 b30 b40');
    expect(getLegalActions(hand.state)).toMatchObject({ seat: 1, call: 20, betOrRaise: null, allIn: null });
  });

  it('never uncapped: a round that began heads-up is capped too', () => {
    const hand = HandDriver.table([1000, 1000], { config: fixedLimit('never') }).dealHoleCards([]).actions('b20 b30 b40');
    expect(getLegalActions(hand.state)).toMatchObject({ call: 10, betOrRaise: null, allIn: null });
  });
});
