import type { Words } from '../../evaluator/words.js';
import type { BettingStructure } from './config.js';
import type { Award } from './state.js';

/**
 * The croupier's announcement of an award: "Seat 3 wins the main pot, 1,240 — Two pair, aces and
 * jacks" / "Platz 3 gewinnt den Hauptpot, 1.240 — Zwei Paare, Asse und Buben". Side pots are numbered
 * from 1; an uncontested pot has no hand to name.
 */
export function announceAward(award: Award): Words {
  const potEn = award.potIndex === 0 ? 'the main pot' : `side pot ${award.potIndex}`;
  const potDe = award.potIndex === 0 ? 'den Hauptpot' : `Nebenpot ${award.potIndex}`;
  const amount = amountWords(award.amount);
  const handEn = award.words === null ? '' : ` — ${award.words.en}`;
  const handDe = award.words === null ? '' : ` — ${award.words.de}`;
  return {
    en: `Seat ${award.seat} wins ${potEn}, ${amount.en}${handEn}`,
    de: `Platz ${award.seat} gewinnt ${potDe}, ${amount.de}${handDe}`,
  };
}

// Made once: `toLocaleString` makes a formatter per call, and an incidents report over a year's log words
// hundreds of thousands of amounts (0.4 s of the report).
const EN_AMOUNTS = new Intl.NumberFormat('en-US');
const DE_AMOUNTS = new Intl.NumberFormat('de-DE');

/** An amount of chips as each language writes it, digits grouped: 1,240 / 1.240 (as the screen writes them, D47). */
export function amountWords(amount: number): Words {
  return { en: EN_AMOUNTS.format(amount), de: DE_AMOUNTS.format(amount) };
}


/** The betting structures' names, as the status bar and the floor's reports write them. */
export const STRUCTURE_WORDS: Readonly<Record<BettingStructure['kind'], Words>> = {
  'no-limit': { en: 'No limit', de: 'No Limit' },
  'pot-limit': { en: 'Pot limit', de: 'Pot Limit' },
  'fixed-limit': { en: 'Fixed limit', de: 'Fixed Limit' },
  'spread-limit': { en: 'Spread limit', de: 'Spread Limit' },
};
