import { printedName, type ReportedPlayer } from './player-names.js';
import type { Words } from '../evaluator/words.js';
import type { CashFlow } from './cash-flow.js';
import type { CollectionsReport } from './collections.js';
import type { Window } from './facts.js';
import type { FloorReport, ReportKind } from './floor-report.js';
import type { Standings } from './standings.js';
import { incidentKindsIn } from './incident-kinds.js';
import type { Incident } from './incidents.js';
import { PdfDocument } from './pdf.js';
import type { SessionReport } from './session.js';
import type { DealerFigures, DealerShift } from './shifts.js';

/**
 * The floor reports as printable PDF, in English or German: a heading, the report's period (unless it is the
 * whole log), when it was generated (UTC), tables of figures with the amounts right-aligned, and the
 * screen's bar charts. Each report kind is a list of blocks (tables, charts, notes); one layout places any
 * block list on A4 pages, so a new figure is a new row or block in its kind's function, not new drawing code.
 */
export type ReportLanguage = 'en' | 'de';

export type ReportPdfOptions = {
  readonly language: ReportLanguage;
  /** The heading; the report kind's name if not given. */
  readonly title?: string;
  /** When the report was made, ms since the epoch: printed in UTC. */
  readonly generatedAt: number;
  /** The table's name or number, printed under the heading. */
  readonly table?: string;
};

export function reportPdf(report: FloorReport, options: ReportPdfOptions): Uint8Array {
  const labels = LABELS[options.language];
  const title = options.title ?? `${labels.reportTitle}: ${labels.kinds[report.kind]}`;
  return blocksPdf(blocksOf(report, labels, formats(options.language)), report.window, { ...options, title });
}

/** A report's blocks in a language: what another report (the floor's room report) places among its own. */
export function reportBlocks(report: FloorReport, language: ReportLanguage): Block[] {
  return blocksOf(report, LABELS[language], formats(language));
}

/** Blocks on A4 pages under a heading, the period and when they were made: the one layout of every printed report. */
export function blocksPdf(blocks: readonly Block[], window: Window, options: ReportPdfOptions & { readonly title: string }): Uint8Array {
  const labels = LABELS[options.language];
  const format = formats(options.language);
  const doc = new PdfDocument({ title: options.title, createdAt: options.generatedAt, language: options.language });
  const meta = [options.table === undefined ? null : labels.table(options.table), labels.generated(format.time(options.generatedAt))].filter((part) => part !== null).join('  ·  ');
  const layout = new Layout(doc, { title: options.title, period: periodOf(window, labels), meta }, labels);
  for (const block of blocks) layout.place(block);
  layout.numberPages();
  return doc.toBytes();
}

// ————— Labels —————

/** The screen's words (renderer/src/i18n.ts) where it has them, and the few a printed page needs besides. */
const EN = {
  /** The core's own words (an incident's), in this language. */
  words: (words: Words) => words.en,
  reportTitle: 'Floor report',
  kinds: { session: 'Session', collections: 'Collections', cashflow: 'Cash flow', incidents: 'Incidents', standings: 'Tournament standings' } satisfies Record<ReportKind, string>,
  table: (name: string) => `Table ${name}`,
  generated: (at: string) => `Generated ${at}`,
  /** The report's period, under the heading when it is not the whole log. */
  period: (span: string) => `Period ${span}`,
  fromOn: (at: string) => `from ${at}`,
  untilThen: (at: string) => `until ${at}`,
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  continued: '(continued)',
  overview: 'Overview',
  figureColumn: 'Figure',
  valueColumn: 'Value',
  none: '—',
  afterHand: (hand: number) => `after ${hand}`,
  nothingToChart: 'Nothing to show',
  handsPlayed: 'Hands played',
  handsVoided: 'Hands voided',
  potTotal: 'Pots in total',
  averagePot: 'Average pot',
  largestPot: 'Largest pot',
  largestPotOf: (amount: string, hand: number) => `${amount} (hand ${hand})`,
  playersPerHand: 'Players per hand (average)',
  handsByPlayers: 'Hands by players dealt in',
  playersColumn: 'Players',
  handsColumn: 'Hands',
  rake: 'Rake',
  firstHand: 'First hand',
  lastHand: 'Last hand',
  handsPerHour: 'Hands per hour',
  handsByHour: 'Hands per clock hour (UTC)',
  seatsByHour: 'Hands and seats per clock hour (UTC)',
  playersMeanColumn: 'Players dealt in (mean)',
  seatedMeanColumn: 'Seats taken (mean)',
  untimedHands: (n: string) => `${n} hand(s) without a time (older log)`,
  byDealer: 'Per dealer',
  dealerColumn: 'Dealer',
  dealerOf: (name: string, number: string) => `${name} #${number}`,
  noDealerRecorded: 'no dealer recorded',
  /** A player's name as printed: an erased one, or one known by number only, in these words (D102, D104). */
  playerName: (player: ReportedPlayer): string => printedName(player, 'en'),
  shiftsColumn: 'Shifts',
  minutesColumn: 'Minutes on duty',
  perHourColumn: 'Hands per hour',
  byShift: 'Per dealer shift',
  fromColumn: 'From (UTC)',
  toColumn: 'To (UTC)',
  rakeColumn: 'Rake',
  timeCollected: 'Time collected',
  timeByHour: 'Time collected per clock hour (UTC)',
  timeBySeat: 'Time collected per seat',
  untimedCollected: (amount: string) => `${amount} collected without a time (older log)`,
  rakeTotal: 'Rake total',
  rakeByHand: 'Rake per hand',
  rakeByHour: 'Rake per clock hour',
  noRake: 'No hand paid rake',
  nothingCollected: 'Nothing collected',
  hourColumn: 'Hour (UTC)',
  amountColumn: 'Amount',
  seatColumn: 'Seat',
  handColumn: 'Hand',
  nameColumn: 'Name',
  stays: 'Players at the table',
  buyIn: 'Buy-in',
  /** A stay's buy-in made before the period: it is in the opening chips. */
  buyInBefore: 'before',
  topUps: 'Top-ups',
  cashOut: 'Cash-out',
  stillSeated: 'still seated',
  timeColumn: 'Time',
  corrections: 'Corrections',
  unpaidColumn: 'Time unpaid',
  noStays: 'Nobody has sat at this table',
  totals: 'Totals',
  opening: 'Opening chips',
  buyIns: 'Buy-ins',
  cashOuts: 'Cash-outs',
  expectedOnTable: 'Expected on the table',
  timeUnpaid: 'Time left unpaid',
  chipsOnTable: 'Chips on the table',
  unexplained: 'Unexplained',
  onTableUnknown: 'The period ends in the past: the chips on the table are known only for a period that reaches the present.',
  counted: 'Counted',
  difference: 'Difference',
  rowColumn: 'Row',
  atColumn: 'UTC',
  kindColumn: 'Kind',
  whoColumn: 'Who',
  whatColumn: 'What',
  incidentKinds: incidentKindsIn('en'),
  noIncidents: 'No incidents',
  notATournament: 'This table is a cash game: it has no standings.',
  places: 'Places',
  placeColumn: 'Place',
  noPlaces: 'Nobody is out yet',
  stillIn: 'Still in, by chips',
  chipsColumn: 'Chips',
  levelNow: (level: number) => `Blind level ${level}`,
  wonBy: (name: string) => `Won by ${name}`,
};

