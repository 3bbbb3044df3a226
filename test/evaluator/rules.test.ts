import { describe, expect, it } from 'vitest';
import { formatCard, parseCards } from '../../src/cards/notation.js';
import { categoryOfValue } from '../../src/evaluator/category.js';
import { evaluateHand, handValue } from '../../src/evaluator/evaluate.js';

/** Hand ranking rules from the seeds (002: ranking and tie-breaks per category; 000: best five of seven). */
const value = (hand: string): number => handValue(parseCards(hand));
const evaluate = (hand: string): ReturnType<typeof evaluateHand> => evaluateHand(parseCards(hand));
const best = (hand: string): string => evaluate(hand).best.map(formatCard).join(' ');

describe('H2 categories rank in the order of seed 002', () => {
  it('royal flush > straight flush > four of a kind > full house > flush > straight > three of a kind > two pair > one pair > high card', () => {
    const ladder = [
      '2c 4d 6h 8s Tc', // high card
      '2c 2d 6h 8s Tc', // one pair
      '2c 2d 6h 6s Tc', // two pair
      '2c 2d 2h 8s Tc', // three of a kind
      'Ac 2d 3h 4s 5c', // straight (the wheel, the lowest)
      '2c 4c 6c 8c Tc', // flush
      '2c 2d 2h 6s 6c', // full house
      '2c 2d 2h 2s 3c', // four of a kind
      'Ac 2c 3c 4c 5c', // straight flush (the steel wheel, the lowest)
      'Tc Jc Qc Kc Ac', // royal flush
    ];
    const values = ladder.map(value);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1] as number);
    expect(ladder.map((hand) => evaluate(hand).category)).toEqual([
      'high-card', 'one-pair', 'two-pair', 'three-of-a-kind', 'straight', 'flush', 'full-house', 'four-of-a-kind', 'straight-flush', 'royal-flush',
    ]);
  });

  it('values run 1 (7-5-4-3-2) to 7,462 (royal flush)', () => {
    expect(value('7c 5d 4h 3s 2c')).toBe(1);
    expect(value('As Ks Qs Js Ts')).toBe(7462);
    expect(categoryOfValue(1)).toBe('high-card');
    expect(categoryOfValue(7461)).toBe('straight-flush');
    expect(() => categoryOfValue(0)).toThrow('0 is not a hand value');
  });
});

describe('tie-breaks within a category', () => {
  it('H7 high card: kickers count in order, all five', () => {
    expect(value('Ac Qd 9h 7s 4c')).toBeGreaterThan(value('Ad Qc 9s 7h 3d'));
    expect(value('Ac Kd 3h 4s 6c')).toBeGreaterThan(value('Ad Qc Jh 9s 8d'));
  });

  it('H8 one pair: the pair, then three kickers in order (seed 002: A-K beats A-T on an ace-high board)', () => {
    expect(value('Ah Kc Ad 8s 5c 3h 2d')).toBeGreaterThan(value('Ah Tc Ad 8s 5c 3h 2d'));
    expect(value('3c 3d 4h 5s 7c')).toBeGreaterThan(value('2c 2d Ah Ks Qc'));
    expect(value('Kc Kd Jh 8s 4c')).toBeGreaterThan(value('Kh Ks Jc 8d 3c'));
  });

  it('H8 two pair: higher pair, then lower pair, then the kicker (aces and threes beat queens and jacks)', () => {
    expect(value('Ac Ad 3h 3s 2c')).toBeGreaterThan(value('Qc Qd Jh Js Ac'));
    expect(value('Tc Td 7h 7s Ac')).toBeGreaterThan(value('Th Ts 7c 7d Kc'));
    expect(value('Tc Td 8h 8s 2c')).toBeGreaterThan(value('Th Ts 7c 7d Ac'));
  });

  it('H8 three of a kind: the trips, then two kickers', () => {
    expect(value('8c 8d 8h Ks 4c')).toBeGreaterThan(value('8c 8d 8h Qs Jc'));
    expect(value('9c 9d 9h 2s 3c')).toBeGreaterThan(value('8c 8d 8h As Kc'));
  });

  it('H4 straight: the wheel A-2-3-4-5 is the lowest; no wrap-around Q-K-A-2-3', () => {
    expect(value('Ac 2d 3h 4s 5c')).toBeLessThan(value('2c 3d 4h 5s 6c'));
    expect(evaluate('Ac 2d 3h 4s 5c').words.en).toBe('Straight, five high');
    expect(best('Ac 2d 3h 4s 5c')).toBe('5c 4s 3h 2d Ac');
    expect(evaluate('Qc Kd Ah 2s 3c').category).toBe('high-card');
    expect(evaluate('Jc Qd Kh As 2c').category).toBe('high-card');
    expect(value('Tc Jd Qh Ks Ac')).toBeGreaterThan(value('9c Td Jh Qs Kc'));
  });

  it('H7 flush: highest card, then the next, as high card', () => {
    expect(value('Ac Jc 8c 6c 2c')).toBeGreaterThan(value('Kd Qd Jd 9d 7d'));
    expect(value('Ac Jc 8c 6c 3c')).toBeGreaterThan(value('Ad Jd 8d 6d 2d'));
  });

  it('H6 full house: by the trips, then the pair (queens full of tens)', () => {
    expect(value('Qc Qd Qh Tc Td')).toBeGreaterThan(value('Jc Jd Jh Ac Ad'));
    expect(value('Qc Qd Qh Jc Jd')).toBeGreaterThan(value('Qc Qd Qh Tc Td'));
    expect(evaluate('Qs Qh Qd Tc Td').words).toEqual({ en: 'Full house, queens full of tens', de: 'Full House, Damen voll Zehnen' });
  });

  it('H5 four of a kind: the quads, then the kicker (quads on the board: the highest kicker plays)', () => {
    expect(value('Jc Jd Jh Js 2c')).toBeGreaterThan(value('Tc Td Th Ts Ac'));
    expect(value('Jc Jd Jh Js Ad 2c 3c')).toBeGreaterThan(value('Jc Jd Jh Js Kd Qh Qs'));
  });

  it('H2 straight flush: the higher top card; a royal flush is the top one, named as such', () => {
    expect(value('5h 6h 7h 8h 9h')).toBeGreaterThan(value('4h 5h 6h 7h 8h'));
    expect(evaluate('Th Jh Qh Kh Ah').category).toBe('royal-flush');
    expect(evaluate('9h Th Jh Qh Kh').category).toBe('straight-flush');
  });

  it('H3 suits never break ties', () => {
    expect(value('As Ac Js Jc Tc')).toBe(value('Ah Ad Jh Jd Ts')); // seed 000's split pot example
    expect(value('Ah Kh Qh Jh 9h')).toBe(value('As Ks Qs Js 9s'));
    expect(value('2c 3c 4c 5c 6c')).toBe(value('2s 3s 4s 5s 6s'));
  });
});

