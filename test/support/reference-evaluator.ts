/**
 * A deliberately simple evaluator, written for the tests and the verification only: every five-card
 * subset, scored by sorting ranks and counting groups, the best score wins. Slow and obviously right,
 * sharing no code or tables with src/evaluator.
 */
export type ReferenceScore = readonly number[];

const CATEGORY = ['high-card', 'one-pair', 'two-pair', 'three-of-a-kind', 'straight', 'flush', 'full-house', 'four-of-a-kind', 'straight-flush', 'royal-flush'];

/** Score of exactly five cards (0–51, rank = card >> 2, suit = card & 3): [category, tie-break ranks…]. */
export function scoreFive(cards: readonly number[]): ReferenceScore {
  const ranks = cards.map((card) => card >> 2).sort((a, b) => b - a);
  const flush = cards.every((card) => (card & 3) === ((cards[0] as number) & 3));
  const distinct = new Set(ranks).size === 5;
  let straightHigh = -1;
  if (distinct && (ranks[0] as number) - (ranks[4] as number) === 4) straightHigh = ranks[0] as number;
  if (distinct && ranks.join() === '12,3,2,1,0') straightHigh = 3; // A-2-3-4-5: the ace plays low
  if (straightHigh >= 0 && flush) return [straightHigh === 12 ? 9 : 8, straightHigh];
  const counts = new Map<number, number>();
  for (const rank of ranks) counts.set(rank, (counts.get(rank) ?? 0) + 1);
  // Groups: larger groups first, then higher rank.
  const groups = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const byGroup = groups.map(([rank]) => rank);
  const shape = groups.map(([, count]) => count).join('');
  if (shape === '41') return [7, ...byGroup];
  if (shape === '32') return [6, ...byGroup];
  if (flush) return [5, ...ranks];
  if (straightHigh >= 0) return [4, straightHigh];
  if (shape === '311') return [3, ...byGroup];
  if (shape === '221') return [2, ...byGroup];
  if (shape === '2111') return [1, ...byGroup];
  return [0, ...ranks];
}

export function compareScores(a: ReferenceScore, b: ReferenceScore): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = (a[i] ?? -1) - (b[i] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** Best score over every five-card subset of 5–7 cards. */
export function referenceScore(cards: readonly number[]): ReferenceScore {
  let best: ReferenceScore = [-1];
  const n = cards.length;
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++)
      for (let c = b + 1; c < n; c++)
        for (let d = c + 1; d < n; d++)
          for (let e = d + 1; e < n; e++) {
            const score = scoreFive([cards[a], cards[b], cards[c], cards[d], cards[e]] as number[]);
            if (compareScores(score, best) > 0) best = score;
          }
  return best;
}

export function referenceCategory(score: ReferenceScore): string {
  return CATEGORY[score[0] as number] as string;
}
