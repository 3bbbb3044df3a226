import type { Words } from '../evaluator/words.js';
import { type CardSource, type DeviceIncident, MISDEAL_REASONS } from '../engine/table-operations.js';
import { type Facts, inWindow, WHOLE_LOG, type Window } from './facts.js';

/** One thing the floor decided or corrected, with who approved it and the hand it was in. */
export type Incident = {
  /** The log row it is (1-based): the place to look it up with `felt verify`, `felt export`. */
  readonly row: number;
  readonly kind: 'misdeal' | 'step-undone' | 'stack-corrected' | 'time-waived' | 'card-refused' | 'ruling' | 'table-setup' | DeviceIncident;
  /** When (ms since the epoch): the decision's or device's own time, else the table's time then (D36); null in older logs. */
  readonly at: number | null;
  /** The hand it happened in (or after, between hands), by its number; null before the first hand. */
  readonly hand: number | null;
  /** Who approved it; for what a device reported, the device. */
  readonly by: string;
  readonly words: Words;
  /** Chips moved by it (a stack correction), else 0. */
  readonly chips: number;
};

/**
 * The floor's decisions and corrections in a table's log, in order: misdeals (voided hands), steps taken
 * back, stack corrections, rulings and table setups — each with who approved it — and what the devices
 * reported for the floor: unplugs, faults, failed deck checks, irregularities, calls for the floor.
 */
export function incidents({ events }: Facts, window: Window = WHOLE_LOG): Incident[] {
  const found: Incident[] = [];
  for (const { seq: row, hand, entry, at: tableTime } of events) {
    const at = 'at' in entry && typeof entry.at === 'number' ? entry.at : tableTime;
    // In a period by the time it shows: a decision during a hand by its own time, not the hand's start.
    if (!inWindow(at, window)) continue;
    switch (entry.type) {
      case 'hand-voided': {
        const reason = MISDEAL_REASONS[entry.reason];
        found.push({ row, at, kind: 'misdeal', hand: entry.handNumber, by: entry.by, chips: 0, words: { en: `Misdeal: ${reason.en}`, de: `Fehlgeben: ${reason.de}` } });
        break;
      }
      case 'step-undone':
        found.push({ row, at, kind: 'step-undone', hand: entry.handNumber, by: entry.by, chips: 0, words: { en: `Last step taken back (${entry.undone.length} operation(s)): ${entry.reason}`, de: `Letzter Schritt zurückgenommen (${entry.undone.length} Operation(en)): ${entry.reason}` } });
        break;
      case 'stack-adjusted':
        found.push({ row, at, kind: 'stack-corrected', hand, by: entry.by, chips: entry.amount, words: { en: `Seat ${entry.seat}'s stack corrected by ${signed(entry.amount)}: ${entry.reason}`, de: `Stapel von Platz ${entry.seat} um ${signed(entry.amount)} berichtigt: ${entry.reason}` } });
        break;
      case 'time-waived':
        found.push({ row, at, kind: 'time-waived', hand, by: entry.by, chips: 0, words: { en: `Seat ${entry.seat}'s time due (${entry.amount}) waived: ${entry.reason}`, de: `Zeitgebühr von Platz ${entry.seat} (${entry.amount}) erlassen: ${entry.reason}` } });
        break;
      case 'card-refused': {
        const source = CARD_SOURCES[entry.source];
        found.push({ row, at, kind: 'card-refused', hand: entry.handNumber, by: entry.source, chips: 0, words: { en: `${source.en} sent a card already in play: check the deck and the reader`, de: `${source.de} hat eine Karte gesendet, die schon im Spiel ist: Deck und Leser prüfen` } });
        break;
      }
      case 'ruling':
        found.push({ row, at, kind: 'ruling', hand, by: entry.by, chips: 0, words: { en: `Ruling: ${entry.text}`, de: `Entscheidung: ${entry.text}` } });
        break;
      case 'device-incident':
        found.push({ row, at, kind: entry.incident, hand, by: entry.device, chips: 0, words: entry.words });
        break;
      case 'table-configured':
        found.push({ row, at, kind: 'table-setup', hand, by: entry.by, chips: 0, words: { en: 'The table was set up anew', de: 'Der Tisch wurde neu eingerichtet' } });
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

/** Who sent a refused card, in words (never the card). */
const CARD_SOURCES: Readonly<Record<CardSource, Words>> = {
  shoe: { en: 'The shoe', de: 'Der Schlitten' },
  'rfid-reader': { en: 'An RFID reader', de: 'Ein RFID-Leser' },
  screen: { en: 'The screen', de: 'Der Bildschirm' },
};
