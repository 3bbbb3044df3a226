import type { TableLogEntry } from '../engine/table-operations.js';
import type { TableState } from '../engine/table-state.js';
import { type CashFlow, cashFlow } from './cash-flow.js';
import { type CollectionsReport, collectionsReport } from './collections.js';
import { type Incident, incidents } from './incidents.js';
import { type SessionReport, sessionReport } from './session.js';

export const REPORT_KINDS = ['session', 'collections', 'cashflow', 'incidents'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** A floor report as `felt report --format json` writes it and the floor's screens receive it. */
export type FloorReport =
  | ({ readonly kind: 'session' } & SessionReport)
  | ({ readonly kind: 'collections' } & CollectionsReport)
  | ({ readonly kind: 'cashflow' } & CashFlow)
  | { readonly kind: 'incidents'; readonly incidents: readonly Incident[] };

/**
 * One report over a table's log; `counted` (the croupier's count of the chips on the table) for the cash
 * flow, and `table`, the table the log leaves, when the caller has it (it spares the cash flow a replay).
 */
export function floorReport(kind: ReportKind, entries: Iterable<TableLogEntry>, counted: number | null = null, table: TableState | null = null): FloorReport {
  switch (kind) {
    case 'session':
      return { kind, ...sessionReport(entries) };
    case 'collections':
      return { kind, ...collectionsReport(entries) };
    case 'cashflow':
      return { kind, ...cashFlow(entries, counted, table) };
    case 'incidents':
      return { kind, incidents: incidents(entries) };
  }
}