/** Every label in every language: a missing German one does not compile. */
type Labels = { readonly [K in keyof typeof EN]: (typeof EN)[K] };

const DE: Labels = {
  words: (words) => words.de,
  reportTitle: 'Floor-Bericht',
  kinds: { session: 'Sitzung', collections: 'Einnahmen', cashflow: 'Geldfluss', incidents: 'Vorfälle', standings: 'Turnierstand' },
  table: (name) => `Tisch ${name}`,
  generated: (at) => `Erstellt ${at}`,
  period: (span) => `Zeitraum ${span}`,
  fromOn: (at) => `ab ${at}`,
  untilThen: (at) => `bis ${at}`,
  page: (page, pages) => `Seite ${page} von ${pages}`,
  continued: '(Fortsetzung)',
  overview: 'Übersicht',
  figureColumn: 'Kennzahl',
  valueColumn: 'Wert',
  none: '—',
  afterHand: (hand) => `nach ${hand}`,
  nothingToChart: 'Nichts anzuzeigen',
  handsPlayed: 'Gespielte Hände',
  handsVoided: 'Ungültige Hände',
  potTotal: 'Pots gesamt',
  averagePot: 'Durchschnittlicher Pot',
  largestPot: 'Größter Pot',
  largestPotOf: (amount, hand) => `${amount} (Hand ${hand})`,
  playersPerHand: 'Spieler pro Hand (Durchschnitt)',
  handsByPlayers: 'Hände nach Zahl der Spieler',
  playersColumn: 'Spieler',
  handsColumn: 'Hände',
  rake: 'Rake',
  firstHand: 'Erste Hand',
  lastHand: 'Letzte Hand',
  handsPerHour: 'Hände pro Stunde',
  handsByHour: 'Hände pro Uhrzeit-Stunde (UTC)',
  seatsByHour: 'Hände und Plätze pro Uhrzeit-Stunde (UTC)',
  playersMeanColumn: 'Spieler im Spiel (Mittel)',
  seatedMeanColumn: 'Besetzte Plätze (Mittel)',
  untimedHands: (n) => `${n} Hand/Hände ohne Uhrzeit (älteres Protokoll)`,
  byDealer: 'Je Dealer',
  dealerColumn: 'Dealer',
  dealerOf: (name, number) => `${name} #${number}`,
  noDealerRecorded: 'kein Dealer erfasst',
  playerName: (player: ReportedPlayer): string => printedName(player, 'de'),
  shiftsColumn: 'Schichten',
  minutesColumn: 'Minuten im Dienst',
  perHourColumn: 'Hände pro Stunde',
  byShift: 'Je Dealer-Schicht',
  fromColumn: 'Von (UTC)',
  toColumn: 'Bis (UTC)',
  rakeColumn: 'Rake',
  timeCollected: 'Zeitgebühr eingenommen',
  timeByHour: 'Zeitgebühr pro Uhrzeit-Stunde (UTC)',
  timeBySeat: 'Zeitgebühr pro Platz',
  untimedCollected: (amount) => `${amount} ohne Uhrzeit eingenommen (älteres Protokoll)`,
  rakeTotal: 'Rake gesamt',
  rakeByHand: 'Rake pro Hand',
  rakeByHour: 'Rake pro Uhrzeit-Stunde',
  noRake: 'Keine Hand zahlte Rake',
  nothingCollected: 'Nichts eingenommen',
  hourColumn: 'Stunde (UTC)',
  amountColumn: 'Betrag',
  seatColumn: 'Platz',
  handColumn: 'Hand',
  nameColumn: 'Name',
  stays: 'Spieler am Tisch',
  buyIn: 'Buy-in',
  buyInBefore: 'vorher',
  topUps: 'Aufstockungen',
  cashOut: 'Auszahlung',
  stillSeated: 'sitzt noch',
  timeColumn: 'Zeit',
  corrections: 'Korrekturen',
  unpaidColumn: 'Zeit unbezahlt',
  noStays: 'An diesem Tisch saß noch niemand',
  totals: 'Summen',
  opening: 'Anfangsbestand',
  buyIns: 'Buy-ins',
  cashOuts: 'Auszahlungen',
  expectedOnTable: 'Erwartet auf dem Tisch',
  timeUnpaid: 'Zeitgebühr unbezahlt',
  chipsOnTable: 'Chips auf dem Tisch',
  unexplained: 'Ungeklärt',
  onTableUnknown: 'Der Zeitraum endet in der Vergangenheit: die Chips auf dem Tisch sind nur für einen Zeitraum bekannt, der bis jetzt reicht.',
  counted: 'Gezählt',
  difference: 'Differenz',
  rowColumn: 'Zeile',
  atColumn: 'UTC',
  kindColumn: 'Art',
  whoColumn: 'Wer',
  whatColumn: 'Was',
  incidentKinds: incidentKindsIn('de'),
  noIncidents: 'Keine Vorfälle',
  notATournament: 'Dieser Tisch ist ein Cash Game: er hat keinen Turnierstand.',
  places: 'Rangliste',
  placeColumn: 'Rang',
  noPlaces: 'Noch ist niemand ausgeschieden',
  stillIn: 'Noch im Turnier, nach Chips',
  chipsColumn: 'Chips',
  levelNow: (level: number) => `Blindstufe ${level}`,
  wonBy: (name: string) => `Gewonnen von ${name}`,
};

