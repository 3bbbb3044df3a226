import { writeFileSync } from 'node:fs';
import type { TableLogEntry } from '../../engine/table-operations.js';
import { cashFlow } from '../../reports/cash-flow.js';
import { collectionsReport } from '../../reports/collections.js';
import { csv } from '../../reports/csv.js';
import { floorReport, REPORT_KINDS, type ReportKind } from '../../reports/floor-report.js';
import { incidents } from '../../reports/incidents.js';
import { sessionReport } from '../../reports/session.js';
import { readLog } from '../../store/log-reader.js';
import { verifyDatabase } from '../../store/verify.js';
import { CliUsageError, type CommandIo } from '../io.js';

const KINDS = REPORT_KINDS;
type Kind = ReportKind;

/**
 * `felt report --db PATH --kind session|collections|cashflow|incidents [--format json|csv] [--count N] [--out FILE]`:
 * a floor report over a table's log, read without taking the table (it may be running). The log is
 * verified first: a report over a log that does not verify would mislead, so there is none. JSON totals
 * are integers in chip units. `--count` is the croupier's count of the chips on the table (cashflow).
 */
export async function runReport(args: readonly string[], io: CommandIo): Promise<number> {
  const options = parse(args);
  const verification = verifyDatabase(options.db);
  if (!verification.ok) {
    io.err(`felt report: ${options.db} does not verify (row ${verification.row}: ${verification.problem}); no report over a log that is not the truth — see felt verify\n`);
    return 1;
  }
  const entries = readLog(options.db);
  const text = render(options.kind, options.format, entries, options.count);
  if (options.out === null) io.out(text);
  else writeFileSync(options.out, text);
  return 0;
}

/** The report as text: JSON (the report object) or CSV (rows a spreadsheet reads). */
function render(kind: Kind, format: 'json' | 'csv', entries: Iterable<TableLogEntry>, count: number | null): string {
  if (format === 'json') return `${JSON.stringify(floorReport(kind, entries, count))}\n`;
  switch (kind) {
    case 'session': {
      const report = sessionReport(entries);
      return csv([
        ['measure', 'value'],
        ['hands played', report.handsPlayed],
        ['hands voided', report.handsVoided],
        ['pots awarded', report.potTotal],
        ['average pot', report.averagePot],
        ['largest pot', report.largestPot?.amount ?? null],
        ['largest pot, hand', report.largestPot?.hand ?? null],
        ['players per hand', report.playersPerHand.average],
        ['rake', report.rake],
        ['first hand', report.time.first === null ? null : new Date(report.time.first).toISOString()],
        ['last hand', report.time.last === null ? null : new Date(report.time.last).toISOString()],
        ['hands per hour', report.time.handsPerHour],
        ...report.time.byHour.map(({ hour, hands }): (string | number)[] => [`hands ${hour}`, hands]),
      ]);
    }
    case 'collections': {
      const report = collectionsReport(entries);
      return csv([
        ['collection', 'period or seat or hand', 'amount'],
        ...report.time.byHour.map(({ hour, amount }): (string | number)[] => ['time', hour, amount]),
        ...(report.time.untimed > 0 ? [['time', 'untimed', report.time.untimed]] : []),
        ...report.time.bySeat.map(({ seat, amount }): (string | number)[] => ['time', `seat ${seat}`, amount]),
        ['time', 'total', report.time.total],
        ...report.rake.byHand.map(({ hand, amount }): (string | number)[] => ['rake', `hand ${hand}`, amount]),
        ['rake', 'total', report.rake.total],
      ]);
    }
    case 'cashflow': {
      const report = cashFlow(entries, count);
      const { totals } = report;
      return csv([
        ['seat', 'name', 'buy-in', 'top-ups', 'cash-out', 'time collected', 'corrections'],
        ...report.stays.map((stay) => [stay.seat, stay.name, stay.buyIn, stay.topUps, stay.cashOut, stay.timeCollected, stay.adjustments]),
        ['total', '', totals.buyIns, totals.topUps, totals.cashOuts, totals.timeCollected, totals.adjustments],
        ['rake', '', totals.rake, '', '', '', ''],
        ['chips on the table', '', totals.onTable, '', '', '', ''],
        ['unexplained', '', totals.unexplained, '', '', '', ''],
        ...(report.count === null ? [] : [['counted', '', report.count.counted, '', '', '', ''], ['difference', '', report.count.difference, '', '', '', '']]),
      ]);
    }
    case 'incidents': {
      const report = incidents(entries);
      return csv([['row', 'kind', 'hand', 'by', 'chips', 'what'], ...report.map((incident) => [incident.row, incident.kind, incident.hand, incident.by, incident.chips, incident.words.en])]);
    }
  }
}

function parse(args: readonly string[]): { db: string; kind: Kind; format: 'json' | 'csv'; count: number | null; out: string | null } {
  let db: string | null = null;
  let kind: Kind | null = null;
  let format: 'json' | 'csv' = 'json';
  let count: number | null = null;
  let out: string | null = null;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    const value = (): string => {
      const next = args[++index];
      if (next === undefined || next.startsWith('--')) throw new CliUsageError(`${arg} needs a value`);
      return next;
    };
    if (arg === '--db') db = value();
    else if (arg === '--kind') {
      const given = value();
      if (!(KINDS as readonly string[]).includes(given)) throw new CliUsageError(`--kind is ${KINDS.join(', ')}, got '${given}'`);
      kind = given as Kind;
    } else if (arg === '--format') {
      const given = value();
      if (given !== 'json' && given !== 'csv') throw new CliUsageError(`--format is json or csv, got '${given}'`);
      format = given;
    } else if (arg === '--count') {
      const given = value();
      if (!/^\d{1,15}$/.test(given)) throw new CliUsageError(`--count is the chips counted on the table, a whole number, got '${given}'`);
      count = Number(given);
    } else if (arg === '--out') out = value();
    else throw new CliUsageError(`unknown option ${arg}`);
  }
  if (db === null) throw new CliUsageError('--db is required');
  if (kind === null) throw new CliUsageError(`--kind is required (${KINDS.join(', ')})`);
  if (count !== null && kind !== 'cashflow') throw new CliUsageError('--count belongs to --kind cashflow');
  return { db, kind, format, count, out };
}
