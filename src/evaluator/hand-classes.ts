import { ACE, RANK_COUNT, type Rank } from '../cards/card.js';
import { InvariantError } from '../invariant-error.js';
import { CATEGORIES, type Category, HAND_VALUE_COUNT } from './category.js';

/**
 * The 7,462 distinct five-card hands ("classes"), in order of strength. A hand's value is its class's
 * position, 1-based, so a higher value always wins and equal values tie. Built here from first
 * principles, offline, for the lookup tables and the classes the product ships (packed-classes.ts).
 */
export type HandClass = {
  readonly value: number;
  readonly category: Category;
  /** The five ranks in the order a croupier reads them: pairs before kickers, 5-4-3-2-A for the wheel. */
  readonly ranks: readonly Rank[];
};

/**
 * Classifies five ranks (given as counts per rank, summing to five) with or without a flush.
 * Returns the category and the ranks in reading order; `key` orders classes within a category.
 */
export function classifyFive(counts: ArrayLike<number>, flush: boolean): { category: Category; ranks: Rank[] } {
  const groups: { rank: Rank; count: number }[] = [];
  for (let rank = ACE as number; rank >= 0; rank--) {
    const count = counts[rank] ?? 0;
    if (count > 0) groups.push({ rank: rank as Rank, count });
  }
  groups.sort((a, b) => b.count - a.count || b.rank - a.rank);
  const ranks = groups.flatMap((group) => Array<Rank>(group.count).fill(group.rank));
  const straightHigh = groups.length === 5 ? straightHighOf(groups.map((group) => group.rank)) : undefined;
  const shape = groups.map((group) => group.count).join('');

  if (straightHigh !== undefined) {
    const straightRanks = straightHigh === 3 ? ([3, 2, 1, 0, ACE] as Rank[]) : ranks;
    if (flush) return { category: straightHigh === ACE ? 'royal-flush' : 'straight-flush', ranks: straightRanks };
    return { category: 'straight', ranks: straightRanks };
  }
  if (flush) return { category: 'flush', ranks };
  switch (shape) {
    case '41':
      return { category: 'four-of-a-kind', ranks };
    case '32':
      return { category: 'full-house', ranks };
    case '311':
      return { category: 'three-of-a-kind', ranks };
    case '221':
      return { category: 'two-pair', ranks };
    case '2111':
      return { category: 'one-pair', ranks };
    case '11111':
      return { category: 'high-card', ranks };
    default:
      throw new RangeError(`five ranks expected, got counts ${shape}`);
  }
}

/** High rank of a straight among five distinct ranks (descending), or undefined. The wheel is 5 high. */
function straightHighOf(descending: readonly number[]): Rank | undefined {
  const [first, second, , , last] = descending as [number, number, number, number, number];
  if (first - last === 4) return first as Rank;
  // A-5-4-3-2: with five distinct ranks, an ace over a five leaves only 4, 3, 2 below.
  if (first === ACE && second === 3) return 3 as Rank;
  return undefined;
}

/** Orders two classes of one category: the strength of their reading-order ranks, the wheel lowest. */
function compareWithinCategory(a: { category: Category; ranks: readonly Rank[] }, b: { ranks: readonly Rank[] }): number {
  const straightish = a.category === 'straight' || a.category === 'straight-flush' || a.category === 'royal-flush';
  if (straightish) return (a.ranks[0] as number) - (b.ranks[0] as number);
  for (let i = 0; i < 5; i++) {
    const difference = (a.ranks[i] as number) - (b.ranks[i] as number);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** A stable text key for a class: category and reading-order ranks. */
export function classKey(category: Category, ranks: readonly Rank[]): string {
  return `${category}:${ranks.join(',')}`;
}

let classesInOrder: readonly HandClass[] | undefined;
let valueByKey: ReadonlyMap<string, number> | undefined;

/**
 * All 7,462 classes, weakest first (`classes[value - 1]`), built from first principles. For the table
 * builder (scripts/evaluator-tables.ts) and the tests: at run time the product reads the classes the
 * builder shipped (packed-classes.ts), as building them costs a quarter of a second on a cold start.
 */
export function handClasses(): readonly HandClass[] {
  if (classesInOrder !== undefined) return classesInOrder;
  const found = new Map<string, { category: Category; ranks: Rank[] }>();
  const counts = new Array<number>(RANK_COUNT).fill(0);
  const visit = (rank: number, left: number): void => {
    if (rank === RANK_COUNT) {
      if (left !== 0) return;
      const distinct = counts.every((count) => count <= 1);
      for (const flush of distinct ? [false, true] : [false]) {
        const handClass = classifyFive(counts, flush);
        found.set(classKey(handClass.category, handClass.ranks), handClass);
      }
      return;
    }
    for (let count = 0; count <= Math.min(4, left); count++) {
      counts[rank] = count;
      visit(rank + 1, left - count);
    }
    counts[rank] = 0;
  };
  visit(0, 5);
  const sorted = [...found.values()].sort(
    (a, b) => CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category) || compareWithinCategory(a, b),
  );
  if (sorted.length !== HAND_VALUE_COUNT) {
    throw new InvariantError(`expected ${HAND_VALUE_COUNT} hand classes, found ${sorted.length}`);
  }
  classesInOrder = sorted.map((handClass, index) => ({ ...handClass, value: index + 1 }));
  valueByKey = new Map(classesInOrder.map((handClass) => [classKey(handClass.category, handClass.ranks), handClass.value]));
  return classesInOrder;
}

/** The value (1 … 7,462) of five ranks given as counts, with or without a flush. */
export function valueOfFive(counts: ArrayLike<number>, flush: boolean): number {
  handClasses();
  const handClass = classifyFive(counts, flush);
  return (valueByKey as ReadonlyMap<string, number>).get(classKey(handClass.category, handClass.ranks)) as number;
}

/**
 * A class in one integer: the category's index in `CATEGORIES` in bits 20–23, the five ranks in reading
 * order in bits 16–19, 12–15, … 0–3. How the builder ships the classes (packed-classes.ts reads them).
 */
export function packClass(handClass: { readonly category: Category; readonly ranks: readonly Rank[] }): number {
  let packed = CATEGORIES.indexOf(handClass.category) << 20;
  handClass.ranks.forEach((rank, place) => (packed |= rank << (16 - 4 * place)));
  return packed;
}
