import type { TableState } from '../engine/table/table-state.js';
import { type CashFlow, cashFlow } from './cash-flow.js';
import { type CollectionsReport, collectionsReport } from './collections.js';
import { type Facts, type FactSelection, HAND_FIELDS, WHOLE_LOG, type Window, within } from './facts.js';
import { type Incident, incidents } from './incidents.js';
import { type SessionReport, sessionReport } from './session.js';
import { type Standings, standings } from './standings.js';
import { NUMBERED, type PlayerNames } from './player-names.js';

export const REPORT_KINDS = ['session', 'collections', 'cashflow', 'incidents', 'standings'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** A floor report as `felt report --format json` writes it and the floor's screens receive it: over `window`. */
export type FloorReport =
  | ({ readonly kind: 'session'; readonly window: Window } & SessionReport)
  | ({ readonly kind: 'collections'; readonly window: Window } & CollectionsReport)
  | ({ readonly kind: 'cashflow' } & CashFlow)
  | { readonly kind: 'incidents'; readonly window: Window; readonly incidents: readonly Incident[] }
  | ({ readonly kind: 'standings'; readonly window: Window } & Standings);

/**
 * What each report reads: its kinds of facts and, of the hands, the fields it uses (a report given more
 * ignores the rest; the reports over a whole database's facts equal the reports over these, which the
 * store's tests and bench:reports check). The cash flow needs the table too; a tournament's standings
 * are the table's alone (`REPORTS_OF_THE_TABLE`).
 */
export const REPORT_FACTS: Readonly<Record<ReportKind, FactSelection>> = {
  session: { kinds: ['hand', 'dealer'], handFields: HAND_FIELDS },
  collections: { kinds: ['hand', 'dealer', 'time'], handFields: ['seq', 'hand', 'at', 'shift', 'rake', 'voided'] },
  cashflow: { kinds: ['hand', 'time', 'seat', 'correction'], handFields: ['seq', 'at', 'rake', 'voided'] },
  // The hands' last rows tell an incident after a hand from one in it; the dealers, whose card errors are whose (D94).
  incidents: { kinds: ['hand', 'dealer', 'correction', 'incident'], handFields: ['seq', 'hand'] },
  standings: { kinds: [], handFields: [] },
};

/** The reports that need the table as the log leaves it. */
export const REPORTS_OF_THE_TABLE: ReadonlySet<ReportKind> = new Set(['cashflow', 'standings']);

export type ReportOptions = {
  /** The croupier's count of the chips on the table (the cash flow). */
  readonly counted?: number | null;
  /** The table as the log leaves it: the cash flow compares its chips with the movements. */
  readonly table?: TableState | null;
  readonly window?: Window;
  /**
   * Names as the log keeps them (references, D102) to the names to print: the table's side table (the
   * store's `playerNames`); without it a reference prints as "player 7" (the floor's copy holds no names).
   */
  readonly names?: PlayerNames;
};

/** One report over a table's facts (from its database, or derived from a log: `factsOf`). */
export function floorReport(kind: ReportKind, facts: Facts, options: ReportOptions = {}): FloorReport {
  const report = reportOf(kind, facts, options);
  const names = options.names ?? NUMBERED;
  // Players are named as the report is made: an erased one as such, in every report made after the erasure.
  // Known by number only (the floor's copy has no names): the number, for the report's language to word.
  const named = <T extends { readonly name: string }>(item: T): T => {
    const { name, erased, player, numbered } = names(item.name);
    if (erased) return { ...item, name, erased: true };
    return numbered === true && player !== null ? { ...item, name, numbered: player } : { ...item, name };
  };
  if (report.kind === 'cashflow') return { ...report, stays: report.stays.map(named) };
  if (report.kind === 'standings') return { ...report, winner: report.winner === null ? null : names(report.winner).name, places: report.places.map(named), playing: report.playing.map(named) };
  return report;
}

function reportOf(kind: ReportKind, facts: Facts, options: ReportOptions): FloorReport {
  const window = options.window ?? WHOLE_LOG;
  switch (kind) {
    case 'session':
      return { kind, window, ...sessionReport(within(facts, window)) };
    case 'collections':
      return { kind, window, ...collectionsReport(within(facts, window)) };
    case 'cashflow':
      // The cash flow reads the facts before the period too: they make its opening chips.
      return { kind, ...cashFlow(facts, options.counted ?? null, options.table ?? null, window) };
    case 'incidents':
      return { kind, window, incidents: incidents(facts, window) };
    case 'standings':
      // As the table is now, whatever the period: a place, once taken, stays.
      return { kind, window: WHOLE_LOG, ...standings(options.table ?? null) };
  }
}
