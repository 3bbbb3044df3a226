import type { Words } from '../evaluator/words.js';
import type { Award } from './state.js';

/**
 * The croupier's announcement of an award: "Seat 3 wins the main pot, 1,240 — Two pair, aces and
 * jacks" / "Platz 3 gewinnt den Hauptpot, 1.240 — Zwei Paare, Asse und Buben". Side pots are numbered
 * from 1; an uncontested pot has no hand to name.
 */
export function announceAward(award: Award): Words {
  const potEn = award.potIndex === 0 ? 'the main pot' : `side pot ${award.potIndex}`;
  const potDe = award.potIndex === 0 ? 'den Hauptpot' : `Nebenpot ${award.potIndex}`;
  const amountEn = award.amount.toLocaleString('en-US');
  const amountDe = award.amount.toLocaleString('de-DE');
  const handEn = award.words === null ? '' : ` — ${award.words.en}`;
  const handDe = award.words === null ? '' : ` — ${award.words.de}`;
  return {
    en: `Seat ${award.seat} wins ${potEn}, ${amountEn}${handEn}`,
    de: `Platz ${award.seat} gewinnt ${potDe}, ${amountDe}${handDe}`,
  };
}
