import { csv } from '../../reports/csv.js';
import type { RoomReport, RoomTableReport } from './room-report.js';

type Cell = string | number | null;

/**
 * The columns of each room report's CSV (D98): one header, every row as many cells, a column one kind of
 * value. `line` says what a row is — a table's own figures (`table`), one of its dealers or shifts
 * (`table dealer`, `table shift`), an incident (`incident`), or the room's totals (`room`, `room hour`,
 * `room dealer`) — so a spreadsheet filters the tables' rows or the room's and sums a column without
 * counting a total twice. The period, the table and how far its facts reach are on every row they concern.
 */
const COLUMNS = {
  session: ['period from', 'period to', 'line', 'table', 'table id', 'rows at the floor', 'facts derived by', 'hour', 'dealer number', 'dealer', 'tables', 'hands played', 'hands voided', 'pots awarded', 'average pot', 'rake', 'minutes on duty', 'hands per hour'],
  collections: ['period from', 'period to', 'line', 'table', 'table id', 'rows at the floor', 'facts derived by', 'hour', 'dealer number', 'dealer', 'shift from', 'shift to', 'tables', 'hands played', 'rake', 'time collected'],
  cashflow: ['period from', 'period to', 'line', 'table', 'table id', 'rows at the floor', 'facts derived by', 'tables', 'opening', 'buy-ins', 'top-ups', 'cash-outs', 'time collected', 'rake', 'corrections', 'expected on the table', 'time left unpaid'],
  incidents: ['period from', 'period to', 'line', 'table', 'table id', 'rows at the floor', 'facts derived by', 'tables', 'row', 'at', 'kind', 'hand', 'after hand', 'by', 'chips', 'what', 'incidents'],
} as const;

type Column<K extends keyof typeof COLUMNS> = (typeof COLUMNS)[K][number];

/** A room report as CSV (RFC 4180, `csv` of src/reports/csv.ts): a header and its rows, a table's first, then the room's. */
export function roomCsv(room: RoomReport): string {
  switch (room.kind) {
    case 'session':
      return sheet(room, 'session', sessionRows(room));
    case 'collections':
      return sheet(room, 'collections', collectionsRows(room));
    case 'cashflow':
      return sheet(room, 'cashflow', cashFlowRows(room));
    case 'incidents':
      return sheet(room, 'incidents', incidentRows(room));
  }
}

function sheet<K extends keyof typeof COLUMNS>(room: RoomReport, kind: K, rows: readonly Partial<Record<Column<K>, Cell>>[]): string {
  const columns: readonly Column<K>[] = COLUMNS[kind];
  const period: Partial<Record<string, Cell>> = { 'period from': room.window.from === null ? null : iso(room.window.from), 'period to': room.window.to === null ? null : iso(room.window.to) };
  return csv([columns, ...rows.map((row) => columns.map((column) => (row as Partial<Record<string, Cell>>)[column] ?? period[column] ?? null))]);
}

/** The columns that name a table on its rows. */
function tableCells(table: RoomTableReport): { table: string; 'table id': string; 'rows at the floor': number; 'facts derived by': string } {
  return { table: table.name, 'table id': table.id, 'rows at the floor': table.upToRow, 'facts derived by': table.derivedBy };
}

function sessionRows(room: RoomReport): Partial<Record<Column<'session'>, Cell>>[] {
  const rows: Partial<Record<Column<'session'>, Cell>>[] = [];
  for (const table of room.tables) {
    const line = table.report;
    if (line.kind !== 'session') continue;
    rows.push({ line: 'table', ...tableCells(table), 'hands played': line.handsPlayed, 'hands voided': line.handsVoided, 'pots awarded': line.potTotal, 'average pot': line.averagePot, rake: line.rake, 'hands per hour': line.handsPerHour });
    for (const dealer of line.dealers) rows.push({ line: 'table dealer', ...tableCells(table), 'dealer number': dealer.number, dealer: dealer.name, 'hands played': dealer.hands, 'minutes on duty': dealer.minutes, 'hands per hour': dealer.handsPerHour });
  }
  const { totals } = room;
  rows.push({ line: 'room', tables: room.tables.length, 'hands played': totals.handsPlayed, 'hands voided': totals.handsVoided, 'pots awarded': totals.potTotal, rake: totals.rake });
  for (const hour of totals.byHour) rows.push({ line: 'room hour', hour: hour.hour, 'hands played': hour.hands });
  for (const dealer of totals.byDealer) rows.push({ line: 'room dealer', 'dealer number': dealer.number, dealer: dealer.name, tables: dealer.tables, 'hands played': dealer.hands, 'minutes on duty': dealer.minutes });
  return rows;
}

