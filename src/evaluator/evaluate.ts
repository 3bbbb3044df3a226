import { type Card, isCard, rankOf, suitOf } from '../cards/card.js';
import { CardInputError } from '../cards/card-input-error.js';
import { assertDistinct, formatCard } from '../cards/notation.js';
import { InvariantError } from '../invariant-error.js';
import type { Category } from './category.js';
import { packedCategory, packedClassOf, packedRank } from './packed-classes.js';
import { evaluate5, evaluate6, evaluate7 } from './lookup.js';
import { type Words, wordsOfValue } from './words.js';

export type HandEvaluation = {
  /** 1 … 7,462: higher beats lower, equal ties. */
  readonly value: number;
  readonly category: Category;
  /** The five cards that play, in reading order (the pair first, the wheel as 5-4-3-2-A). */
  readonly best: readonly Card[];
  readonly words: Words;
};

/**
 * The value of five to seven distinct cards, checked: throws `CardInputError` for a wrong count, a
 * number that is not a card, or a card given twice.
 */
export function handValue(cards: readonly Card[]): number {
  checkHand(cards);
  return lookUp(cards);
}

/** Value, category, the five cards that play and the words for them. */
export function evaluateHand(cards: readonly Card[]): HandEvaluation {
  checkHand(cards);
  return evaluateCheckedHand(cards);
}

/**
 * `evaluateHand` for cards the caller has already checked (the engine: every card it holds was
 * checked when dealt), without checking them again; `value` when the caller has looked it up already.
 */
export function evaluateCheckedHand(cards: readonly Card[], value = lookUp(cards)): HandEvaluation {
  const packed = packedClassOf(value);
  const category = packedCategory(packed);
  return { value, category, best: cardsThatPlay(cards, category, packed), words: wordsOfValue(value) };
}

function checkHand(cards: readonly Card[]): void {
  if (cards.length < 5 || cards.length > 7) {
    throw new CardInputError('wrong-card-count', `a hand has 5 to 7 cards, got ${cards.length}`);
  }
  for (const card of cards) {
    if (!isCard(card)) throw new CardInputError('not-a-card', `${String(card)} is not a card number (0–51)`, String(card));
  }
  assertDistinct(cards);
}

function lookUp(cards: readonly Card[]): number {
  const [a, b, c, d, e, f, g] = cards as [Card, Card, Card, Card, Card, Card?, Card?];
  if (g !== undefined) return evaluate7(a, b, c, d, e, f as Card, g);
  if (f !== undefined) return evaluate6(a, b, c, d, e, f);
  return evaluate5(a, b, c, d, e);
}

/** Picks the cards matching the class's ranks in reading order (within the flush suit for flushes). */
function cardsThatPlay(cards: readonly Card[], category: Category, packed: number): Card[] {
  let suit = -1;
  if (category === 'flush' || category === 'straight-flush' || category === 'royal-flush') {
    const counts = [0, 0, 0, 0];
    for (let index = 0; index < cards.length; index++) {
      const cardSuit = suitOf(cards[index] as Card);
      const count = (counts[cardSuit] ?? 0) + 1;
      counts[cardSuit] = count;
      if (count >= 5) suit = cardSuit;
    }
  }
  // For each rank in reading order, the highest unused card of that rank (of the flush suit, if any).
  // Filled in place: five pushes onto an empty array would grow it once, which costs more than the picks.
  let used = 0;
  const best = [0, 0, 0, 0, 0] as Card[];
  for (let place = 0; place < 5; place++) {
    const rank = packedRank(packed, place);
    let pick = -1;
    let pickCard = -1;
    for (let index = 0; index < cards.length; index++) {
      const card = cards[index] as Card;
      if (rankOf(card) !== rank || (used & (1 << index)) !== 0 || (suit >= 0 && suitOf(card) !== suit)) continue;
      if (card > pickCard) {
        pick = index;
        pickCard = card;
      }
    }
    if (pick < 0) throw new InvariantError(`no card of rank ${rank} among ${cards.map(formatCard).join(' ')}`);
    used |= 1 << pick;
    best[place] = pickCard as Card;
  }
  return best;
}
