import { RANK_COUNT } from '../cards/card.js';
import { RANK_KEYS, SIZE_BASE } from './keys.js';

const FOUR_OF_EACH: readonly number[] = new Array<number>(RANK_COUNT).fill(4);

/**
 * Visits every multiset of `size` ranks with each rank at most `limits[rank]` times (by default four:
 * the ranks of a hand of `size` cards), in one fixed order, with its lookup key (the size's base plus
 * the rank-key sum). The table builder stores one value per multiset in this order; the evaluator walks
 * the same order at load to place them, so the shipped table holds no empty cells. `counts` is reused
 * between visits.
 */
export function forEachRankMultiset(
  size: 5 | 6 | 7,
  visit: (counts: readonly number[], key: number) => void,
  limits: readonly number[] = FOUR_OF_EACH,
): void {
  const counts = new Array<number>(RANK_COUNT).fill(0);
  // room[r]: how many ranks r… can still take. Branches that cannot be filled are never entered, which
  // matters because the evaluator runs this once at load, before the JIT has warmed up.
  const room = new Array<number>(RANK_COUNT + 1).fill(0);
  for (let rank = RANK_COUNT - 1; rank >= 0; rank--) room[rank] = (room[rank + 1] as number) + (limits[rank] as number);
  const recurse = (rank: number, left: number, key: number): void => {
    if (left === 0) {
      visit(counts, key);
      return;
    }
    const rankKey = RANK_KEYS[rank] as number;
    const least = Math.max(1, left - (room[rank + 1] as number));
    for (let count = Math.min(limits[rank] as number, left); count >= least; count--) {
      counts[rank] = count;
      recurse(rank + 1, left - count, key + count * rankKey);
    }
    counts[rank] = 0;
    if (left <= (room[rank + 1] as number)) recurse(rank + 1, left, key);
  };
  recurse(0, size, SIZE_BASE[size]);
}

export const HAND_SIZES = [5, 6, 7] as const;
