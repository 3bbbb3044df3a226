import type { Rank } from '../cards/card.js';
import { type Category, HAND_VALUE_COUNT } from './category.js';
import type { HandClass } from './hand-classes.js';
import { classOfValue } from './packed-classes.js';

/** Text in both languages the product speaks. */
export type Words = { readonly en: string; readonly de: string };

const EN_ONE = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'jack', 'queen', 'king', 'ace'];
const EN_MANY = ['twos', 'threes', 'fours', 'fives', 'sixes', 'sevens', 'eights', 'nines', 'tens', 'jacks', 'queens', 'kings', 'aces'];
const DE_ONE = ['Zwei', 'Drei', 'Vier', 'Fünf', 'Sechs', 'Sieben', 'Acht', 'Neun', 'Zehn', 'Bube', 'Dame', 'König', 'Ass'];
const DE_MANY = ['Zweien', 'Dreien', 'Vieren', 'Fünfen', 'Sechsen', 'Siebenen', 'Achten', 'Neunen', 'Zehnen', 'Buben', 'Damen', 'Könige', 'Asse'];

/** Rank names: `one` for a single card ("king"), `many` for a group ("kings"). */
export const rankWords = {
  en: { one: (rank: Rank): string => EN_ONE[rank] as string, many: (rank: Rank): string => EN_MANY[rank] as string },
  de: { one: (rank: Rank): string => DE_ONE[rank] as string, many: (rank: Rank): string => DE_MANY[rank] as string },
};

/** Category names as nouns, e.g. in "flush beats straight". */
export const CATEGORY_WORDS: Readonly<Record<Category, Words>> = {
  'high-card': { en: 'high card', de: 'Höchste Karte' },
  'one-pair': { en: 'one pair', de: 'Ein Paar' },
  'two-pair': { en: 'two pair', de: 'Zwei Paare' },
  'three-of-a-kind': { en: 'three of a kind', de: 'Drilling' },
  straight: { en: 'straight', de: 'Straße' },
  flush: { en: 'flush', de: 'Flush' },
  'full-house': { en: 'full house', de: 'Full House' },
  'four-of-a-kind': { en: 'four of a kind', de: 'Vierling' },
  'straight-flush': { en: 'straight flush', de: 'Straight Flush' },
  'royal-flush': { en: 'royal flush', de: 'Royal Flush' },
};

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// Filled with undefined up front: an array written at scattered indexes would turn into a slow dictionary.
const wordsByValue: (Words | undefined)[] = new Array<Words | undefined>(HAND_VALUE_COUNT + 1).fill(undefined);

/** The hand as a croupier announces it: "Full house, queens full of tens" / "Full House, Damen voll Zehnen". */
export function handWords(handClass: HandClass): Words {
  let words = wordsByValue[handClass.value];
  if (words === undefined) {
    words = composeHandWords(handClass);
    wordsByValue[handClass.value] = words;
  }
  return words;
}

/** `handWords` by value: the class is looked up only the first time a value is put in words. */
export function wordsOfValue(value: number): Words {
  return wordsByValue[value] ?? handWords(classOfValue(value));
}

function composeHandWords(handClass: HandClass): Words {
  const [first, , third, fourth] = handClass.ranks as [Rank, Rank, Rank, Rank, Rank];
  const { en, de } = rankWords;
  switch (handClass.category) {
    case 'royal-flush':
      return { en: 'Royal flush', de: 'Royal Flush' };
    case 'straight-flush':
      return { en: `Straight flush, ${en.one(first)} high`, de: `Straight Flush, ${de.one(first)} hoch` };
    case 'four-of-a-kind':
      return { en: `Four of a kind, ${en.many(first)}`, de: `Vierling, ${de.many(first)}` };
    case 'full-house':
      return {
        en: `Full house, ${en.many(first)} full of ${en.many(fourth)}`,
        de: `Full House, ${de.many(first)} voll ${de.many(fourth)}`,
      };
    case 'flush':
      return { en: `Flush, ${en.one(first)} high`, de: `Flush, ${de.one(first)} hoch` };
    case 'straight':
      return { en: `Straight, ${en.one(first)} high`, de: `Straße, ${de.one(first)} hoch` };
    case 'three-of-a-kind':
      return { en: `Three of a kind, ${en.many(first)}`, de: `Drilling, ${de.many(first)}` };
    case 'two-pair':
      return { en: `Two pair, ${en.many(first)} and ${en.many(third)}`, de: `Zwei Paare, ${de.many(first)} und ${de.many(third)}` };
    case 'one-pair':
      return { en: `Pair of ${en.many(first)}`, de: `Ein Paar ${de.many(first)}` };
    case 'high-card':
      return { en: `${capitalize(en.one(first))} high`, de: `${de.one(first)} hoch` };
  }
}
