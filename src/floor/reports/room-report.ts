import type pg from 'pg';
import { dealersOf, type EventFact, type FloorEntry, type HandColumns, inWindow, noHands, WHOLE_LOG, type Window } from '../../reports/facts.js';
import { type FloorReport, floorReport, REPORT_FACTS, type ReportKind } from '../../reports/floor-report.js';
import { handsPerHour, hourOf } from '../../reports/hours.js';
import { byDealer, type DealerFigures, type DealerShift } from '../../reports/shifts.js';
import { type FactState, readTableFacts, refreshedFactStates } from './room-facts.js';
import { handHours, handRuns, rakeAround } from './room-sql.js';
import { runShifts, type ShiftEvent } from './room-shifts.js';

/** The reports the room has: a tournament's standings are a table's alone. */
export const ROOM_REPORT_KINDS = ['session', 'collections', 'cashflow', 'incidents'] as const satisfies readonly ReportKind[];
export type RoomReportKind = (typeof ROOM_REPORT_KINDS)[number];

/**
 * A table's line in a room report: of the session and the collections, the table's own figures that the
 * room shows (each what the table's own report gives over the same rows: the tests compare them); of the
 * cash flow and the incidents, the table's own report whole.
 */
export type TableLine =
  | {
      readonly kind: 'session';
      readonly window: Window;
      readonly handsPlayed: number;
      readonly handsVoided: number;
      readonly potTotal: number;
      readonly averagePot: number;
      readonly rake: number;
      /** As the table's `time.handsPerHour`. */
      readonly handsPerHour: number | null;
      readonly dealers: readonly DealerFigures[];
    }
  | { readonly kind: 'collections'; readonly window: Window; readonly rake: number; readonly timeCollected: number; readonly shifts: readonly DealerShift[] }
  | Extract<FloorReport, { kind: 'cashflow' }>
  | Extract<FloorReport, { kind: 'incidents' }>;

/** A table in the room's report: its line, how far its facts at the floor reach, and the derivation that made them (D97). */
export type RoomTableReport = { readonly id: string; readonly name: string; readonly upToRow: number; readonly derivedBy: string; readonly report: TableLine };
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
 * A room report (D92, D96): every enrolled table's line — its own report's figures over its facts at the
 * floor, derived from its rows there by the table's own derivation — and the room's totals summed from those
 * lines. A table's line differs from the report at the table only by the rows the floor does not hold yet (a
 * hand in play, a link that was down), which `upToRow` says. The hands are summed in PostgreSQL over
 * `hand_hour` (by clock hour and dealer shift) and the period's cut edge hours; the dealers' shifts are
 * worked out from those runs by the table's rules (`runShifts`); the cash flow and the incidents run the
 * table's own code over their few facts, the hands' part of them summed in PostgreSQL. The cash flow at the
 * floor has no count of the table's chips: the table compares those (`felt report --kind cashflow`).
 */
export async function roomReport(pool: pg.Pool, kind: RoomReportKind, window: Window = WHOLE_LOG, only: (tableId: string) => boolean = () => true): Promise<RoomReport> {
  const tables = (await refreshedFactStates(pool)).filter((table) => only(table.id));
  const ids = tables.map((table) => table.id);
  const lines = await linesOf(pool, kind, tables, ids, window);
  const reports = tables.map((table, index): RoomTableReport => ({ id: table.id, name: table.name, upToRow: table.cursor.seq, derivedBy: table.derivedBy, report: lines[index] as TableLine }));
  const hours = kind === 'session' || kind === 'collections' ? await handHours(pool, ids, window) : [];
  return { kind, window, tables: reports, totals: totalsOf(reports, hours, kind === 'collections' ? await timeHours(pool, tables, window) : new Map()) };
}