const LABELS: Readonly<Record<ReportLanguage, Labels>> = { en: EN, de: DE };

// ————— Numbers and times —————

export type Format = {
  /** Chip amounts and counts: thousands grouped (1,240 / 1.240), at most two decimals. */
  readonly amount: (n: number) => string;
  /** An amount with its sign, as corrections and differences read: +25, -40, 0. */
  readonly signed: (n: number) => string;
  /** A moment, the same in every language and on every machine: 2026-11-29 18:05 UTC. */
  readonly time: (at: number) => string;
};

/** Written out rather than left to Intl: a printed report must read the same whatever ICU data the machine has. */
export function formats(language: ReportLanguage): Format {
  const [group, decimal] = language === 'de' ? ['.', ','] : [',', '.'];
  const amount = (n: number): string => {
    const hundredths = Math.round(Math.abs(n) * 100);
    const whole = String(Math.floor(hundredths / 100)).replace(/\B(?=(\d{3})+$)/g, group);
    const fraction = String(hundredths % 100).padStart(2, '0').replace(/0+$/, '');
    return `${n < 0 && hundredths > 0 ? '-' : ''}${whole}${fraction === '' ? '' : decimal + fraction}`;
  };
  return {
    amount,
    signed: (n) => (n > 0 ? `+${amount(n)}` : amount(n)),
    time: utc,
  };
}

/**
 * The report's period as its heading's second line ("Period 2026-11-29 18:00 – 20:00 UTC"); null for the
 * whole log. The end is the first moment not in the period, as the window has it.
 */
function periodOf({ from, to }: Window, t: Labels): string | null {
  if (from === null) return to === null ? null : t.period(t.untilThen(utc(to)));
  if (to === null) return t.period(t.fromOn(utc(from)));
  const [start, end] = [new Date(from).toISOString(), new Date(to).toISOString()];
  // On one day the end is its time only: 2026-11-29 18:00 – 20:00 UTC.
  const endText = start.slice(0, 10) === end.slice(0, 10) ? end.slice(11, 16) : `${end.slice(0, 10)} ${end.slice(11, 16)}`;
  return t.period(`${start.slice(0, 10)} ${start.slice(11, 16)} – ${endText} UTC`);
}

