import { CARD_COUNT, RANK_LETTERS, SUIT_LETTERS, SUIT_SYMBOLS, type Card, makeCard, rankOf, suitOf } from './card.js';
import type { Rank, Suit } from './card.js';
import { CardInputError } from './card-input-error.js';

/**
 * Card notation: rank then suit, e.g. `Ah`, `Td`, `10d`, `ah`, `A♥`, `10♥`.
 * Ranks: 2–9, T or 10, J, Q, K, A (any case). Suits: c d h s (any case) or ♣ ♦ ♥ ♠ (also the outline
 * forms ♧ ♢ ♡ ♤ and an emoji variation selector, since touch keyboards and copied text produce them).
 */
const SUIT_BY_CHAR: ReadonlyMap<string, number> = new Map([
  ['c', 0], ['d', 1], ['h', 2], ['s', 3],
  ['♣', 0], ['♦', 1], ['♥', 2], ['♠', 3],
  ['♧', 0], ['♢', 1], ['♡', 2], ['♤', 3],
]);

const VARIATION_SELECTOR = /\uFE0F|\uFE0E/g;

/** Parses one card; throws `CardInputError` naming the token when it is not a card. */
export function parseCard(token: string): Card {
  const card = tryParseCard(token);
  if (card === undefined) {
    throw new CardInputError('not-a-card', `'${token}' is not a card`, token);
  }
  return card;
}

/** Parses one card, or `undefined` when the token is not a card. */
export function tryParseCard(token: string): Card | undefined {
  const text = token.trim().replace(VARIATION_SELECTOR, '').toLowerCase();
  let rankText: string;
  let suitText: string;
  if (text.length === 3 && text.startsWith('10')) {
    rankText = 't';
    suitText = text.slice(2);
  } else if (text.length === 2) {
    rankText = text.slice(0, 1);
    suitText = text.slice(1);
  } else {
    return undefined;
  }
  const rank = RANK_LETTERS.toLowerCase().indexOf(rankText);
  const suit = SUIT_BY_CHAR.get(suitText);
  if (rank < 0 || suit === undefined) return undefined;
  return makeCard(rank as Rank, suit as Suit);
}

/**
 * Parses cards separated by spaces or commas, or given as a list of tokens. Every card must be
 * distinct: a hand built from the same card twice is refused, naming that card.
 */
export function parseCards(input: string | readonly string[]): Card[] {
  const tokens = typeof input === 'string' ? input.split(/[\s,]+/).filter((token) => token !== '') : input;
  const cards = tokens.map(parseCard);
  assertDistinct(cards);
  return cards;
}

/** Throws `CardInputError('duplicate-card')` naming the first card that appears twice. */
export function assertDistinct(cards: readonly Card[]): void {
  const seen = new Set<Card>();
  for (const card of cards) {
    if (seen.has(card)) {
      throw new CardInputError('duplicate-card', `${formatCard(card)} appears twice`, formatCard(card));
    }
    seen.add(card);
  }
}

/** `Ah`, `Td`: the ASCII notation used in logs, files and hand histories. */
export function formatCard(card: Card): string {
  checkCard(card);
  return `${RANK_LETTERS.charAt(rankOf(card))}${SUIT_LETTERS.charAt(suitOf(card))}`;
}

/** `A♥`, `10♦`: the notation shown to people. */
export function formatCardSymbol(card: Card): string {
  checkCard(card);
  const rank = rankOf(card);
  const rankText = rank === 8 ? '10' : RANK_LETTERS.charAt(rank);
  return `${rankText}${SUIT_SYMBOLS.charAt(suitOf(card))}`;
}

export function formatCards(cards: readonly Card[]): string {
  return cards.map(formatCard).join(' ');
}

function checkCard(card: Card): void {
  if (!Number.isInteger(card) || card < 0 || card >= CARD_COUNT) {
    throw new CardInputError('not-a-card', `${String(card)} is not a card number (0–51)`, String(card));
  }
}
