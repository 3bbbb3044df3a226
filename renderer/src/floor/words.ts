import type { BoardRow } from '../../../src/floor/board';
import type { Lang } from '../i18n';

/** The floor's screens' words, English and German (the tables' own words come in both already). */
export type FloorWords = {
  readonly title: string;
  readonly reports: string;
  readonly hands: string;
  readonly signInTitle: string;
  readonly number: string;
  readonly pin: string;
  readonly signIn: string;
  readonly signOut: string;
  readonly language: string;
  readonly noTables: string;
  readonly unreachable: string;
  readonly tables: (count: number) => string;
  readonly seats: (taken: number, count: number) => string;
  readonly hand: (number: number, inPlay: boolean) => string;
  readonly pot: (chips: string) => string;
  readonly dealer: (who: string | null) => string;
  readonly link: (state: BoardRow['link']['state'], since: string) => string;
  readonly clock: (offsetSeconds: number) => string;
  readonly clockOff: string;
  readonly collectNow: (chips: string) => string;
  readonly owed: (chips: string) => string;
  readonly forks: (count: number) => string;
  readonly replaced: (at: string) => string;
  readonly oldPc: (times: number, last: string) => string;
  readonly rows: (count: string) => string;
  readonly software: (version: string, build: string) => string;
  readonly floorCall: string;
  readonly devicesFine: string;
  readonly device: Readonly<Record<string, string>>;
  readonly deviceState: Readonly<Record<string, string>>;
  readonly updated: (time: string) => string;
};

const en: FloorWords = {
  title: 'Floor board',
  reports: 'Reports',
  hands: 'Hands',
  signInTitle: 'Sign in to the floor',
  number: 'Staff number',
  pin: 'PIN',
  signIn: 'Sign in',
  signOut: 'Sign out',
  language: 'Deutsch',
  noTables: 'No table is enrolled at this floor yet: felt floor enrol --name "Table 1".',
  unreachable: 'The floor does not answer: the board shows what it had and tries again.',
  tables: (count) => (count === 1 ? '1 table' : `${count} tables`),
  seats: (taken, count) => `${taken} of ${count} seats taken, ${count - taken} open`,
  hand: (number, inPlay) => (number === 0 ? 'No hand yet' : inPlay ? `Hand ${number} in play` : `Hand ${number} ended`),
  pot: (chips) => `Pot ${chips}`,
  dealer: (who) => (who === null ? 'No dealer signed in' : `Dealer: ${who}`),
  link: (state, since) => (state === 'live' ? `Live since ${since}` : state === 'silent' ? `Silent since ${since}: stopped, or its link is lost` : 'Never heard from since its enrolment'),
  clock: (offset) => `Clock ${offset >= 0 ? '+' : ''}${offset} s against the floor's`,
  clockOff: 'Clock off',
  collectNow: (chips) => `Time to collect: ${chips}`,
  owed: (chips) => `Time owed: ${chips}`,
  forks: (count) => `${count} refused fork${count === 1 ? '' : 's'} — another log sent under its name`,
  replaced: (at) => `PC replaced ${at}`,
  oldPc: (times, last) => `The replaced PC came back ${times === 1 ? 'once' : `${times} times`} (last ${last}), refused: find it on the floor and switch it off`,
  rows: (count) => `${count} log rows at the floor`,
  floorCall: 'Calls the floor',
  devicesFine: 'Devices connected',
  device: { shoe: 'Shoe', 'rfid-reader': 'RFID reader', 'button-panel': 'Button panel', keypad: 'Keypad', 'daily-check': 'Daily check', 'floor-link': 'Floor link' },
  software: (version, build) => `Felt ${version} (build ${build})`,
  deviceState: { connected: 'connected', disconnected: 'disconnected', fault: 'fault' },
  updated: (time) => `As of ${time}`,
};

const de: FloorWords = {
  title: 'Floor-Übersicht',
  reports: 'Berichte',
  hands: 'Hände',
  signInTitle: 'Am Floor anmelden',
  number: 'Personalnummer',
  pin: 'PIN',
  signIn: 'Anmelden',
  signOut: 'Abmelden',
  language: 'English',
  noTables: 'An diesem Floor ist noch kein Tisch angemeldet: felt floor enrol --name "Tisch 1".',
  unreachable: 'Der Floor antwortet nicht: die Übersicht zeigt den letzten Stand und versucht es weiter.',
  tables: (count) => (count === 1 ? '1 Tisch' : `${count} Tische`),
  seats: (taken, count) => `${taken} von ${count} Plätzen besetzt, ${count - taken} frei`,
  hand: (number, inPlay) => (number === 0 ? 'Noch keine Hand' : inPlay ? `Hand ${number} läuft` : `Hand ${number} beendet`),
  pot: (chips) => `Pot ${chips}`,
  dealer: (who) => (who === null ? 'Kein Dealer angemeldet' : `Dealer: ${who}`),
  link: (state, since) => (state === 'live' ? `Verbunden seit ${since}` : state === 'silent' ? `Still seit ${since}: angehalten, oder die Verbindung ist weg` : 'Seit der Anmeldung nie gemeldet'),
  clock: (offset) => `Uhr ${offset >= 0 ? '+' : ''}${offset} s gegenüber dem Floor`,
  clockOff: 'Uhr falsch',
  collectNow: (chips) => `Zeit zu kassieren: ${chips}`,
  owed: (chips) => `Offene Zeit: ${chips}`,
  forks: (count) => `${count} abgelehnte Abspaltung${count === 1 ? '' : 'en'} — ein anderes Log unter seinem Namen gesendet`,
  replaced: (at) => `PC ersetzt ${at}`,
  oldPc: (times, last) => `Der ersetzte PC meldete sich ${times === 1 ? 'einmal' : `${times}-mal`} (zuletzt ${last}), abgelehnt: im Saal suchen und ausschalten`,
  rows: (count) => `${count} Log-Zeilen am Floor`,
  floorCall: 'Ruft den Floor',
  devicesFine: 'Geräte verbunden',
  device: { shoe: 'Kartenschlitten', 'rfid-reader': 'RFID-Leser', 'button-panel': 'Tastenfeld', keypad: 'Ziffernblock', 'daily-check': 'Tägliche Prüfung', 'floor-link': 'Verbindung zum Floor' },
  software: (version, build) => `Felt ${version} (Build ${build})`,
  deviceState: { connected: 'verbunden', disconnected: 'getrennt', fault: 'Störung' },
  updated: (time) => `Stand ${time}`,
};

export const FLOOR_WORDS: Readonly<Record<Lang, FloorWords>> = { en, de };

const AMOUNTS: Readonly<Record<Lang, Intl.NumberFormat>> = { en: new Intl.NumberFormat('en-US'), de: new Intl.NumberFormat('de-DE') };

export function chips(lang: Lang, amount: number): string {
  return AMOUNTS[lang].format(amount);
}

/** A day and time on the floor's screen, as each language writes it (what may be days ago). */
export function dayAndTime(lang: Lang, iso: string): string {
  return new Date(iso).toLocaleString(lang === 'de' ? 'de-DE' : 'en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** A time of day on the floor's screen, as each language writes it. */
export function timeOfDay(lang: Lang, iso: string): string {
  return new Date(iso).toLocaleTimeString(lang === 'de' ? 'de-DE' : 'en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}