/** A moment in UTC to the minute, the same in every language: 2026-11-29 18:05 UTC. */
function utc(at: number): string {
  return `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * The times of a table's column (a dealer's shifts): their time of day (18:05), with the date
 * (2026-11-29 18:05) when they do not all fall on one day. UTC, as the column's head says.
 */
function clockTimes(times: readonly (number | null)[], t: Labels): (at: number | null) => string {
  const days = new Set(times.filter((at) => at !== null).map((at) => new Date(at).toISOString().slice(0, 10)));
  return (at) => {
    if (at === null) return t.none;
    const iso = new Date(at).toISOString();
    return days.size > 1 ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : iso.slice(11, 16);
  };
}

/** A report hour (`2026-11-29T18:00Z`) split for a chart's label: its time of day and its date. */
function hourParts(hour: string): { readonly clock: string; readonly day: string } {
  return { clock: hour.slice(11, 16), day: hour.slice(0, 10) };
}

// ————— What each report shows —————

export type Column = { readonly header: string; readonly align: 'left' | 'right'; /** A share of the table's width. */ readonly width: number };
export type Row = { readonly cells: readonly string[]; /** Set in bold: a figure that needs the floor's eye. */ readonly strong?: boolean };
export type Bar = { readonly hour: string; readonly value: number; /** The value as the language writes it. */ readonly label: string };

export type TableBlock = { readonly kind: 'table'; readonly title: string; readonly columns: readonly Column[]; readonly rows: readonly Row[]; readonly empty: string; /** A share of the page's width. */ readonly width: number };

export type Block =
  | TableBlock
  /** Short tables next to each other (their widths and the gaps at most the page's); one below the other where they do not fit. */
  | { readonly kind: 'side-by-side'; readonly tables: readonly TableBlock[] }
  | { readonly kind: 'chart'; readonly title: string; readonly bars: readonly Bar[]; readonly empty: string }
  | { readonly kind: 'note'; readonly text: string };

function blocksOf(report: FloorReport, t: Labels, f: Format): Block[] {
  switch (report.kind) {
    case 'session':
      return sessionBlocks(report, t, f);
    case 'collections':
      return collectionsBlocks(report, t, f);
    case 'cashflow':
      return cashFlowBlocks(report, t, f);
    case 'incidents':
      return incidentBlocks(report.incidents, t);
    case 'standings':
      return standingsBlocks(report, t, f);
  }
}

/** Label-and-value rows as a two-column table, the values right-aligned. */
function figures(title: string, t: Labels, rows: readonly (readonly [label: string, value: string, strong?: boolean])[]): Block {
  return {
    kind: 'table',
    title,
    width: 0.62,
    columns: [
      { header: t.figureColumn, align: 'left', width: 0.64 },
      { header: t.valueColumn, align: 'right', width: 0.36 },
    ],
    rows: rows.map(([label, value, strong = false]) => ({ cells: [label, value], strong })),
    empty: t.none,
  };
}

/** A two-column table of amounts by some key (seat, hand, hour). */
function amountsBy(title: string, keyHeader: string, entries: readonly (readonly [key: string, amount: string])[], t: Labels, empty: string): Block {
  return {
    kind: 'table',
    title,
    width: 0.45,
    columns: [
      { header: keyHeader, align: 'left', width: 0.55 },
      { header: t.amountColumn, align: 'right', width: 0.45 },
    ],
    rows: entries.map((cells) => ({ cells })),
    empty,
  };
}

function sessionBlocks(report: SessionReport, t: Labels, f: Format): Block[] {
  const { time } = report;
  const byPlayers = Object.entries(report.playersPerHand.hands).sort(([a], [b]) => Number(a) - Number(b));
  return [
    figures(t.overview, t, [
      [t.handsPlayed, f.amount(report.handsPlayed)],
      [t.handsVoided, f.amount(report.handsVoided)],
      [t.potTotal, f.amount(report.potTotal)],
      [t.averagePot, f.amount(report.averagePot)],
      [t.largestPot, report.largestPot === null ? t.none : t.largestPotOf(f.amount(report.largestPot.amount), report.largestPot.hand)],
      [t.playersPerHand, f.amount(report.playersPerHand.average)],
      [t.rake, f.amount(report.rake)],
      [t.firstHand, time.first === null ? t.none : f.time(time.first)],
      [t.lastHand, time.last === null ? t.none : f.time(time.last)],
      [t.handsPerHour, time.handsPerHour === null ? t.none : f.amount(time.handsPerHour)],
    ]),
    ...(time.untimed > 0 ? [{ kind: 'note', text: t.untimedHands(f.amount(time.untimed)) } as const] : []),
    { kind: 'chart', title: t.handsByHour, bars: time.byHour.map(({ hour, hands }) => ({ hour, value: hands, label: f.amount(hands) })), empty: t.nothingToChart },
    {
      kind: 'table',
      title: t.seatsByHour,
      width: 0.8,
      columns: [
        { header: t.hourColumn, align: 'left', width: 0.24 },
        { header: t.handsColumn, align: 'right', width: 0.12 },
        // Wide enough for "Spieler im Spiel (Mittel)" in bold on one line.
        { header: t.playersMeanColumn, align: 'right', width: 0.32 },
        { header: t.seatedMeanColumn, align: 'right', width: 0.32 },
      ],
      rows: time.byHour.map(({ hour, hands, players, seated }) => ({ cells: [hourCell(hour), f.amount(hands), f.amount(players), f.amount(seated)] })),
      empty: t.nothingToChart,
    },
    {
      kind: 'side-by-side',
      tables: [
        dealerBlock(report.dealers, t, f),
        {
          kind: 'table',
          title: t.handsByPlayers,
          // Its title on one line beside the dealers' ("Hände nach Zahl der Spieler"), so their rows line up.
          width: 0.32,
          columns: [
            { header: t.playersColumn, align: 'right', width: 0.5 },
            { header: t.handsColumn, align: 'right', width: 0.5 },
          ],
          rows: byPlayers.map(([players, hands]) => ({ cells: [players, f.amount(hands)] })),
          empty: t.none,
        },
      ],
    },
  ];
}

/** A dealer as the screen names them ("Mara #17"), or that no dealer was signed in. */
function dealerName(dealer: { readonly number: string | null; readonly name: string | null }, t: Labels): string {
  return dealer.number === null ? t.noDealerRecorded : t.dealerOf(dealer.name ?? '', dealer.number).trim();
}

/** Per dealer: beside the players per hand, so the session stays on one page. */
function dealerBlock(dealers: readonly DealerFigures[], t: Labels, f: Format): TableBlock {
  return {
    kind: 'table',
    title: t.byDealer,
    width: 0.64,
    columns: [
      { header: t.dealerColumn, align: 'left', width: 0.32 },
      // "Schichten" in bold on one line; the minutes and the hands per hour take two ("Minuten im / Dienst").
      { header: t.shiftsColumn, align: 'right', width: 0.17 },
      { header: t.handsColumn, align: 'right', width: 0.13 },
      { header: t.minutesColumn, align: 'right', width: 0.19 },
      { header: t.perHourColumn, align: 'right', width: 0.19 },
    ],
    rows: dealers.map((dealer) => ({
      cells: [dealerName(dealer, t), f.amount(dealer.shifts), f.amount(dealer.hands), f.amount(dealer.minutes), dealer.handsPerHour === null ? t.none : f.amount(dealer.handsPerHour)],
    })),
    empty: t.none,
  };
}

function shiftBlock(shifts: readonly DealerShift[], t: Labels, f: Format): Block {
  const clock = clockTimes(shifts.flatMap((shift) => [shift.from, shift.to]), t);
  return {
    kind: 'table',
    title: t.byShift,
    width: 1,
    columns: [
      { header: t.dealerColumn, align: 'left', width: 0.3 },
      { header: t.fromColumn, align: 'left', width: 0.14 },
      { header: t.toColumn, align: 'left', width: 0.14 },
      { header: t.handsColumn, align: 'right', width: 0.14 },
      { header: t.timeColumn, align: 'right', width: 0.14 },
      { header: t.rakeColumn, align: 'right', width: 0.14 },
    ],
    rows: shifts.map((shift) => ({ cells: [dealerName(shift, t), clock(shift.from), clock(shift.to), f.amount(shift.hands), f.amount(shift.timeCollected), f.amount(shift.rake)] })),
    empty: t.none,
  };
}

/** A report hour as a table cell: 2026-11-29 18:00. */
function hourCell(hour: string): string {
  const { day, clock } = hourParts(hour);
  return `${day} ${clock}`;
}

function collectionsBlocks(report: CollectionsReport, t: Labels, f: Format): Block[] {
  const { time, rake } = report;
  return [
    figures(t.overview, t, [
      [t.timeCollected, f.amount(time.total)],
      [t.rakeTotal, f.amount(rake.total)],
    ]),
    ...(time.untimed > 0 ? [{ kind: 'note', text: t.untimedCollected(f.amount(time.untimed)) } as const] : []),
    { kind: 'chart', title: t.timeByHour, bars: time.byHour.map(({ hour, amount }) => ({ hour, value: amount, label: f.amount(amount) })), empty: t.nothingCollected },
    amountsBy(t.timeBySeat, t.seatColumn, time.bySeat.map(({ seat, amount }) => [String(seat), f.amount(amount)]), t, t.nothingCollected),
    amountsBy(t.rakeByHand, t.handColumn, rake.byHand.map(({ hand, amount }) => [String(hand), f.amount(amount)]), t, t.noRake),
    amountsBy(t.rakeByHour, t.hourColumn, rake.byHour.map(({ hour, amount }) => [hourCell(hour), f.amount(amount)]), t, t.noRake),
    shiftBlock(report.shifts, t, f),
  ];
}

function cashFlowBlocks(report: CashFlow, t: Labels, f: Format): Block[] {
  const { totals, count } = report;
  // A column for time left unpaid only when someone left owing time (D41): it is rare, and six amounts
  // narrow the columns. Five are wide enough for the longest head ("Aufstockungen") in bold on one line.
  const unpaid = report.stays.some((stay) => stay.timeUnpaid > 0);
  const amount = (header: string, narrower: number): Column => ({ header, align: 'right', width: unpaid ? narrower : 0.154 });
  return [
    {
      kind: 'table',
      title: t.stays,
      width: 1,
      columns: [
        { header: t.seatColumn, align: 'right', width: unpaid ? 0.062 : 0.065 },
        { header: t.nameColumn, align: 'left', width: unpaid ? 0.15 : 0.165 },
        amount(t.buyIn, 0.12),
        amount(t.topUps, 0.154),
        amount(t.cashOut, 0.13),
        amount(t.timeColumn, 0.08),
        amount(t.corrections, 0.132),
        ...(unpaid ? [amount(t.unpaidColumn, 0.172)] : []),
      ],
      rows: report.stays.map((stay) => ({
        cells: [
          String(stay.seat),
          playerName(stay, t),
          stay.seatedBefore ? t.buyInBefore : f.amount(stay.buyIn),
          f.amount(stay.topUps),
          stay.cashOut === null ? t.stillSeated : f.amount(stay.cashOut),
          f.amount(stay.timeCollected),
          f.signed(stay.adjustments),
          ...(unpaid ? [f.amount(stay.timeUnpaid)] : []),
        ],
      })),
      empty: t.noStays,
    },
    figures(t.totals, t, [
      [t.opening, f.amount(totals.opening)],
      [t.buyIns, f.amount(totals.buyIns)],
      [t.topUps, f.amount(totals.topUps)],
      [t.cashOuts, f.amount(totals.cashOuts)],
      [t.timeCollected, f.amount(totals.timeCollected)],
      [t.rake, f.amount(totals.rake)],
      [t.corrections, f.signed(totals.adjustments)],
      [t.expectedOnTable, f.amount(totals.expected)],
      [t.chipsOnTable, totals.onTable === null ? t.none : f.amount(totals.onTable)],
      [t.unexplained, totals.unexplained === null ? t.none : f.signed(totals.unexplained), totals.unexplained !== null && totals.unexplained !== 0],
      ...(totals.timeUnpaid === 0 ? [] : [[t.timeUnpaid, f.amount(totals.timeUnpaid), true] as const]),
      ...(count === null
        ? []
        : [
            [t.counted, f.amount(count.counted)] as const,
            [t.difference, f.signed(count.difference), count.difference !== 0] as const,
          ]),
    ]),
    // Only a period that reaches the present can be held against the table as it is.
    ...(totals.onTable === null && report.window.to !== null ? [{ kind: 'note', text: t.onTableUnknown } as const] : []),
  ];
}

/** A player's name as the report prints it: an erased one, or one known by number only, in the report's language. */
function playerName(player: ReportedPlayer, t: Labels): string {
  return t.playerName(player);
}

function standingsBlocks(report: Standings, t: Labels, f: Format): Block[] {
  if (!report.tournament) return [{ kind: 'note', text: t.notATournament }];
  const seat = (at: number | null): string => (at === null ? t.none : String(at));
  return [
    { kind: 'note', text: report.winner === null ? t.levelNow(report.level ?? 1) : t.wonBy(report.places[0] === undefined ? report.winner : t.playerName(report.places[0])) },
    {
      kind: 'table',
      title: t.places,
      width: 0.62,
      columns: [
        { header: t.placeColumn, align: 'right', width: 0.2 },
        { header: t.nameColumn, align: 'left', width: 0.6 },
        { header: t.seatColumn, align: 'right', width: 0.2 },
      ],
      rows: report.places.map((place) => ({ cells: [String(place.place), playerName(place, t), seat(place.seat)], strong: place.place === 1 })),
      empty: t.noPlaces,
    },
    ...(report.winner !== null
      ? []
      : [
          {
            kind: 'table',
            title: t.stillIn,
            width: 0.62,
            columns: [
              { header: t.seatColumn, align: 'right', width: 0.2 },
              { header: t.nameColumn, align: 'left', width: 0.5 },
              { header: t.chipsColumn, align: 'right', width: 0.3 },
            ],
            rows: report.playing.map((player) => ({ cells: [String(player.seat), playerName(player, t), f.amount(player.chips)] })),
            empty: t.none,
          } as const,
        ]),
  ];
}

function incidentBlocks(incidents: readonly Incident[], t: Labels): Block[] {
  const clock = clockTimes(incidents.map((incident) => incident.at), t);
  // Incidents of more than one day carry their date: the column takes it on one line and the time on the
  // next (as narrow as a time alone, the date broke over three), from the words' column.
  const days = new Set(incidents.flatMap((incident) => (incident.at === null ? [] : [new Date(incident.at).toISOString().slice(0, 10)])));
  const dated = days.size > 1 ? 0.045 : 0;
  return [
    {
      kind: 'table',
      title: t.kinds.incidents,
      width: 1,
      columns: [
        // Wide enough for a row of six digits and a hand of five on one line (a week of a busy table), also
        // "after 12345" for what came between hands.
        { header: t.rowColumn, align: 'right', width: 0.085 },
        { header: t.atColumn, align: 'left', width: 0.07 + dated },
        { header: t.handColumn, align: 'right', width: 0.12 },
        // Every English kind on one line ("Deck check failed"); the longest German ones take two.
        { header: t.kindColumn, align: 'left', width: 0.19 },
        // Who approved it, or the device, in this language: "Kartenschlitten" and "(Floor-Supervisor" on one line.
        { header: t.whoColumn, align: 'left', width: 0.16 },
        { header: t.whatColumn, align: 'left', width: 0.375 - dated },
      ],
      // Row and hand numbers are names to look up (`felt verify`), so printed as they are, ungrouped.
      rows: incidents.map((incident) => ({
        cells: [String(incident.row), clock(incident.at), incident.hand === null ? t.none : incident.afterHand ? t.afterHand(incident.hand) : String(incident.hand), t.incidentKinds[incident.kind], t.words(incident.who), t.words(incident.words)],
      })),
      empty: t.noIncidents,
    },
  ];
}

// ————— Placing blocks on pages —————

const MARGIN = 50;
const TITLE_SIZE = 16;
const HEADING_SIZE = 11;
const BODY_SIZE = 9;
const LINE = 11.5;
const PAD = 3.5;
const BLOCK_GAP = 16;
/** A cell's text beyond this many lines is cut (with "…"), so no row is ever taller than a page. */
const MAX_CELL_LINES = 12;
/** At most this many hours share one chart row; longer logs get further rows on the same scale. */
const BARS_PER_CHART = 24;
const CHART_HEIGHT = 90;
/** A heading's further lines, where a narrow table's title wraps. */
const HEADING_LINE = HEADING_SIZE * 1.25;
/** The gap between tables side by side: a share of the page's width. */
const SIDE_GAP = 0.04;

/** What heads every page: the title, the report's period (none for the whole log), the table and when it was made. */
type Header = { readonly title: string; readonly period: string | null; readonly meta: string };

/** Places blocks top to bottom, starting a page (with the report's header) when the next piece does not fit. */
class Layout {
  readonly #doc: PdfDocument;
  readonly #header: Header;
  readonly #labels: Labels;
  readonly #left = MARGIN;
  readonly #width: number;
  readonly #bottom: number;
  #y = 0;
  #top = 0;

  constructor(doc: PdfDocument, header: Header, labels: Labels) {
    this.#doc = doc;
    this.#header = header;
    this.#labels = labels;
    this.#width = doc.width - 2 * MARGIN;
    // Room below for the page number.
    this.#bottom = doc.height - MARGIN - 12;
    this.#newPage();
  }

  place(block: Block): void {
    switch (block.kind) {
      case 'table':
        this.#table(block);
        break;
      case 'side-by-side':
        this.#sideBySide(block.tables);
        break;
      case 'chart':
        this.#chart(block);
        break;
      case 'note':
        this.#note(block.text);
        break;
    }
    this.#y += BLOCK_GAP;
  }

  /** "Page 2 of 3" at every page's foot, once the number of pages is known. */
  numberPages(): void {
    const pages = this.#doc.pageCount;
    for (let index = 0; index < pages; index++) {
      this.#doc.usePage(index);
      const y = this.#doc.height - MARGIN + 14;
      this.#doc.line(this.#left, y - 12, this.#left + this.#width, y - 12, { width: 0.5, gray: 0.6 });
      this.#doc.text(this.#left + this.#width, y, this.#labels.page(index + 1, pages), { size: 8, align: 'right', gray: 0.25 });
      this.#doc.text(this.#left, y, 'Felt', { size: 8, gray: 0.25 });
    }
  }

  #newPage(): void {
    this.#doc.page();
    const { title, period, meta } = this.#header;
    // A caller's title longer than two lines is cut: the header must leave the page its room.
    const titleLines = this.#doc.wrapText(title, this.#width, TITLE_SIZE, true, 2).slice(0, 2);
    let y = MARGIN + TITLE_SIZE;
    for (const line of titleLines) {
      this.#doc.text(this.#left, y, line, { size: TITLE_SIZE, bold: true });
      y += TITLE_SIZE * 1.25;
    }
    if (period !== null) {
      this.#doc.text(this.#left, y - 2, period, { size: BODY_SIZE + 1, bold: true });
      y += LINE + 1;
    }
    this.#doc.text(this.#left, y, meta, { size: BODY_SIZE, gray: 0.3 });
    y += 8;
    this.#doc.line(this.#left, y, this.#left + this.#width, y, { width: 0.75 });
    this.#top = y + 18;
    this.#y = this.#top;
  }

  /** Makes room for `height`, on a new page if this one is too full (never on a fresh page: a block taller than a page is drawn anyway). */
  #ensure(height: number): boolean {
    if (this.#y + height <= this.#bottom || this.#y === this.#top) return false;
    this.#newPage();
    return true;
  }

  /** A block's title at `left`, wrapped to `width` (a table's beside another). */
  #heading(text: string, left = this.#left, width = this.#width): void {
    headingLines(this.#doc, text, width).forEach((line, index) => this.#doc.text(left, this.#y + HEADING_SIZE + index * HEADING_LINE, line, { size: HEADING_SIZE, bold: true }));
    this.#y += headingHeight(this.#doc, text, width);
  }

  #note(text: string): void {
    const lines = this.#doc.wrapText(text, this.#width, BODY_SIZE);
    this.#ensure(lines.length * LINE);
    for (const line of lines) {
      this.#doc.text(this.#left, this.#y + BODY_SIZE, line, { size: BODY_SIZE, gray: 0.3 });
      this.#y += LINE;
    }
  }

  /** A table's text in lines, its columns' widths and its height in full (not counting page breaks). */
  #tableLines(block: TableBlock): { tableWidth: number; widths: number[]; header: string[][]; rows: { strong: boolean; lines: string[][] }[]; height: number } {
    const tableWidth = this.#width * block.width;
    const widths = block.columns.map((column) => tableWidth * column.width);
    const header = block.columns.map((column, index) => cellLines(this.#doc, column.header, (widths[index] ?? 0) - 2 * PAD, true));
    const rows = block.rows.map((row) => ({ strong: row.strong ?? false, lines: row.cells.map((cell, index) => cellLines(this.#doc, cell, (widths[index] ?? 0) - 2 * PAD, row.strong ?? false)) }));
    const body = rows.length === 0 ? LINE + 2 * PAD : rows.reduce((sum, row) => sum + rowHeight(row.lines), 0);
    return { tableWidth, widths, header, rows, height: headingHeight(this.#doc, block.title, tableWidth) + rowHeight(header) + body };
  }

  /** A table at `left` (the margin, or a column of tables side by side), from the current y, continued on the next page where it runs over. */
  #table(block: TableBlock, left = this.#left): void {
    const { tableWidth, widths, header, rows } = this.#tableLines(block);
    const drawHeader = (title: string): void => {
      this.#heading(title, left, tableWidth);
      const height = rowHeight(header);
      this.#doc.rect(left, this.#y, tableWidth, height, { fill: 0.85 });
      this.#cells(left, block.columns, widths, header, true);
      this.#y += height;
    };

    // The title, the column heads and the first row stay together.
    this.#ensure(headingHeight(this.#doc, block.title, tableWidth) + rowHeight(header) + rowHeight(rows[0]?.lines ?? [[block.empty]]));
    drawHeader(block.title);
    if (rows.length === 0) {
      this.#doc.text(left + PAD, this.#y + PAD + BODY_SIZE, block.empty, { size: BODY_SIZE, gray: 0.35 });
      this.#y += LINE + 2 * PAD;
    }
    rows.forEach((row, index) => {
      const height = rowHeight(row.lines);
      if (this.#ensure(height)) drawHeader(`${block.title} ${this.#labels.continued}`);
      // Every other row shaded, so a long row is easy to follow across the page.
      if (index % 2 === 1) this.#doc.rect(left, this.#y, tableWidth, height, { fill: 0.94 });
      this.#cells(left, block.columns, widths, row.lines, row.strong);
      this.#y += height;
    });
    this.#doc.line(left, this.#y, left + tableWidth, this.#y, { width: 0.5, gray: 0.5 });
  }

  /**
   * Tables next to each other, from the left margin with a gap between, when they fit the page's width and
   * each fits whole on this page (or the next); else one below the other, as any tables.
   */
  #sideBySide(tables: readonly TableBlock[]): void {
    const gap = this.#width * SIDE_GAP;
    const width = tables.reduce((sum, table) => sum + this.#width * table.width, 0) + gap * (tables.length - 1);
    const height = Math.max(0, ...tables.map((table) => this.#tableLines(table).height));
    const narrow = width <= this.#width + 0.01;
    if (narrow) this.#ensure(height);
    if (!narrow || this.#y + height > this.#bottom) {
      tables.forEach((table, index) => {
        if (index > 0) this.#y += BLOCK_GAP;
        this.#table(table);
      });
      return;
    }
    const top = this.#y;
    let left = this.#left;
    for (const table of tables) {
      this.#y = top;
      this.#table(table, left);
      left += this.#width * table.width + gap;
    }
    this.#y = top + height;
  }

  /** One row's cells from the current y: left- or right-aligned within their columns. */
  #cells(left: number, columns: readonly Column[], widths: readonly number[], cells: readonly (readonly string[])[], bold: boolean): void {
    let x = left;
    columns.forEach((column, index) => {
      const width = widths[index] ?? 0;
      (cells[index] ?? []).forEach((line, lineIndex) => {
        const y = this.#y + PAD + BODY_SIZE + lineIndex * LINE;
        if (column.align === 'right') this.#doc.text(x + width - PAD, y, line, { size: BODY_SIZE, bold, align: 'right' });
        else this.#doc.text(x + PAD, y, line, { size: BODY_SIZE, bold });
      });
      x += width;
    });
  }

  /** Bars per clock hour, all on the scale of the largest; the value above each bar, the hour below, the date where it changes. */
  #chart(block: Extract<Block, { kind: 'chart' }>): void {
    const rowHeight = BODY_SIZE + 4 + CHART_HEIGHT + 2 * LINE + 4;
    if (block.bars.length === 0) {
      this.#ensure(HEADING_SIZE + 7 + LINE);
      this.#heading(block.title);
      this.#note(block.empty);
      return;
    }
    const max = Math.max(1, ...block.bars.map((bar) => bar.value));
    for (let start = 0; start < block.bars.length; start += BARS_PER_CHART) {
      const continued = start > 0;
      const newPage = this.#ensure((continued ? 0 : HEADING_SIZE + 7) + rowHeight);
      if (!continued || newPage) this.#heading(continued ? `${block.title} ${this.#labels.continued}` : block.title);
      this.#barRow(block.bars.slice(start, start + BARS_PER_CHART), max);
    }
  }

  /** One row of bars; the date goes under the row's first bar and wherever the day changes. */
  #barRow(bars: readonly Bar[], max: number): void {
    // Slots sized for a full row, so a short session's few bars keep a bar's width, not the page's.
    const slot = this.#width / BARS_PER_CHART;
    const baseline = this.#y + BODY_SIZE + 4 + CHART_HEIGHT;
    let day: string | null = null;
    bars.forEach((bar, index) => {
      const x = this.#left + index * slot;
      const height = (Math.max(0, bar.value) * CHART_HEIGHT) / max;
      if (height > 0) this.#doc.rect(x + slot * 0.15, baseline - height, slot * 0.7, height, { fill: 0.45 });
      this.#doc.text(x + slot / 2, baseline - height - 3, bar.label, { size: fitSize(this.#doc, bar.label, slot - 2, 7), align: 'center' });
      const { clock, day: barDay } = hourParts(bar.hour);
      this.#doc.text(x + slot / 2, baseline + LINE, clock, { size: fitSize(this.#doc, clock, slot - 2, 7), align: 'center' });
      if (barDay !== day) this.#doc.text(x + 1, baseline + 2 * LINE, barDay, { size: 6.5, gray: 0.35 });
      day = barDay;
    });
    this.#doc.line(this.#left, baseline, this.#left + slot * bars.length, baseline, { width: 0.75 });
    this.#y = baseline + 2 * LINE + 4;
  }
}

