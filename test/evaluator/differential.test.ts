import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../src/cards/random.js';
import { shuffle, newDeck } from '../../src/cards/deck.js';
import type { Card } from '../../src/cards/card.js';
import { categoryOfValue } from '../../src/evaluator/category.js';
import { handValue } from '../../src/evaluator/evaluate.js';
import { compareScores, referenceCategory, referenceScore } from '../support/reference-evaluator.js';

/**
 * Differential test: 100,000 seeded random hands of 5, 6 and 7 cards, evaluated by Felt and by the
 * simple reference. Sorted by the reference's score, Felt's values must rise exactly where the
 * reference's scores rise and stay equal exactly where they tie — the same order, ties included.
 */
describe('evaluator agrees with the reference evaluator', () => {
  it('orders 100,000 seeded random hands exactly as the reference does', () => {
    const random = new SeededRandom(20261129);
    const deck = newDeck();
    const rows: { cards: Card[]; value: number; score: readonly number[] }[] = [];
    for (let i = 0; i < 100_000; i++) {
      const size = 5 + (i % 3);
      const cards = shuffle(deck, random).slice(0, size);
      rows.push({ cards, value: handValue(cards), score: referenceScore(cards) });
    }
    rows.sort((a, b) => compareScores(a.score, b.score));
    let disagreements = 0;
    for (let i = 1; i < rows.length; i++) {
      const previous = rows[i - 1] as (typeof rows)[number];
      const current = rows[i] as (typeof rows)[number];
      const referenceOrder = Math.sign(compareScores(current.score, previous.score));
      if (Math.sign(current.value - previous.value) !== referenceOrder) disagreements++;
    }
    for (const row of rows) {
      if (categoryOfValue(row.value) !== referenceCategory(row.score)) disagreements++;
    }
    expect(disagreements).toBe(0);
    // The sample reaches every category, so no category goes unchecked.
    expect(new Set(rows.map((row) => categoryOfValue(row.value))).size).toBeGreaterThanOrEqual(9);
  });
});
