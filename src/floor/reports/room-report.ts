import type pg from 'pg';
import { WHOLE_LOG, type Window } from '../../reports/facts.js';
import { type FloorReport, floorReport, REPORT_FACTS, type ReportKind } from '../../reports/floor-report.js';
import { type FactState, readTableFacts, refreshedFactStates } from './room-facts.js';

/** Tables read at once. */
const READERS = 4;

/** The reports the room has: a tournament's standings are a table's alone. */
export const ROOM_REPORT_KINDS = ['session', 'collections', 'cashflow', 'incidents'] as const satisfies readonly ReportKind[];
export type RoomReportKind = (typeof ROOM_REPORT_KINDS)[number];

/** A table's report in the room's: the table's own report over its facts at the floor, and how far they reach. */
export type RoomTableReport = { readonly id: string; readonly name: string; readonly upToRow: number; readonly derivedBy: string; readonly report: FloorReport };

/**
 * The room's figures, each the sum of the tables' own (a dealer's and an hour's across tables): hands
 * played and voided, pots, rake and time collected; per clock hour and per dealer; incidents counted.
 */
export type RoomTotals = {
  readonly handsPlayed: number;
  readonly handsVoided: number;
  readonly potTotal: number;
  readonly rake: number;
  readonly timeCollected: number;
  readonly incidents: number;
  readonly byHour: readonly { readonly hour: string; readonly hands: number; readonly rake: number; readonly timeCollected: number }[];
  readonly byDealer: readonly { readonly number: string | null; readonly name: string | null; readonly tables: number; readonly hands: number; readonly minutes: number; readonly rake: number; readonly timeCollected: number }[];
};

export type RoomReport = { readonly kind: RoomReportKind; readonly window: Window; readonly tables: readonly RoomTableReport[]; readonly totals: RoomTotals };

/**
 * A room report (D92): for every enrolled table, the table's own report (`floorReport`, the code the table
 * runs) over its report facts at the floor — derived from its rows there by the table's own derivation —
 * and the room's totals summed from those reports. A table's report at the floor is therefore the table's
 * own over the same rows: it differs only by the rows the floor does not hold yet (a hand in play, a link
 * that was down), which `upToRow` says. The cash flow at the floor has no count of the table's chips: the
 * table compares those (`felt report --kind cashflow` at the table).
 */
export async function roomReport(pool: pg.Pool, kind: RoomReportKind, window: Window = WHOLE_LOG, only: (tableId: string) => boolean = () => true): Promise<RoomReport> {
  const tables = (await refreshedFactStates(pool)).filter((table) => only(table.id));
  // A few tables at once: PostgreSQL joins one table's columns while this process reports on another's.
  const reports: RoomTableReport[] = new Array<RoomTableReport>(tables.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < tables.length; index = next++) {
      const table = tables[index] as FactState;
      const { facts, upToRow, derivedBy } = await readTableFacts(pool, table, REPORT_FACTS[kind]);
      reports[index] = { id: table.id, name: table.name, upToRow, derivedBy, report: floorReport(kind, facts, { window }) };
    }
  };
  await Promise.all(Array.from({ length: READERS }, worker));
  return { kind, window, tables: reports, totals: totalsOf(reports) };
}

function totalsOf(tables: readonly RoomTableReport[]): RoomTotals {
  let handsPlayed = 0;
  let handsVoided = 0;
  let potTotal = 0;
  let rake = 0;
  let timeCollected = 0;
  let incidents = 0;
  const hours = new Map<string, { hour: string; hands: number; rake: number; timeCollected: number }>();
  const hour = (name: string): { hour: string; hands: number; rake: number; timeCollected: number } => {
    let found = hours.get(name);
    if (found === undefined) hours.set(name, (found = { hour: name, hands: 0, rake: 0, timeCollected: 0 }));
    return found;
  };
  const dealers = new Map<string, { number: string | null; name: string | null; tables: Set<string>; hands: number; minutes: number; rake: number; timeCollected: number }>();
  const dealer = (number: string | null, name: string | null, table: string): { tables: Set<string>; hands: number; minutes: number; rake: number; timeCollected: number } => {
    const key = number ?? '';
    let found = dealers.get(key);
    if (found === undefined) dealers.set(key, (found = { number, name, tables: new Set(), hands: 0, minutes: 0, rake: 0, timeCollected: 0 }));
    found.tables.add(table);
    return found;
  };
  for (const { id, report } of tables) {
    switch (report.kind) {
      case 'session':
        handsPlayed += report.handsPlayed;
        handsVoided += report.handsVoided;
        potTotal += report.potTotal;
        rake += report.rake;
        for (const entry of report.time.byHour) hour(entry.hour).hands += entry.hands;
        for (const figures of report.dealers) {
          const kept = dealer(figures.number, figures.name, id);
          kept.hands += figures.hands;
          kept.minutes += figures.minutes;
        }
        break;
      case 'collections':
        rake += report.rake.total;
        timeCollected += report.time.total;
        for (const entry of report.rake.byHour) hour(entry.hour).rake += entry.amount;
        for (const entry of report.time.byHour) hour(entry.hour).timeCollected += entry.amount;
        for (const shift of report.shifts) {
          const kept = dealer(shift.number, shift.name, id);
          kept.hands += shift.hands;
          kept.rake += shift.rake;
          kept.timeCollected += shift.timeCollected;
        }
        break;
      case 'cashflow':
        break;
      case 'incidents':
        incidents += report.incidents.length;
        break;
      default:
        break;
    }
  }
  return {
    handsPlayed,
    handsVoided,
    potTotal,
    rake,
    timeCollected,
    incidents,
    byHour: [...hours.values()].sort((a, b) => a.hour.localeCompare(b.hour)),
    byDealer: [...dealers.values()].map(({ tables: at, ...rest }) => ({ ...rest, tables: at.size })).sort((a, b) => (a.number ?? '').localeCompare(b.number ?? '', 'en', { numeric: true })),
  };
}
