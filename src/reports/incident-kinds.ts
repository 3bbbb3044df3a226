import type { CardSource, DeviceKind } from '../engine/table/table-operations.js';
import type { Words } from '../evaluator/words.js';
import type { Incident } from './incidents.js';

/** An incident's kind in words: the floor's screens and the printed report say the same (pure data, so the screens import it). */
export const INCIDENT_KINDS: Readonly<Record<Incident['kind'], Words>> = {
  misdeal: { en: 'Misdeal', de: 'Misdeal' },
  'step-undone': { en: 'Step taken back', de: 'Schritt zurückgenommen' },
  'stack-corrected': { en: 'Stack corrected', de: 'Stack korrigiert' },
  'time-waived': { en: 'Time waived', de: 'Zeitgebühr erlassen' },
  'card-refused': { en: 'Card already in play', de: 'Karte schon im Spiel' },
  ruling: { en: 'Ruling', de: 'Entscheidung' },
  'table-setup': { en: 'Table setup', de: 'Tischeinrichtung' },
  'lockout-lifted': { en: 'Sign-in lock-out lifted', de: 'Anmeldesperre aufgehoben' },
  'history-viewed': { en: 'Hand history shown', de: 'Hand-Historie angezeigt' },
  'card-entry-stopped': { en: 'Card entry stopped', de: 'Karteneingabe gestoppt' },
  'card-entry-resumed': { en: 'Card entry resumed', de: 'Karteneingabe fortgesetzt' },
  'card-exposed': { en: 'Hole card exposed', de: 'Hole Card aufgedeckt' },
  'premature-card': { en: 'Premature card', de: 'Vorzeitige Karte' },
  'flop-redealt': { en: 'Flop dealt again', de: 'Flop neu gegeben' },
  unplugged: { en: 'Device unplugged', de: 'Gerät abgezogen' },
  'device-fault': { en: 'Device fault', de: 'Gerätestörung' },
  'deck-check': { en: 'Deck check failed', de: 'Deckprüfung nicht bestanden' },
  irregularity: { en: 'Irregularity', de: 'Unregelmäßigkeit' },
  'floor-call': { en: 'Floor called', de: 'Floor gerufen' },
};

/** The kinds' words in one language, by kind. */
export function incidentKindsIn(lang: 'en' | 'de'): Readonly<Record<Incident['kind'], string>> {
  return Object.fromEntries(Object.entries(INCIDENT_KINDS).map(([kind, words]) => [kind, words[lang]])) as Record<Incident['kind'], string>;
}

/** A device, or a refused card's sender, by its name on the screen (the status bar's, renderer/src/i18n.ts `deviceKind`). */
export const DEVICE_NAMES: Readonly<Record<DeviceKind | CardSource, Words>> = {
  shoe: { en: 'Shoe', de: 'Kartenschlitten' },
  'rfid-reader': { en: 'RFID reader', de: 'RFID-Leser' },
  'button-panel': { en: 'Button panel', de: 'Tastenfeld' },
  keypad: { en: 'Keypad', de: 'Ziffernblock' },
  'daily-check': { en: 'Daily check', de: 'Tägliche Prüfung' },
  'floor-link': { en: 'Floor link', de: 'Verbindung zum Floor' },
  screen: { en: 'Screen', de: 'Bildschirm' },
};

/**
 * The reasons the floor's undo offers with a tap. The log keeps a reason as it was sent, in the screen's
 * language; one of these is given in the report's language whichever screen sent it.
 */
export const UNDO_REASONS: readonly Words[] = [
  { en: 'Wrong button pressed', de: 'Falsche Taste gedrückt' },
  { en: 'Card misread', de: 'Karte falsch gelesen' },
  { en: 'Action taken back', de: 'Aktion zurückgenommen' },
];

/** A reason in words: an offered one in both languages, one typed as it was typed. */
export function reasonWords(reason: string): Words {
  return UNDO_REASONS.find((offered) => offered.en === reason || offered.de === reason) ?? { en: reason, de: reason };
}
