import { describe, expect, it } from 'vitest';
import { announceAward } from '../../../src/engine/hand/announce.js';
import { HandDriver } from '../../support/hand-driver.js';

/** E11 — seeds 000, 004: each pot to its best eligible hand(s); a split in the smallest chip unit; the odd chip to the first winner left of the button. */
describe('E11 awarding split pots and odd chips (seeds 000, 004)', () => {
  /** Seat 3 is the button, seat 1 the small blind (folds), seats 2 and 3 play the board: a pot of 25. */
  const boardPlays = (chipUnit: number): HandDriver => {
    const hand = HandDriver.table([1000, 1000, 1000], { button: 3, config: { chipUnit } });
    hand.dealHoleCards(['2c3d', '4h5h', '7c8c']).actions('c f x');
    hand.deal('? As Ks Qs').actions('x x').deal('? Js').actions('x x').deal('? Ts').actions('x x');
    hand.do({ type: 'show' }).do({ type: 'show' });
    return hand;
  };

  it('the board plays for both; the odd chip goes to the first winner left of the button', () => {
    const hand = boardPlays(1);
    expect(hand.state.awards.map(({ seat, amount }) => ({ seat, amount }))).toEqual([
      { seat: 2, amount: 13 },
      { seat: 3, amount: 12 },
    ]);
    expect(hand.state.awards[0]?.words).toEqual({ en: 'Royal flush', de: 'Royal Flush' });
  });

  it('the split is in the smallest chip unit: with 5-chips the odd chip is a 5', () => {
    const hand = boardPlays(5);
    expect(hand.state.awards.map(({ seat, amount }) => ({ seat, amount }))).toEqual([
      { seat: 2, amount: 15 },
      { seat: 3, amount: 10 },
    ]);
  });

  it('each pot goes to its own best eligible hand', () => {
    // Seat 1 (short, best hand) wins the main pot only; the side pot goes to the better of the others.
    const hand = HandDriver.table([100, 1000, 1000], { button: 3 });
    hand.dealHoleCards(['AhAd', 'KhKd', 'QhQd']).actions('c a c c');
    hand.deal('? 2c 7s 9d').actions('b200 c').deal('? 3h').actions('x x').deal('? 4s').actions('x x');
    for (let i = 0; i < 3; i++) hand.do({ type: 'show' });
    expect(hand.state.awards.map(({ potIndex, seat, amount }) => ({ potIndex, seat, amount }))).toEqual([
      { potIndex: 0, seat: 1, amount: 300 },
      { potIndex: 1, seat: 2, amount: 400 },
    ]);
    expect(hand.state.awards[1]?.words?.en).toBe('Pair of kings');
  });
});

describe('E11 the award announced in words', () => {
  it('names the seat, the pot, the amount and the winning hand', () => {
    const award = { potIndex: 0, seat: 3, amount: 1240, words: { en: 'Two pair, aces and jacks', de: 'Zwei Paare, Asse und Buben' }, best: [] };
    expect(announceAward(award)).toEqual({
      en: 'Seat 3 wins the main pot, 1,240 — Two pair, aces and jacks',
      de: 'Platz 3 gewinnt den Hauptpot, 1.240 — Zwei Paare, Asse und Buben',
    });
    expect(announceAward({ potIndex: 2, seat: 5, amount: 80, words: null, best: null })).toEqual({
      en: 'Seat 5 wins side pot 2, 80',
      de: 'Platz 5 gewinnt Nebenpot 2, 80',
    });
  });
});