describe('H1 best five of seven', () => {
  it('the sixth and seventh card do not count (seed 000)', () => {
    expect(value('Ah Ad Kc Kd Qh 3c 2s')).toBe(value('As Ac Ks Kh Qd'));
  });

  it('the board plays: both players split when the board is the best hand', () => {
    const board = 'Tc Jd Qh Ks Ac';
    expect(value(`2c 3d ${board}`)).toBe(value(`4h 5s ${board}`));
    expect(best(`2c 3d ${board}`)).toBe('Ac Ks Qh Jd Tc');
  });

  it('a straight flush beats the flush in the same seven cards; a flush beats the straight', () => {
    expect(evaluate('9h 8h 7h 6h 5h Ah Kh').category).toBe('straight-flush');
    expect(best('9h 8h 7h 6h 5h Ah Kh')).toBe('9h 8h 7h 6h 5h');
    expect(evaluate('9h 8h 7h 6h 2h Td 5c').category).toBe('flush');
  });

  it('chooses the higher of two pairs of trips as a full house', () => {
    expect(evaluate('Kc Kd Kh 7s 7c 7d 2h').words.en).toBe('Full house, kings full of sevens');
    expect(best('Kc Kd Kh 7s 7c 7d 2h')).toBe('Kh Kd Kc 7s 7d');
  });

  it('three pairs: the two highest play, the best remaining card kicks', () => {
    expect(best('Ac Ad 3h 3s 5c 5d 4h')).toBe('Ad Ac 5d 5c 4h');
  });

  it('six cards evaluate as the best five', () => {
    expect(value('Ah Kh Qh Jh Th 2c')).toBe(7462);
    expect(value('2c 2d 5h 5s 9c 9d')).toBe(value('9c 9d 5h 5s 2c'));
  });
});

describe('H9 words and the cards that play', () => {
  it('announces each category as a croupier would, in English and German', () => {
    const words = (hand: string): [string, string] => {
      const { en, de } = evaluate(hand).words;
      return [en, de];
    };
    expect(words('Ac Ad 3h 3s 2c')).toEqual(['Two pair, aces and threes', 'Zwei Paare, Asse und Dreien']);
    expect(words('2c 2d Ah Ks Qc')).toEqual(['Pair of twos', 'Ein Paar Zweien']);
    expect(words('Jc Jd Jh Js Ad')).toEqual(['Four of a kind, jacks', 'Vierling, Buben']);
    expect(words('8c 8d 8h Ks 4c')).toEqual(['Three of a kind, eights', 'Drilling, Achten']);
    expect(words('5h 6h 7h 8h 9h')).toEqual(['Straight flush, nine high', 'Straight Flush, Neun hoch']);
    expect(words('Ac Jc 8c 6c 2c')).toEqual(['Flush, ace high', 'Flush, Ass hoch']);
    expect(words('Ac Qd 9h 7s 4c')).toEqual(['Ace high', 'Ass hoch']);
    expect(words('Th Jh Qh Kh Ah')).toEqual(['Royal flush', 'Royal Flush']);
    expect(words('7c 8d 9h Ts Jc')).toEqual(['Straight, jack high', 'Straße, Bube hoch']);
  });

  it('lists the five cards in reading order: the group first, then kickers high to low', () => {
    expect(best('Kc 3d Kh 9s 2c 7h Qd')).toBe('Kh Kc Qd 9s 7h');
    expect(best('Qc Tc Qd Th Qs 2c 3d')).toBe('Qs Qd Qc Th Tc');
    expect(best('2h 9h 4h Jh Kh Ah 3c')).toBe('Ah Kh Jh 9h 4h');
  });

  it('C3 refuses anything that is not 5–7 distinct cards', () => {
    expect(() => handValue(parseCards('Ah Kh Qh Jh'))).toThrow('a hand has 5 to 7 cards, got 4');
    expect(() => handValue(parseCards('Ah Kh Qh Jh Th 9h 8h 7h'))).toThrow('a hand has 5 to 7 cards, got 8');
    expect(() => evaluateHand([1, 2, 3, 4, 4] as never)).toThrow('3c appears twice');
    expect(() => evaluateHand([1, 2, 3, 4, 60] as never)).toThrow('60 is not a card number');
  });
});
