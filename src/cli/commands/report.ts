import { writeFileSync } from 'node:fs';
import { floorReport, REPORT_FACTS, REPORT_KINDS } from '../../reports/floor-report.js';
import type { Window } from '../../reports/facts.js';
import { reportCsv } from '../../reports/report-csv.js';
import { reportPdf } from '../../reports/report-pdf.js';
import { readHand, readReportSource } from '../../store/log-reader.js';
import { verifyDatabase } from '../../store/verify.js';
import { CliUsageError, type CommandIo } from '../io.js';

type Format = 'json' | 'csv' | 'pdf' | 'phh';
const FORMATS: readonly Format[] = ['json', 'csv', 'pdf', 'phh'];
/** The floor reports, and one hand's detail. */
const KINDS = [...REPORT_KINDS, 'hand'] as const;
type Kind = (typeof KINDS)[number];

type Options = { db: string; kind: Kind; hand: number | null; format: Format; lang: 'en' | 'de'; count: number | null; out: string | null; window: Window };

/**
 * `felt report --db PATH --kind session|collections|cashflow|incidents [--format json|csv|pdf] [--lang en|de]
 * [--from T] [--to T] [--count N] [--out FILE]`, or `--kind hand --hand ID [--format json|phh]`: a floor report over a table's log, read without taking
 * the table (it may be running). The log is verified first: a report over a log that does not verify
 * would mislead, so there is none. JSON totals are integers in chip units. `--from`/`--to` (ISO 8601 with
 * a zone, or a date: midnight UTC) limit it to a period, `--from` included; `--count` is the croupier's
 * count of the chips on the table (cashflow, for a period that reaches the present). A PDF needs `--out`.
 */
export async function runReport(args: readonly string[], io: CommandIo, now: () => number = () => Date.now()): Promise<number> {
  const options = parse(args);
  const verification = verifyDatabase(options.db);
  if (!verification.ok) {
    io.err(`felt report: ${options.db} does not verify (row ${verification.row}: ${verification.problem}); no report over a log that is not the truth — see felt verify\n`);
    return 1;
  }
  if (options.kind === 'hand') return handDetail(options, io, verification.rows);
  // No further than the row verify checked: a running table writes on meanwhile.
  const { facts, table } = readReportSource(options.db, REPORT_FACTS[options.kind], options.kind === 'cashflow', verification.rows);
  const report = floorReport(options.kind, facts, { counted: options.count, table, window: options.window });
  if (options.format === 'pdf') {
    writeFileSync(options.out as string, reportPdf(report, { language: options.lang, generatedAt: now() }));
    return 0;
  }
  const text = options.format === 'json' ? `${JSON.stringify(report)}\n` : reportCsv(report);
  if (options.out === null) io.out(text);
  else writeFileSync(options.out, text);
  return 0;
}

/**
 * One hand's detail (`--kind hand --hand ID`, the id of the hand list: 1 for the first dealt): its full
 * history as JSON — every row, hole cards, undos and a void — or its PHH hand history (`--format phh`);
 * none for a hand still in play.
 */
function handDetail(options: Options, io: CommandIo, upTo: number): number {
  const history = readHand(options.db, options.hand as number, upTo);
  if (history === null) {
    io.err(`felt report: there is no hand ${String(options.hand)} in ${options.db}\n`);
    return 1;
  }
  if (!history.summary.complete && history.summary.voided === null) {
    // A hand still in play (the table stopped in the middle of it, or is running): its rows hold the hole
    // cards of players who have not shown, so it has no detail until it is over.
    io.err(`felt report: hand ${String(options.hand)} is still in play: its detail is kept until it is over\n`);
    return 1;
  }
  if (options.format === 'phh' && history.phh === null) {
    io.err(`felt report: hand ${String(options.hand)} was not played to the end: it has no hand history\n`);
    return 1;
  }
  const text = options.format === 'phh' ? (history.phh as string) : `${JSON.stringify(history)}\n`;
  if (options.out === null) io.out(text);
  else writeFileSync(options.out, text);
  return 0;
}

/** A moment as given on the command line: ISO 8601 with a zone (`2026-11-29T18:00Z`, `…+01:00`) or a date (midnight UTC). */
export function parseMoment(option: string, given: string): number {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(given);
  const zoned = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(given);
  const at = date || zoned ? Date.parse(given) : Number.NaN;
  if (Number.isNaN(at)) throw new CliUsageError(`${option} is a date (2026-11-29, midnight UTC) or a time with its zone (2026-11-29T18:00Z, 2026-11-29T19:00+01:00), got '${given}'`);
  return at;
}

function parse(args: readonly string[]): Options {
  let db: string | null = null;
  let kind: Kind | null = null;
  let hand: number | null = null;
  let format: Format = 'json';
  let lang: 'en' | 'de' = 'en';
  let count: number | null = null;
  let out: string | null = null;
  let from: number | null = null;
  let to: number | null = null;
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
    } else if (arg === '--hand') {
      const given = value();
      if (!/^[1-9]\d{0,9}$/.test(given)) throw new CliUsageError(`--hand is a hand's id (1 for the first dealt), got '${given}'`);
      hand = Number(given);
    } else if (arg === '--format') {
      const given = value();
      if (!(FORMATS as readonly string[]).includes(given)) throw new CliUsageError(`--format is ${FORMATS.join(', ')}, got '${given}'`);
      format = given as Format;
    } else if (arg === '--lang') {
      const given = value();
      if (given !== 'en' && given !== 'de') throw new CliUsageError(`--lang is en or de, got '${given}'`);
      lang = given;
    } else if (arg === '--count') {
      const given = value();
      if (!/^\d{1,15}$/.test(given)) throw new CliUsageError(`--count is the chips counted on the table, a whole number, got '${given}'`);
      count = Number(given);
    } else if (arg === '--from') from = parseMoment(arg, value());
    else if (arg === '--to') to = parseMoment(arg, value());
    else if (arg === '--out') out = value();
    else throw new CliUsageError(`unknown option ${arg}`);
  }
  if (db === null) throw new CliUsageError('--db is required');
  if (kind === null) throw new CliUsageError(`--kind is required (${KINDS.join(', ')})`);
  if ((kind === 'hand') !== (hand !== null)) throw new CliUsageError('--hand ID goes with --kind hand, and --kind hand needs it');
  if (kind === 'hand' && format !== 'json' && format !== 'phh') throw new CliUsageError('--kind hand is --format json or phh');
  if (kind !== 'hand' && format === 'phh') throw new CliUsageError('--format phh is for --kind hand');
  if (count !== null && kind !== 'cashflow') throw new CliUsageError('--count belongs to --kind cashflow');
  if (count !== null && to !== null) throw new CliUsageError('--count is compared with the chips on the table now: it cannot go with --to');
  if (from !== null && to !== null && from >= to) throw new CliUsageError('--from must come before --to');
  if (format === 'pdf' && out === null) throw new CliUsageError('--format pdf needs --out FILE');
  if (lang !== 'en' && format !== 'pdf') throw new CliUsageError('--lang is for --format pdf');
  return { db, kind, hand, format, lang, count, out, window: { from, to } };
}
