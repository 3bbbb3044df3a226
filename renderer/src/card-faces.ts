import type { Card } from '../../src/cards/card';

/**
 * Card faces for the screen. The encoding is src/cards' (rank = card >> 2, 0 = deuce … 12 = ace;
 * suit = card & 3, ♣ ♦ ♥ ♠); test/renderer/card-faces.test.ts holds these names to src/cards' notation
 * for all 52 cards. (The lint rule meant to let the renderer import src/cards at runtime does not yet.)
 */
const RANK_LETTERS = '23456789TJQKA';
const SUIT_LETTERS = 'cdhs';
const SUIT_SYMBOLS = '♣♦♥♠';
const RANKS = 13;

/** What a card face shows: rank and suit symbol, red for hearts and diamonds; `code` is `Ah`, `Tc`. */
export type CardFaceText = { readonly rank: string; readonly suit: string; readonly red: boolean; readonly code: string };

export function cardFace(card: Card): CardFaceText {
  const rank = card >> 2;
  const suit = card & 3;
  return {
    rank: rank === 8 ? '10' : RANK_LETTERS.charAt(rank),
    suit: SUIT_SYMBOLS.charAt(suit),
    red: suit === 1 || suit === 2,
    code: `${RANK_LETTERS.charAt(rank)}${SUIT_LETTERS.charAt(suit)}`,
  };
}

/** The picker's rows: one per suit (♠ ♥ ♦ ♣), ace down to deuce, like a fanned deck. */
export const PICKER_ROWS: readonly (readonly Card[])[] = [3, 2, 1, 0].map((suit) => Array.from({ length: RANKS }, (_, index) => ((RANKS - 1 - index) * 4 + suit) as Card));
