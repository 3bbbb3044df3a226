/** Hand categories, weakest first; the index is the category's strength. */
export const CATEGORIES = [
  'high-card',
  'one-pair',
  'two-pair',
  'three-of-a-kind',
  'straight',
  'flush',
  'full-house',
  'four-of-a-kind',
  'straight-flush',
  'royal-flush',
] as const;

export type Category = (typeof CATEGORIES)[number];

/** Distinct five-card hand values per category, weakest category first (7,462 in all). */
export const CLASS_COUNTS: Readonly<Record<Category, number>> = {
  'high-card': 1277,
  'one-pair': 2860,
  'two-pair': 858,
  'three-of-a-kind': 858,
  straight: 10,
  flush: 1277,
  'full-house': 156,
  'four-of-a-kind': 156,
  'straight-flush': 9,
  'royal-flush': 1,
};

export const HAND_VALUE_COUNT = 7462;

const FIRST_VALUE_OF = new Map<Category, number>();
{
  let next = 1;
  for (const category of CATEGORIES) {
    FIRST_VALUE_OF.set(category, next);
    next += CLASS_COUNTS[category];
  }
}

/** The category of a hand value (1 … 7,462): values are grouped by category, weakest first. */
export function categoryOfValue(value: number): Category {
  for (let index = CATEGORIES.length - 1; index >= 0; index--) {
    const category = CATEGORIES[index] as Category;
    if (value >= (FIRST_VALUE_OF.get(category) as number)) return category;
  }
  throw new RangeError(`${String(value)} is not a hand value`);
}
