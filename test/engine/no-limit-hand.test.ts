import { describe, expect, it } from 'vitest';
import { getLegalActions } from '../../src/engine/hand/betting.js';
import { expectedCard } from '../../src/engine/hand/dealing.js';
import { replay } from '../../src/engine/hand/reduce.js';
import { type RuleViolation } from '../../src/engine/rule-violation.js';
import { HandDriver } from '../support/hand-driver.js';

describe('a no-limit hand from blinds to pushed chips', () => {
  it('posts blinds left of the button, deals from the small blind with a burn, bets four rounds and awards the pot', () => {
    const hand = HandDriver.table([1000, 1000, 1000], { button: 1 });
    // Seat 2 small blind 5, seat 3 big blind 10.
    expect(hand.state.players.map((player) => player.bet)).toEqual([0, 5, 10]);
    expect(expectedCard(hand.state)).toBe('burn');
    hand.deal('?');
    expect(expectedCard(hand.state)).toEqual({ seat: 2 });
    hand.deal('Ah Kh Qd Ad Kc Qs'); // seat 2: Ah Ad, seat 3: Kh Kc, seat 1: Qd Qs
    expect(hand.state.players.map((player) => player.holeCards)).toEqual([hand.cards('Qd Qs'), hand.cards('Ah Ad'), hand.cards('Kh Kc')]);
    // Pre-flop: seat 1 (left of the big blind) acts first.
    expect(hand.actorSeat()).toBe(1);
    expect(getLegalActions(hand.state)).toEqual({ seat: 1, fold: true, check: false, call: 10, betOrRaise: { kind: 'raise', min: 20, max: 1000 }, allIn: 1000 });
    hand.actions('b30 c c');
    expect(hand.state.street).toBe('flop');
    expect(hand.state.pots).toEqual([{ amount: 90, eligible: [1, 2, 3] }]);
    hand.deal('? 2c 7d 9s');
    // After the flop the first player left of the button acts first.
    expect(hand.actorSeat()).toBe(2);
    hand.actions('x b50 c f');
    hand.deal('? 3h').actions('x x').deal('? 4s').actions('b100 c');
    expect(hand.state.phase.kind).toBe('showdown');
    // Seat 3 bet last on the river: shows first.
    expect(hand.actorSeat()).toBe(3);
    hand.do({ type: 'show' }).do({ type: 'show' });
    expect(hand.state.phase.kind).toBe('complete');
    expect(hand.state.awards).toEqual([
      { potIndex: 0, seat: 3, amount: 390, words: { en: 'Pair of kings', de: 'Ein Paar Könige' }, best: hand.cards('Kh Kc 9s 7d 4s') },
    ]);
    expect(hand.stacks()).toEqual([820, 970, 1210]);
  });

  it('replays its operations to the identical state', () => {
    const hand = HandDriver.table([500, 800, 300, 1000], { button: 2 });
    hand.dealHoleCards(['AhAd', 'KhKd', 'QhQd', 'JhJd']).actions('a a a c');
    expect(hand.state.players.map((player) => player.status)).toEqual(['all-in', 'all-in', 'all-in', 'active']);
    // Betting is closed by the all-ins: the rest of the board comes at once, then every hand is tabled.
    hand.deal('? 2c 3d 4h ? 9s ? Tc');
    expect(hand.state.phase.kind).toBe('showdown');
    expect(() => hand.do({ type: 'muck' })).toThrow('A player is all-in: every hand is tabled');
    for (let i = 0; i < 4; i++) hand.do({ type: 'show' });
    expect(hand.state.phase.kind).toBe('complete');
    // Seat 4 could only call (everyone else all-in) and keeps 200; seat 1's aces win the main pot (4 × 300) and side pot 1 (3 × 200);
    // side pot 2 (2 × 300) goes to seat 2's kings over seat 4's jacks.
    expect(hand.state.awards.map(({ potIndex, seat, amount }) => ({ potIndex, seat, amount }))).toEqual([
      { potIndex: 0, seat: 1, amount: 1200 },
      { potIndex: 1, seat: 1, amount: 600 },
      { potIndex: 2, seat: 2, amount: 600 },
    ]);
    expect(hand.stacks()).toEqual([1800, 600, 0, 200]);
    expect(replay(hand.log)).toEqual(hand.state);
  });

  it('refuses what the rules do not allow, with the reason, and changes nothing', () => {
    const hand = HandDriver.table([1000, 1000, 1000]).dealHoleCards([]);
    const before = hand.state;
    expect(() => hand.do({ type: 'check' })).toThrow('Seat 1 cannot check: 10 to call');
    expect(() => hand.do({ type: 'bet', to: 15 })).toThrow('Seat 1 cannot raise to 15: the minimum is 20');
    expect(() => hand.do({ type: 'bet', to: 2000 })).toThrow('Seat 1 has only 1000');
    expect(() => hand.do({ type: 'fold', seat: 2 })).toThrow("It is seat 1's turn, not seat 2's");
    expect(() => hand.do({ type: 'deal', card: hand.cards('2c')[0] ?? null })).toThrow('No card is due now');
    expect(hand.state).toBe(before);
    try {
      hand.do({ type: 'check' });
    } catch (error) {
      expect((error as RuleViolation).code).toBe('cannot-check');
      expect((error as RuleViolation).words.de).toBe('Platz 1 kann nicht checken: 10 zu bezahlen');
    }
  });
});
