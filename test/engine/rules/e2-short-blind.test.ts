import { describe, expect, it } from 'vitest';
import { getLegalActions } from '../../../src/engine/hand/betting.js';
import { HandDriver } from '../../support/hand-driver.js';

/** E2 — WSOP Live Action rule 150: a short big blind posts all-in; the others still call the full big blind and raise to at least two big blinds. */
describe('E2 short-stacked blinds post all-in (WSOP Live Action 150)', () => {
  it('the others must call the full big blind and raise at least to two big blinds', () => {
    const hand = HandDriver.table([1000, 1000, 6], { button: 1 });
    expect(hand.state.players.map((player) => [player.bet, player.status])).toEqual([
      [0, 'active'],
      [5, 'active'],
      [6, 'all-in'],
    ]);
    hand.dealHoleCards([]);
    expect(getLegalActions(hand.state)).toMatchObject({ seat: 1, call: 10, betOrRaise: { kind: 'raise', min: 20 } });
    hand.actions('c c');
    // Main pot 3 × 6; the 4 each above the short blind is a side pot without it.
    hand.deal('? 2c 3d 4h');
    expect(hand.state.pots).toEqual([
      { amount: 18, eligible: [1, 2, 3] },
      { amount: 8, eligible: [1, 2] },
    ]);
  });

  it('a small blind shorter than the blind posts what it has', () => {
    const hand = HandDriver.table([1000, 3, 1000], { button: 1 });
    expect(hand.state.players.map((player) => player.bet)).toEqual([0, 3, 10]);
    expect(hand.state.players[1]?.status).toBe('all-in');
  });

  it('heads-up, a big blind all-in for less than the small blind is covered: no action, the excess comes back', () => {
    const hand = HandDriver.table([1000, 3], { button: 1 }).dealHoleCards([]);
    expect(hand.state.phase.kind).toBe('dealing');
    expect(hand.state.street).toBe('flop');
    expect(hand.log).toContainEqual({ type: 'return-uncalled', seat: 1, amount: 2 });
    expect(hand.state.pots).toEqual([{ amount: 6, eligible: [1, 2] }]);
  });

  it('the last player with chips who already covers every all-in is not asked to act', () => {
    const hand = HandDriver.table([1000, 1000, 3], { button: 1 }).dealHoleCards([]).actions('f');
    expect(hand.state.street).toBe('flop');
    expect(hand.log).toContainEqual({ type: 'return-uncalled', seat: 2, amount: 2 });
  });

  it('alone with chips facing a bigger all-in, the call is what that all-in needs', () => {
    const hand = HandDriver.table([1000, 1000, 6, 8], { button: 1 }).dealHoleCards([]).actions('a f');
    // Seat 4 goes all-in for 8 over seat 3's short big blind of 6, the button folds: seat 2 (small blind, 5) calls 3, not 5.
    expect(getLegalActions(hand.state)).toMatchObject({ seat: 2, call: 3, betOrRaise: null });
  });
});
