import { type Block, blocksPdf, type Column, formats, type Format, reportBlocks, type ReportLanguage, type TableBlock } from '../../reports/report-pdf.js';
import type { RoomReport, RoomReportKind, RoomTableReport } from './room-report.js';

/**
 * A room report as printable PDF, in English or German, with the tables' printed reports' layout and font
 * (`blocksPdf`, src/reports/report-pdf.ts, D79, D80: the same report gives the same bytes): the room's
 * totals, the hours as bars, the dealers across tables, then each table's line with how far its facts at
 * the floor reach and which derivation made them (D97); the incidents report lists each table's incidents
 * as the table prints them.
 */
export function roomPdf(room: RoomReport, { language, generatedAt }: { readonly language: ReportLanguage; readonly generatedAt: number }): Uint8Array {
  const t = WORDS[language];
  const f = formats(language);
  return blocksPdf(roomBlocks(room, t, f, language), room.window, { language, generatedAt, title: `${t.title}: ${t.kinds[room.kind]}` });
}

const EN = {
  title: 'Room report',
  kinds: { session: 'Hands and dealers', collections: 'Collections and rake', cashflow: 'Cash flow', incidents: 'Incidents' } satisfies Record<RoomReportKind, string>,
  room: 'The room',
  figure: 'Figure',
  value: 'Value',
  tablesCount: 'Tables',
  handsPlayed: 'Hands played',
  handsVoided: 'Hands voided',
  pots: 'Pots awarded',
  rake: 'Rake',
  time: 'Time collected',
  incidents: 'Incidents',
  handsByHour: 'Hands played per clock hour (UTC), all tables',
  rakeByHour: 'Rake per clock hour (UTC), all tables',
  timeByHour: 'Time collected per clock hour (UTC), all tables',
  nothing: 'Nothing to show',
  byDealer: 'Per dealer, across tables',
  dealer: 'Dealer',
  noDealer: 'no dealer recorded',
  hands: 'Hands',
  minutes: 'Minutes on duty',
  tables: 'Per table',
  table: 'Table',
  rows: 'Rows at the floor',
  derivedBy: 'Facts derived by',
  perHour: 'Hands per hour',
  buyIns: 'Buy-ins and top-ups',
  cashOuts: 'Cash-outs',
  expected: 'Expected on the table',
  none: '—',
  noTables: 'No table is enrolled',
  ofTable: (name: string, title: string) => `${name}: ${title}`,
};

const DE: typeof EN = {
  title: 'Saalbericht',
  kinds: { session: 'Hände und Dealer', collections: 'Einnahmen und Rake', cashflow: 'Geldfluss', incidents: 'Vorfälle' },
  room: 'Der Saal',
  figure: 'Kennzahl',
  value: 'Wert',
  tablesCount: 'Tische',
  handsPlayed: 'Gespielte Hände',
  handsVoided: 'Ungültige Hände',
  pots: 'Ausgezahlte Pots',
  rake: 'Rake',
  time: 'Zeitgebühr eingenommen',
  incidents: 'Vorfälle',
  handsByHour: 'Gespielte Hände pro Uhrzeit-Stunde (UTC), alle Tische',
  rakeByHour: 'Rake pro Uhrzeit-Stunde (UTC), alle Tische',
  timeByHour: 'Zeitgebühr pro Uhrzeit-Stunde (UTC), alle Tische',
  nothing: 'Nichts anzuzeigen',
  byDealer: 'Je Dealer, über alle Tische',
  dealer: 'Dealer',
  noDealer: 'kein Dealer erfasst',
  hands: 'Hände',
  minutes: 'Minuten im Dienst',
  tables: 'Je Tisch',
  table: 'Tisch',
  rows: 'Zeilen am Floor',
  derivedBy: 'Fakten abgeleitet von',
  perHour: 'Hände pro Stunde',
  buyIns: 'Buy-ins und Aufstockungen',
  cashOuts: 'Auszahlungen',
  expected: 'Erwartet auf dem Tisch',
  none: '—',
  noTables: 'Kein Tisch ist angemeldet',
  ofTable: (name, title) => `${name}: ${title}`,
};

const WORDS: Readonly<Record<ReportLanguage, typeof EN>> = { en: EN, de: DE };

