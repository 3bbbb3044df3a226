import type { Rank } from '../cards/card.js';
import { CATEGORIES, type Category, HAND_VALUE_COUNT } from './category.js';
import { decodeInt32 } from './base64.js';
import type { HandClass } from './hand-classes.js';
import { CLASSES_BASE64, CLASSES_LENGTH } from './tables.generated.js';

/**
 * The 7,462 hand classes as the table builder ships them, one integer per value (`packClass` in
 * hand-classes.ts: category in bits 20–23, the ranks in reading order below). Read, not built: building
 * the classes on the first showdown of a process cost a quarter of a second, the most of `felt report`'s
 * time over a year's log. A 30 KB typed array rather than 7,462 objects: a showdown looks up one random
 * value, and objects would miss the cache every time.
 */
const PACKED = decodeInt32(CLASSES_BASE64, CLASSES_LENGTH);

/** A value's class in one integer (see above). */
export function packedClassOf(value: number): number {
  const packed = value >= 1 && value <= HAND_VALUE_COUNT ? PACKED[value] : undefined;
  if (packed === undefined) throw new RangeError(`${String(value)} is not a hand value (1–${HAND_VALUE_COUNT})`);
  return packed;
}

/** The category of a packed class. */
export function packedCategory(packed: number): Category {
  return CATEGORIES[packed >>> 20] as Category;
}

/** The rank at `place` (0–4, reading order) of a packed class. */
export function packedRank(packed: number, place: number): number {
  return (packed >>> (16 - 4 * place)) & 15;
}

// Filled with undefined up front: an array written at scattered indexes would turn into a slow dictionary.
const classByValue: (HandClass | undefined)[] = new Array<HandClass | undefined>(HAND_VALUE_COUNT + 1).fill(undefined);

/** The class of a value, for words and the cards that play; made from its packed form once per value. */
export function classOfValue(value: number): HandClass {
  let handClass = classByValue[value];
  if (handClass === undefined) {
    const packed = packedClassOf(value);
    const ranks = [0, 1, 2, 3, 4].map((place) => packedRank(packed, place) as Rank);
    handClass = { value, category: packedCategory(packed), ranks };
    classByValue[value] = handClass;
  }
  return handClass;
}
