import { CARD_COUNT, type Card } from './card.js';
import type { SeededRandom } from './random.js';

/** A fresh deck in card order: 2♣ 2♦ 2♥ 2♠ 3♣ … A♠. */
export function newDeck(): Card[] {
  return Array.from({ length: CARD_COUNT }, (_, card) => card as Card);
}

/** Fisher–Yates shuffle driven by the seeded source: the same seed gives the same order. */
export function shuffle<T>(items: readonly T[], random: SeededRandom): T[] {
  const result = items.slice();
  for (let i = result.length - 1; i > 0; i--) {
    const j = random.nextInt(i + 1);
    const swap = result[i] as T;
    result[i] = result[j] as T;
    result[j] = swap;
  }
  return result;
}

/** A deck shuffled from a seed, for simulated tables and tests. */
export function shuffledDeck(random: SeededRandom): Card[] {
  return shuffle(newDeck(), random);
}