function collectionsRows(room: RoomReport): Partial<Record<Column<'collections'>, Cell>>[] {
  const rows: Partial<Record<Column<'collections'>, Cell>>[] = [];
  for (const table of room.tables) {
    const line = table.report;
    if (line.kind !== 'collections') continue;
    rows.push({ line: 'table', ...tableCells(table), rake: line.rake, 'time collected': line.timeCollected });
    for (const shift of line.shifts) rows.push({ line: 'table shift', ...tableCells(table), 'dealer number': shift.number, dealer: shift.name, 'shift from': shift.from === null ? null : iso(shift.from), 'shift to': shift.to === null ? null : iso(shift.to), 'hands played': shift.hands, rake: shift.rake, 'time collected': shift.timeCollected });
  }
  const { totals } = room;
  rows.push({ line: 'room', tables: room.tables.length, rake: totals.rake, 'time collected': totals.timeCollected });
  for (const hour of totals.byHour) rows.push({ line: 'room hour', hour: hour.hour, rake: hour.rake, 'time collected': hour.timeCollected });
  for (const dealer of totals.byDealer) rows.push({ line: 'room dealer', 'dealer number': dealer.number, dealer: dealer.name, tables: dealer.tables, 'hands played': dealer.hands, rake: dealer.rake, 'time collected': dealer.timeCollected });
  return rows;
}

function cashFlowRows(room: RoomReport): Partial<Record<Column<'cashflow'>, Cell>>[] {
  const rows: Partial<Record<Column<'cashflow'>, Cell>>[] = [];
  const sums = { opening: 0, buyIns: 0, topUps: 0, cashOuts: 0, timeCollected: 0, rake: 0, adjustments: 0, expected: 0, timeUnpaid: 0 };
  for (const table of room.tables) {
    const line = table.report;
    if (line.kind !== 'cashflow') continue;
    const { totals } = line;
    for (const key of Object.keys(sums) as (keyof typeof sums)[]) sums[key] += totals[key];
    rows.push({ line: 'table', ...tableCells(table), ...amounts(totals) });
  }
  rows.push({ line: 'room', tables: room.tables.length, ...amounts(sums) });
  return rows;
}

function amounts(totals: { readonly opening: number; readonly buyIns: number; readonly topUps: number; readonly cashOuts: number; readonly timeCollected: number; readonly rake: number; readonly adjustments: number; readonly expected: number; readonly timeUnpaid: number }): Partial<Record<Column<'cashflow'>, Cell>> {
  return { opening: totals.opening, 'buy-ins': totals.buyIns, 'top-ups': totals.topUps, 'cash-outs': totals.cashOuts, 'time collected': totals.timeCollected, rake: totals.rake, corrections: totals.adjustments, 'expected on the table': totals.expected, 'time left unpaid': totals.timeUnpaid };
}

function incidentRows(room: RoomReport): Partial<Record<Column<'incidents'>, Cell>>[] {
  const rows: Partial<Record<Column<'incidents'>, Cell>>[] = [];
  for (const table of room.tables) {
    const line = table.report;
    if (line.kind !== 'incidents') continue;
    for (const incident of line.incidents) {
      rows.push({ line: 'incident', ...tableCells(table), row: incident.row, at: incident.at === null ? null : iso(incident.at), kind: incident.kind, hand: incident.hand, 'after hand': incident.afterHand ? 'yes' : 'no', by: incident.by, chips: incident.chips, what: incident.words.en });
    }
    rows.push({ line: 'table', ...tableCells(table), incidents: line.incidents.length });
  }
  rows.push({ line: 'room', tables: room.tables.length, incidents: room.totals.incidents });
  return rows;
}

function iso(at: number): string {
  return new Date(at).toISOString();
}
