import { describe, expect, it } from 'vitest';
import { getLegalActions } from '../../../src/engine/hand/betting.js';
import { HandDriver } from '../../support/hand-driver.js';

/**
 * E8 — TDA 47 (WSOP tournament rule 96): an all-in of less than a full raise does not reopen the betting
 * for players who already acted; several short all-ins that add up to a full raise do. TDA 47B: in
 * limit, half a bet reopens. Seed 000: nobody raises twice in a row unless someone re-raised between.
 */
describe('E8 reopening the betting (TDA 47, WSOP 96, seed 000)', () => {
  it('TDA 47 example 1: two short all-ins adding up to a full raise reopen the betting', () => {
    // NLHE 50/100 post-flop: A opens 100, B all-in 125, C calls, D all-in 200, E calls; A faces 100 more.
    const blinds = { smallBlind: 50, bigBlind: 100 };
    const hand = HandDriver.table([5000, 125 + 100, 5000, 200 + 100, 5000], { button: 5, config: blinds }).dealHoleCards([]);
    hand.actions('c c c c x').deal('? 2c 3d 4h');
    hand.actions('b100 a c a c');
    expect(hand.actorSeat()).toBe(1);
    expect(getLegalActions(hand.state)).toMatchObject({ call: 100, betOrRaise: { kind: 'raise', min: 300 } });
  });

  it('a single short all-in does not reopen the betting for the player who bet', () => {
    const hand = HandDriver.table([5000, 125 + 100, 5000], { button: 3, config: { smallBlind: 50, bigBlind: 100 } }).dealHoleCards([]);
    hand.actions('c c x').deal('? 2c 3d 4h');
    hand.actions('b100 a c');
    expect(hand.actorSeat()).toBe(1);
    expect(getLegalActions(hand.state)).toMatchObject({ call: 25, betOrRaise: null, allIn: null });
    expect(() => hand.actions('b300')).toThrow('Seat 1 cannot raise: the betting was not reopened (no full raise since they acted)');
  });

  it('players who had not acted may still raise over a short all-in, by at least the last full raise', () => {
    const hand = HandDriver.table([5000, 125 + 100, 5000], { button: 3, config: { smallBlind: 50, bigBlind: 100 } }).dealHoleCards([]);
    hand.actions('c c x').deal('? 2c 3d 4h').actions('b100 a');
    expect(getLegalActions(hand.state)).toMatchObject({ seat: 3, call: 125, betOrRaise: { min: 225 } });
  });

  it('TDA 47B: in limit, an all-in of half a bet or more reopens the betting', () => {
    const limit = { structure: { kind: 'fixed-limit', smallBet: 10, bigBet: 20, maxBetsPerRound: 4, uncapped: 'never' } } as const;
    const reopened = HandDriver.table([1000, 10 + 15, 1000], { button: 3, config: limit }).dealHoleCards([]).actions('c c x').deal('? 2c 3d 4h');
    reopened.actions('b10 a c'); // all-in to 15: half a bet
    expect(getLegalActions(reopened.state)).toMatchObject({ seat: 1, call: 5, betOrRaise: { min: 30, max: 30 } });
    const closed = HandDriver.table([1000, 10 + 14, 1000], { button: 3, config: limit }).dealHoleCards([]).actions('c c x').deal('? 2c 3d 4h');
    closed.actions('b10 a c'); // all-in to 14: less than half
    expect(getLegalActions(closed.state)).toMatchObject({ seat: 1, call: 4, betOrRaise: null });
  });

  it('seed 000: the last raiser cannot raise again when everyone after only called', () => {
    const hand = HandDriver.table([1000, 1000, 1000]).dealHoleCards([]).actions('b30 c c');
    expect(hand.state.street).toBe('flop');
  });

  it('an all-in opening bet smaller than the big blind is a call plus extra: the next raise is to at least that bet plus the big blind', () => {
    // Seat 2 has 5 left on the flop and opens all-in for 5; the big blind is 10.
    const hand = HandDriver.table([1000, 15, 1000]).dealHoleCards([]).actions('c c x').deal('? 2c 3d 4h').actions('a');
    expect(hand.state.lastFullRaise).toBe(10);
    expect(getLegalActions(hand.state)).toMatchObject({ seat: 3, call: 5, betOrRaise: { kind: 'raise', min: 15 } });
  });
});
