import type { Words } from '../evaluator/words.js';
import { MISDEAL_REASONS, type TableLogEntry } from '../engine/table-operations.js';

/** One thing the floor decided or corrected, with who approved it and the hand it was in. */
export type Incident = {
  /** The log row it is (1-based): the place to look it up with `felt verify`, `felt export`. */
  readonly row: number;
  readonly kind: 'misdeal' | 'step-undone' | 'stack-corrected' | 'ruling' | 'table-setup';
  /** The hand it happened in (or after, between hands), by its number; null before the first hand. */
  readonly hand: number | null;
  readonly by: string;
  readonly words: Words;
  /** Chips moved by it (a stack correction), else 0. */
  readonly chips: number;
};

/**
 * The floor's decisions and corrections in a table's log, in order: misdeals (voided hands), steps taken
 * back, stack corrections, rulings and table setups — each with who approved it. Device faults are not in
 * the log (a device's state is not the table's history) and so not here.
 */
export function incidents(entries: Iterable<TableLogEntry>): Incident[] {
  const found: Incident[] = [];
  let hand: number | null = null;
  let row = 0;
  for (const entry of entries) {
    row++;
    switch (entry.type) {
      case 'hand-positions':
        hand = entry.handNumber;
        break;
      case 'hand-voided': {
        const reason = MISDEAL_REASONS[entry.reason];
        found.push({ row, kind: 'misdeal', hand: entry.handNumber, by: entry.by, chips: 0, words: { en: `Misdeal: ${reason.en}`, de: `Fehlgeben: ${reason.de}` } });
        break;
      }
      case 'step-undone':
        found.push({ row, kind: 'step-undone', hand: entry.handNumber, by: entry.by, chips: 0, words: { en: `Last step taken back (${entry.undone.length} operation(s)): ${entry.reason}`, de: `Letzter Schritt zurückgenommen (${entry.undone.length} Operation(en)): ${entry.reason}` } });
        break;
      case 'stack-adjusted':
        found.push({ row, kind: 'stack-corrected', hand, by: entry.by, chips: entry.amount, words: { en: `Seat ${entry.seat}'s stack corrected by ${signed(entry.amount)}: ${entry.reason}`, de: `Stapel von Platz ${entry.seat} um ${signed(entry.amount)} berichtigt: ${entry.reason}` } });
        break;
      case 'ruling':
        found.push({ row, kind: 'ruling', hand, by: entry.by, chips: 0, words: { en: `Ruling: ${entry.text}`, de: `Entscheidung: ${entry.text}` } });
        break;
      case 'table-configured':
        found.push({ row, kind: 'table-setup', hand, by: entry.by, chips: 0, words: { en: 'The table was set up anew', de: 'Der Tisch wurde neu eingerichtet' } });
        break;
      default:
        break;
    }
  }
  return found;
}

function signed(amount: number): string {
  return amount > 0 ? `+${amount}` : String(amount);
}