function roomBlocks(room: RoomReport, t: typeof EN, f: Format, language: ReportLanguage): Block[] {
  const { totals } = room;
  const figures = (rows: readonly (readonly [string, number])[]): Block => ({
    kind: 'table',
    title: t.room,
    width: 0.62,
    columns: [
      { header: t.figure, align: 'left', width: 0.64 },
      { header: t.value, align: 'right', width: 0.36 },
    ],
    rows: rows.map(([label, value]) => ({ cells: [label, f.amount(value)] })),
    empty: t.none,
  });
  const chart = (title: string, value: (hour: RoomReport['totals']['byHour'][number]) => number): Block => ({ kind: 'chart', title, bars: totals.byHour.map((hour) => ({ hour: hour.hour, value: value(hour), label: f.amount(value(hour)) })).filter((bar) => bar.value > 0), empty: t.nothing });
  const dealerName = (dealer: { readonly number: string | null; readonly name: string | null }): string => (dealer.number === null ? t.noDealer : `${dealer.name ?? ''} #${dealer.number}`);
  const dealers = (amounts: readonly [header: string, value: (dealer: RoomReport['totals']['byDealer'][number]) => number][]): Block => ({
    kind: 'table',
    title: t.byDealer,
    width: 1,
    columns: [
      { header: t.dealer, align: 'left', width: 0.34 },
      { header: t.tablesCount, align: 'right', width: 0.16 },
      ...amounts.map(([header]): Column => ({ header, align: 'right', width: 0.5 / amounts.length })),
    ],
    rows: totals.byDealer.map((dealer) => ({ cells: [dealerName(dealer), f.amount(dealer.tables), ...amounts.map(([, value]) => f.amount(value(dealer)))] })),
    empty: t.none,
  });
  const tableList = (amounts: readonly [header: string, value: (table: RoomTableReport) => string][]): TableBlock => ({
    kind: 'table',
    title: t.tables,
    width: 1,
    columns: [
      { header: t.table, align: 'left', width: 0.2 },
      { header: t.rows, align: 'right', width: 0.13 },
      ...amounts.map(([header]): Column => ({ header, align: 'right', width: 0.45 / amounts.length })),
      { header: t.derivedBy, align: 'left', width: 0.22 },
    ],
    rows: room.tables.map((table) => ({ cells: [table.name, String(table.upToRow), ...amounts.map(([, value]) => value(table)), table.derivedBy] })),
    empty: t.noTables,
  });
  const amount = (value: number | null): string => (value === null ? t.none : f.amount(value));
  switch (room.kind) {
    case 'session':
      return [
        figures([
          [t.tablesCount, room.tables.length],
          [t.handsPlayed, totals.handsPlayed],
          [t.handsVoided, totals.handsVoided],
          [t.pots, totals.potTotal],
          [t.rake, totals.rake],
        ]),
        chart(t.handsByHour, (hour) => hour.hands),
        dealers([
          [t.hands, (dealer) => dealer.hands],
          [t.minutes, (dealer) => dealer.minutes],
        ]),
        tableList([
          [t.handsPlayed, ({ report }) => (report.kind === 'session' ? amount(report.handsPlayed) : t.none)],
          [t.rake, ({ report }) => (report.kind === 'session' ? amount(report.rake) : t.none)],
          [t.perHour, ({ report }) => (report.kind === 'session' ? amount(report.handsPerHour) : t.none)],
        ]),
      ];
    case 'collections':
      return [
        figures([
          [t.tablesCount, room.tables.length],
          [t.rake, totals.rake],
          [t.time, totals.timeCollected],
        ]),
        chart(t.rakeByHour, (hour) => hour.rake),
        chart(t.timeByHour, (hour) => hour.timeCollected),
        dealers([
          [t.hands, (dealer) => dealer.hands],
          [t.rake, (dealer) => dealer.rake],
          [t.time, (dealer) => dealer.timeCollected],
        ]),
        tableList([
          [t.rake, ({ report }) => (report.kind === 'collections' ? amount(report.rake) : t.none)],
          [t.time, ({ report }) => (report.kind === 'collections' ? amount(report.timeCollected) : t.none)],
        ]),
      ];
    case 'cashflow':
      return [
        figures([
          [t.tablesCount, room.tables.length],
          [t.rake, totals.rake],
          [t.time, totals.timeCollected],
        ]),
        tableList([
          [t.buyIns, ({ report }) => (report.kind === 'cashflow' ? amount(report.totals.buyIns + report.totals.topUps) : t.none)],
          [t.cashOuts, ({ report }) => (report.kind === 'cashflow' ? amount(report.totals.cashOuts) : t.none)],
          [t.rake, ({ report }) => (report.kind === 'cashflow' ? amount(report.totals.rake) : t.none)],
          [t.expected, ({ report }) => (report.kind === 'cashflow' ? amount(report.totals.expected) : t.none)],
        ]),
      ];
    case 'incidents':
      return [
        figures([
          [t.tablesCount, room.tables.length],
          [t.incidents, totals.incidents],
        ]),
        tableList([[t.incidents, ({ report }) => (report.kind === 'incidents' ? amount(report.incidents.length) : t.none)]]),
        // Each table's incidents as the table prints them, under its name.
        ...room.tables.flatMap(({ name, report }) => (report.kind === 'incidents' ? reportBlocks(report, language).map((block) => (block.kind === 'table' ? { ...block, title: t.ofTable(name, block.title) } : block)) : [])),
      ];
  }
}
