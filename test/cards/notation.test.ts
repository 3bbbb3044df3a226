import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARD_COUNT, type Card, makeCard, rankOf, suitOf, type Rank, type Suit } from '../../src/cards/card.js';
import { CardInputError } from '../../src/cards/card-input-error.js';
import { formatCard, formatCardSymbol, parseCard, parseCards, tryParseCard } from '../../src/cards/notation.js';

describe('card notation', () => {
  it('reads every way a card is written', () => {
    const aceOfHearts = makeCard(12 as Rank, 2 as Suit);
    const tenOfDiamonds = makeCard(8 as Rank, 1 as Suit);
    for (const token of ['Ah', 'ah', 'AH', 'A♥', 'a♥', 'A♡', 'A♥️', ' Ah ']) expect(parseCard(token)).toBe(aceOfHearts);
    for (const token of ['Td', 'td', '10d', '10D', '10♦', 'T♦', '10♢']) expect(parseCard(token)).toBe(tenOfDiamonds);
    expect(parseCard('2c')).toBe(0);
    expect(parseCard('As')).toBe(51);
  });

  it('C2 orders cards by rank, then suit ♣ < ♦ < ♥ < ♠ (seed 000, the draw for the button)', () => {
    const order = ['Kc', 'Kd', 'Kh', 'Ks', 'Ac'].map(parseCard);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('formats as Ah and as A♥, and reads back what it writes, for all 52 cards', () => {
    for (let card = 0 as Card; card < CARD_COUNT; card++) {
      expect(parseCard(formatCard(card))).toBe(card);
      expect(parseCard(formatCardSymbol(card))).toBe(card);
      expect(rankOf(card) * 4 + suitOf(card)).toBe(card);
    }
    expect(formatCard(parseCard('10h'))).toBe('Th');
    expect(formatCardSymbol(parseCard('Th'))).toBe('10♥');
    expect(formatCardSymbol(parseCard('2s'))).toBe('2♠');
  });

  it('names the bad token', () => {
    for (const token of ['1x', '', 'A', 'Ahh', '11h', '1h', 'Ax', 'Zh', '10', '♥A']) {
      expect(() => parseCard(token)).toThrow(new CardInputError('not-a-card', `'${token}' is not a card`, token));
    }
    expect(() => parseCards('Ah Kd 1x 2c')).toThrow("'1x' is not a card");
    expect(() => formatCard(52 as Card)).toThrow('52 is not a card number');
  });

  it('C3 refuses a card given twice, naming it', () => {
    expect(() => parseCards('Ah Kd ah')).toThrow('Ah appears twice');
    expect(() => parseCards(['10♦', 'Td'])).toThrow('Td appears twice');
    try {
      parseCards('Ah Kd ah');
    } catch (error) {
      expect(error).toBeInstanceOf(CardInputError);
      expect((error as CardInputError).code).toBe('duplicate-card');
    }
  });

  it('splits lists on spaces and commas', () => {
    expect(parseCards('Ah, Kd  Qs,Jc').map(formatCard)).toEqual(['Ah', 'Kd', 'Qs', 'Jc']);
  });

  it('any string is either a card that formats back to itself or an error naming it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 4 }), (token) => {
        const card = tryParseCard(token);
        if (card === undefined) {
          expect(() => parseCard(token)).toThrow(`'${token}' is not a card`);
        } else {
          expect(parseCard(formatCard(card))).toBe(card);
        }
      }),
      { numRuns: 2000, seed: 42 },
    );
  });
});