async function linesOf(pool: pg.Pool, kind: RoomReportKind, tables: readonly FactState[], ids: readonly string[], window: Window): Promise<TableLine[]> {
  switch (kind) {
    case 'session':
    case 'collections': {
      const [runs, dealers, times] = await Promise.all([handRuns(pool, ids, window), dealerFacts(pool, ids), kind === 'collections' ? timeFacts(pool, tables, window) : Promise.resolve(new Map<string, ShiftEvent[]>())]);
      return tables.map((table): TableLine => {
        const own = runs.get(table.id) ?? [];
        const dealerEvents = dealers.get(table.id) ?? [];
        const inPeriod = dealerEvents.flatMap(({ seq, at, entry }): ShiftEvent[] => (entry.type === 'dealer-on-duty' && inWindow(at, window) ? [{ seq, kind: 'dealer', number: entry.number, name: entry.name, at: entry.at }] : []));
        const timeEvents = times.get(table.id) ?? [];
        const events = [...inPeriod, ...timeEvents].sort((a, b) => a.seq - b.seq);
        const shifts = runShifts(own, events, dealersOf(dealerEvents));
        const rake = own.reduce((sum, run) => sum + run.rake, 0);
        if (kind === 'collections') return { kind, window, rake, timeCollected: timeEvents.reduce((sum, event) => sum + (event.kind === 'time' ? event.amount : 0), 0), shifts: shifts.map(({ shift }) => shift) };
        const played = own.reduce((sum, run) => sum + run.played, 0);
        const potTotal = own.reduce((sum, run) => sum + run.awarded, 0);
        const pace = { hands: 0, ms: 0 };
        const timed = own.filter((run) => run.firstTimedAt !== null);
        const first = timed[0];
        const last = timed.at(-1);
        if (first !== undefined && last !== undefined) {
          pace.ms = (last.lastTimedAt as number) - (first.firstTimedAt as number);
          pace.hands = timed.reduce((sum, run) => sum + run.playedTimed, 0) - (last.lastTimedPlayed ? 1 : 0);
        }
        return { kind, window, handsPlayed: played, handsVoided: own.reduce((sum, run) => sum + run.hands - run.played, 0), potTotal, averagePot: played === 0 ? 0 : Math.floor(potTotal / played), rake, handsPerHour: handsPerHour(pace), dealers: byDealer(shifts) };
      });
    }
    case 'cashflow':
      return cashFlowLines(pool, tables, ids, window);
    case 'incidents':
      return incidentLines(pool, tables, ids, window);
  }
}

/** Every dealer sign-in of the tables (a period begun mid-shift names the dealer its hands carry), in the log's order. */
async function dealerFacts(pool: pg.Pool, ids: readonly string[]): Promise<Map<string, EventFact[]>> {
  return eventFacts(pool, ids, ['dealer']);
}

async function eventFacts(pool: pg.Pool, ids: readonly string[], kinds: readonly string[]): Promise<Map<string, EventFact[]>> {
  const rows = (await pool.query<{ table_id: string; seq: number; at: number | null; hand: number | null; entry: FloorEntry }>('SELECT table_id, seq, at, hand, entry FROM event_fact WHERE table_id = ANY($1) AND kind = ANY($2) ORDER BY table_id, seq', [ids, kinds])).rows;
  const found = new Map<string, EventFact[]>();
  for (const { table_id: id, seq, at, hand, entry } of rows) {
    let list = found.get(id);
    if (list === undefined) found.set(id, (list = []));
    list.push({ seq, at, hand, entry });
  }
  return found;
}

/** The time collected in the period, per table in the log's order, with what waits for its hand (at the table's latest time, as `factsOf` places it). */
async function timeFacts(pool: pg.Pool, tables: readonly FactState[], window: Window): Promise<Map<string, ShiftEvent[]>> {
  const whole = window.from === null && window.to === null;
  const rows = (
    await pool.query<{ table_id: string; seq: number; at: number | null; amount: number }>(
      "SELECT table_id, seq, at, (entry->>'amount')::bigint AS amount FROM event_fact WHERE kind = 'time' AND table_id = ANY($1) AND ($2 OR (at >= $3 AND at < $4)) ORDER BY table_id, seq",
      [tables.map((table) => table.id), whole, window.from ?? -(2 ** 52), window.to ?? 2 ** 52],
    )
  ).rows;
  const found = new Map<string, ShiftEvent[]>();
  const add = (id: string, event: ShiftEvent): void => {
    let list = found.get(id);
    if (list === undefined) found.set(id, (list = []));
    list.push(event);
  };
  for (const row of rows) add(row.table_id, { seq: row.seq, kind: 'time', amount: Number(row.amount), at: row.at });
  for (const table of tables) for (const { seq, entry } of table.cursor.collected) if (entry.type === 'time-collected' && inWindow(table.cursor.time, window)) add(table.id, { seq, kind: 'time', amount: entry.amount, at: table.cursor.time });
  return found;
}

/** The room's time collected per clock hour of the period. */
async function timeHours(pool: pg.Pool, tables: readonly FactState[], window: Window): Promise<Map<string, number>> {
  const hours = new Map<string, number>();
  for (const events of (await timeFacts(pool, tables, window)).values()) for (const event of events) if (event.kind === 'time' && event.at !== null) hours.set(hourOf(event.at), (hours.get(hourOf(event.at)) ?? 0) + event.amount);
  return hours;
}

/**
 * The cash flow of each table: the table's own `cashFlow` over its seat, time and correction facts, with
 * the rake of its hands before and in the period summed in PostgreSQL — the same as over every hand where
 * the table's clock never went back (the cash flow reads each fact at the latest time seen before it); a
 * table whose clock did is reported from all its facts, as before (D96).
 */
