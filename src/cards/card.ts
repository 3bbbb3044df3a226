/**
 * A playing card as an integer 0–51: `rank * 4 + suit`.
 *
 * Rank 0 is the deuce and 12 the ace; suit 0–3 is ♣ ♦ ♥ ♠, the bridge order the casino rules use to
 * break ties in the draw for the button (seed 000). So a higher card number is always the higher card
 * for that draw, and `card >> 2` / `card & 3` recover rank and suit without a table.
 */
export type Card = number & { readonly __brand: 'Card' };
/** 0 = deuce … 12 = ace. */
export type Rank = number & { readonly __brand: 'Rank' };
/** 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades. */
export type Suit = number & { readonly __brand: 'Suit' };

export const CARD_COUNT = 52;
export const RANK_COUNT = 13;
export const SUIT_COUNT = 4;

/** Rank letters as printed in card notation, deuce first. */
export const RANK_LETTERS = '23456789TJQKA';
/** Suit letters in suit order: clubs, diamonds, hearts, spades. */
export const SUIT_LETTERS = 'cdhs';
/** Suit symbols in suit order. */
export const SUIT_SYMBOLS = '♣♦♥♠';

export const ACE = 12 as Rank;

export function makeCard(rank: Rank, suit: Suit): Card {
  return (rank * 4 + suit) as Card;
}

export function rankOf(card: Card): Rank {
  return (card >> 2) as Rank;
}

export function suitOf(card: Card): Suit {
  return (card & 3) as Suit;
}

export function isCard(value: unknown): value is Card {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < CARD_COUNT;
}
