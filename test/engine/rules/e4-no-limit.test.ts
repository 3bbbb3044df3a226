import { describe, expect, it } from 'vitest';
import { getLegalActions } from '../../../src/engine/hand/betting.js';
import { RuleViolation } from '../../../src/engine/rule-violation.js';
import { HandDriver } from '../../support/hand-driver.js';

/** E4 — seed 000: no limit: a bet at least the big blind; a raise at least the previous bet or raise of the round; the most is the stack. */
describe('E4 no-limit betting (seed 000)', () => {
  const flop = (): HandDriver => HandDriver.table([1000, 1000, 1000]).dealHoleCards([]).actions('c c x').deal('? 2c 3d 4h');

  it('a bet is at least the big blind and at most the stack', () => {
    const hand = flop();
    expect(getLegalActions(hand.state)).toEqual({ seat: 2, fold: true, check: true, call: null, betOrRaise: { kind: 'bet', min: 10, max: 990 }, allIn: 990 });
    expect(() => hand.actions('b9')).toThrow('Seat 2 cannot bet to 9: the minimum is 10');
  });

  it('a raise is at least the largest bet or raise of the round', () => {
    const hand = flop().actions('b40');
    expect(getLegalActions(hand.state)?.betOrRaise).toEqual({ kind: 'raise', min: 80, max: 990 });
    hand.actions('b150'); // a raise of 110
    expect(getLegalActions(hand.state)?.betOrRaise).toEqual({ kind: 'raise', min: 260, max: 990 });
    expect(() => hand.actions('b259')).toThrow('the minimum is 260');
  });

  it('an all-in below the minimum raise is allowed and is not a full raise', () => {
    const hand = HandDriver.table([1000, 1000, 75]).dealHoleCards([]).actions('c c x').deal('? 2c 3d 4h');
    hand.actions('x x b40 c');
    // Seat 3 has 65 left: all-in to 65 is a raise of 25, less than the 40 bet, and allowed.
    expect(getLegalActions(hand.state)).toMatchObject({ seat: 3, call: 40, betOrRaise: null, allIn: 65 });
    hand.actions('a');
    expect(hand.state.currentBet).toBe(65);
    expect(hand.state.lastFullRaise).toBe(40);
  });

  it('the same all-in asked for as a bet of the whole stack is taken, and a bet just short of the stack is not', () => {
    const hand = HandDriver.table([1000, 1000, 75]).dealHoleCards([]).actions('c c x').deal('? 2c 3d 4h').actions('x x b40 c');
    expect(() => hand.actions('b64')).toThrow(RuleViolation);
    hand.actions('b65');
    expect(hand.log).toContainEqual(expect.objectContaining({ type: 'bet', seat: 3, to: 65, lastFullRaise: 40 }));
    expect(hand.state.currentBet).toBe(65);
  });

  it('an all-in of exactly what is owed is a call, not a raise', () => {
    // Seat 3 has 40 left when facing the bet of 40.
    const hand = HandDriver.table([1000, 1000, 50]).dealHoleCards([]).actions('c c x').deal('? 2c 3d 4h').actions('x x b40 c');
    hand.actions('a');
    expect(hand.log).toContainEqual({ type: 'call', seat: 3, amount: 40 });
    expect(hand.state.players[2]).toMatchObject({ stack: 0, status: 'all-in' });
  });

  // A wrong reason, found by mutation testing (docs/mutation.md): seat 3 checked, then faced a full bet, so
  // the betting is open to it; it cannot raise to 64 because a raise is at least 80 and it has 65. The
  // refusal says the betting was not reopened. Marked as failing until the words are mended.
  it('a raise refused for a short stack says so, not that the betting was not reopened', () => {
    const hand = HandDriver.table([1000, 1000, 75]).dealHoleCards([]).actions('c c x').deal('? 2c 3d 4h').actions('x x b40 c');
    expect(() => hand.actions('b64')).toThrow('the stack is short of the least raise: all-in for 65 or call');
  });

  it("an incomplete all-in is a call plus extra: the next raise is the all-in plus the last full raise (Robert's Rules)", () => {
    // Blinds 100/200; the first player goes all-in for 325: the next raise is to at least 525.
    const blinds = HandDriver.table([5000, 5000, 325, 5000], { button: 4, config: { smallBlind: 100, bigBlind: 200 } }).dealHoleCards([]);
    blinds.actions('a');
    expect(getLegalActions(blinds.state)).toMatchObject({ seat: 4, call: 325, betOrRaise: { kind: 'raise', min: 525 } });
  });

  it('amounts are whole chips of the smallest unit', () => {
    const hand = HandDriver.table([1000, 1000], { config: { chipUnit: 5 } }).dealHoleCards([]);
    expect(() => hand.actions('b22')).toThrow('22 is not a multiple of the smallest chip (5)');
    expect(() => hand.actions('b22.5')).toThrow('22.5 is not an amount of chips');
  });

  it('nobody may act outside a betting round: no legal actions while the cards are dealt or at the showdown', () => {
    const hand = HandDriver.table([1000, 1000, 1000]);
    expect(getLegalActions(hand.state)).toBeNull();
    hand.dealHoleCards([]).actions('c c x').deal('? 2c 3d 4h');
    expect(getLegalActions(hand.state)).not.toBeNull();
    hand.actions('x x x').deal('? 5s').actions('x x x').deal('? 9h').actions('x x x');
    expect(hand.state.phase.kind).toBe('showdown');
    expect(getLegalActions(hand.state)).toBeNull();
  });
});