async function cashFlowLines(pool: pg.Pool, tables: readonly FactState[], ids: readonly string[], window: Window): Promise<TableLine[]> {
  const [events, rake] = await Promise.all([eventFacts(pool, ids, ['time', 'seat', 'correction']), rakeAround(pool, ids, window)]);
  const lines: TableLine[] = [];
  for (const table of tables) {
    const pending = table.cursor.collected.map(({ seq, entry }) => ({ seq, at: table.cursor.time, hand: table.cursor.hand, entry }));
    const own = [...(events.get(table.id) ?? []), ...pending];
    const latest = own.reduce<number | null>((max, event) => (event.at !== null && (max === null || event.at > max) ? event.at : max), null);
    if (table.clockWentBack || pending.some((event) => event.at !== null && latest !== null && event.at < latest)) {
      const { facts } = await readTableFacts(pool, table, REPORT_FACTS.cashflow);
      lines.push(floorReport('cashflow', facts, { window }) as TableLine);
      continue;
    }
    const flow = floorReport('cashflow', { hands: noHands(), events: own, dealers: new Map() }, { window });
    if (flow.kind !== 'cashflow') continue;
    const { before, during } = rake.get(table.id) ?? { before: 0, during: 0 };
    const { totals } = flow;
    lines.push({ ...flow, totals: { ...totals, opening: totals.opening - before, rake: totals.rake + during, expected: totals.expected - before - during } });
  }
  return lines;
}

/**
 * The incidents of each table: the table's own `incidents` over its incident, correction and dealer facts,
 * with of the hands only those the incidents name (a hand's last row tells an incident after it from one
 * in it), found by number in PostgreSQL.
 */
async function incidentLines(pool: pg.Pool, tables: readonly FactState[], ids: readonly string[], window: Window): Promise<TableLine[]> {
  const events = await eventFacts(pool, ids, ['dealer', 'correction', 'incident']);
  const asked: { table: string; hand: number }[] = [];
  for (const [table, list] of events) {
    const named = new Set<number>();
    for (const { hand, entry } of list) {
      if (hand !== null) named.add(hand);
      const number = (entry as { readonly handNumber?: unknown }).handNumber;
      if (typeof number === 'number') named.add(number);
    }
    for (const hand of named) asked.push({ table, hand });
  }
  const ends = (
    await pool.query<{ table_id: string; hand: number; seq: number }>('SELECT h.table_id, h.hand, max(h.seq) AS seq FROM unnest($1::text[], $2::bigint[]) AS w (table_id, hand) JOIN hand_fact h ON h.table_id = w.table_id AND h.hand = w.hand GROUP BY h.table_id, h.hand ORDER BY 1, 3', [asked.map((ask) => ask.table), asked.map((ask) => ask.hand)])
  ).rows;
  const hands = new Map<string, HandColumns>();
  for (const row of ends) {
    let columns = hands.get(row.table_id);
    if (columns === undefined) hands.set(row.table_id, (columns = noHands()));
    columns.seq.push(row.seq);
    columns.hand.push(row.hand);
  }
  return tables.map((table) => {
    const own = events.get(table.id) ?? [];
    return floorReport('incidents', { hands: hands.get(table.id) ?? noHands(), events: own, dealers: dealersOf(own) }, { window }) as TableLine;
  });
}

function totalsOf(tables: readonly RoomTableReport[], handsByHour: readonly { readonly hour: number; readonly played: number; readonly rake: number }[], timeByHour: ReadonlyMap<string, number>): RoomTotals {
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
  const kind = tables[0]?.report.kind;
  for (const entry of handsByHour) {
    const kept = hour(hourOf(entry.hour * 3_600_000));
    if (kind === 'session') kept.hands += entry.played;
    else kept.rake += entry.rake;
  }
  for (const [name, amount] of timeByHour) hour(name).timeCollected += amount;
  // An hour with nothing in it is not shown (as the tables' own reports leave it out).
  for (const [name, kept] of hours) if (kept.hands === 0 && kept.rake === 0 && kept.timeCollected === 0) hours.delete(name);
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
        for (const figures of report.dealers) {
          const kept = dealer(figures.number, figures.name, id);
          kept.hands += figures.hands;
          kept.minutes += figures.minutes;
        }
        break;
      case 'collections':
        rake += report.rake;
        timeCollected += report.timeCollected;
        for (const shift of report.shifts) {
          const kept = dealer(shift.number, shift.name, id);
          kept.hands += shift.hands;
          kept.rake += shift.rake;
          kept.timeCollected += shift.timeCollected;
        }
        break;
      case 'cashflow':
        rake += report.totals.rake;
        timeCollected += report.totals.timeCollected;
        break;
      case 'incidents':
        incidents += report.incidents.length;
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