/** A title in lines that fit `width`. */
function headingLines(doc: PdfDocument, text: string, width: number): string[] {
  return doc.wrapText(text, width, HEADING_SIZE, true);
}

/** What a title takes down the page, the space below it included. */
function headingHeight(doc: PdfDocument, text: string, width: number): number {
  return HEADING_SIZE + 7 + (Math.max(1, headingLines(doc, text, width).length) - 1) * HEADING_LINE;
}

/** A table row's height: its tallest cell. */
function rowHeight(cells: readonly (readonly string[])[]): number {
  return Math.max(1, ...cells.map((lines) => lines.length)) * LINE + 2 * PAD;
}

/** A cell's text in lines that fit its width; cut with "…" past MAX_CELL_LINES. */
function cellLines(doc: PdfDocument, text: string, width: number, bold: boolean): string[] {
  const lines = doc.wrapText(text, width, BODY_SIZE, bold, MAX_CELL_LINES);
  if (lines.length <= MAX_CELL_LINES) return lines;
  const kept = lines.slice(0, MAX_CELL_LINES);
  let last = kept[MAX_CELL_LINES - 1] ?? '';
  while (last !== '' && doc.textWidth(`${last}…`, BODY_SIZE, bold) > width) last = last.slice(0, -1);
  kept[MAX_CELL_LINES - 1] = `${last}…`;
  return kept;
}

/** The largest size up to `size` at which a short label fits `width` (bar labels in narrow slots). */
function fitSize(doc: PdfDocument, text: string, width: number, size: number): number {
  const natural = doc.textWidth(text, size);
  return natural <= width ? size : Math.max(4, (size * width) / natural);
}
