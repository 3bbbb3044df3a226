import { writePrivateFile } from '../../api/data-folder.js';
import { floorReport, REPORT_FACTS, REPORT_KINDS, REPORTS_OF_THE_TABLE } from '../../reports/floor-report.js';
import type { Window } from '../../reports/facts.js';
import { reportCsv } from '../../reports/report-csv.js';
import { reportPdf } from '../../reports/report-pdf.js';
import type { HandHistory } from '../../store/hand-archive.js';
import { readHand, readReportSource } from '../../store/log-reader.js';
import { verifyDatabase } from '../../store/verify.js';
import { readArgs } from '../args.js';
import { CliUsageError, type CommandIo } from '../io.js';
import { doesNotVerify, notATableDatabase } from '../table-database.js';

type Format = 'json' | 'csv' | 'pdf' | 'phh';
const FORMATS: readonly Format[] = ['json', 'csv', 'pdf', 'phh'];
/** The floor reports, and one hand's detail. */
const KINDS = [...REPORT_KINDS, 'hand'] as const;
type Kind = (typeof KINDS)[number];

/** The hand `--kind hand` shows: by its id (its place in the log, as the hand list gives it) or by the hand number the reports and the screen give. */
type Which = { readonly id: number } | { readonly handNumber: number };
type Options = { db: string; kind: Kind; hand: Which | null; format: Format; lang: 'en' | 'de'; count: number | null; out: string | null; window: Window };

/**
 * `felt report --db PATH --kind session|collections|cashflow|incidents|standings [--format json|csv|pdf] [--lang en|de]
 * [--from T] [--to T] [--count N] [--out FILE]`, or `--kind hand --hand ID [--format json|phh]`: a floor report over a table's log, read without taking
 * the table (it may be running). The log is verified first: a report over a log that does not verify
 * would mislead, so there is none. JSON totals are integers in chip units. `--from`/`--to` (ISO 8601 with
 * a zone, or a date: midnight UTC) limit it to a period, `--from` included; `--count` is the croupier's
 * count of the chips on the table (cashflow, for a period that reaches the present). A PDF needs `--out`.
 */
export async function runReport(args: readonly string[], io: CommandIo, now: () => number = () => Date.now()): Promise<number> {
  const options = parse(args);
  const unusable = notATableDatabase(options.db);
  if (unusable !== null) {
    io.err(`felt report: ${unusable}\n`);
    return 1;
  }
  // From the checkpoint the last check left (D82): the rows since, and what must not have changed up to it.
  const verification = verifyDatabase(options.db, undefined, { fromCheckpoint: true });
  if (!verification.ok) {
    io.err(`felt report: ${doesNotVerify(options.db, verification)}; no report over a log that is not the truth — see felt verify\n`);
    return 1;
  }
  if (options.kind === 'hand') return handDetail(options, io, verification.rows);
  // No further than the row verify checked: a running table writes on meanwhile.
  const { facts, table, names } = readReportSource(options.db, REPORT_FACTS[options.kind], REPORTS_OF_THE_TABLE.has(options.kind), verification.rows);
  const report = floorReport(options.kind, facts, { counted: options.count, table, window: options.window, names });
  if (options.format === 'pdf') {
    writePrivateFile(options.out as string, reportPdf(report, { language: options.lang, generatedAt: now() }));
    return 0;
  }
  const text = options.format === 'json' ? `${JSON.stringify(report)}\n` : reportCsv(report);
  if (options.out === null) io.out(text);
  else writePrivateFile(options.out, text);
  return 0;
}

/**
 * One hand's detail (`--kind hand --hand ID`, the id of the hand list: 1 for the first dealt; or
 * `--hand-number N`, the number the reports, the incidents and the exported files give): its full history
 * as JSON — every row, hole cards, undos and a void — or its PHH hand history (`--format phh`); none for a
 * hand still in play. A number a misdeal dealt again is the hand played (or, with none played, the last
 * dealt); the others are named on stderr by their ids.
 */
function handDetail(options: Options, io: CommandIo, upTo: number): number {
  const which = options.hand as Which;
  const history = pickHand(options.db, which, upTo, io);
  if (history === null) return 1;
  const name = handName(history);
  if (!history.summary.complete && history.summary.voided === null) {
    // A hand still in play (the table stopped in the middle of it, or is running): its rows hold the hole
    // cards of players who have not shown, so it has no detail until it is over.
    io.err(`felt report: ${name} is still in play: its detail is kept until it is over\n`);
    return 1;
  }
  if (options.format === 'phh' && history.phh === null) {
    io.err(`felt report: ${name} was not played to the end: it has no hand history\n`);
    return 1;
  }
  const text = options.format === 'phh' ? (history.phh as string) : `${JSON.stringify(history)}\n`;
  if (options.out === null) io.out(text);
  else writePrivateFile(options.out, text);
  return 0;
}

/**
 * A hand as the messages name it: by its id (what --hand takes) and its number (what the screen and the
 * reports show): a misdeal dealt again puts them apart, and hand id 8 is then "Hand 7" on the screen.
 */
function handName(history: HandHistory): string {
  return `hand id ${history.id} (hand number ${history.handNumber})`;
}

function pickHand(db: string, which: Which, upTo: number, io: CommandIo): HandHistory | null {
  if ('id' in which) {
    const history = readHand(db, which.id, upTo);
    if (history === null) io.err(`felt report: there is no hand id ${which.id} in ${db} (--hand is a hand's id, 1 for the first dealt; --hand-number takes the number the reports give)\n`);
    return history;
  }
  const dealt = readHand(db, { handNumber: which.handNumber }, upTo);
  const history = dealt.find((hand) => hand.summary.voided === null) ?? dealt.at(-1);
  if (history === undefined) {
    io.err(`felt report: no hand numbered ${which.handNumber} was dealt in ${db}\n`);
    return null;
  }
  const others = dealt.filter((hand) => hand !== history);
  if (others.length > 0) {
    io.err(`felt report: hand number ${which.handNumber} was dealt ${dealt.length} times (a misdeal): this is hand id ${history.id}; the others are ${others.map((hand) => `--hand ${hand.id}`).join(', ')}\n`);
  }
  return history;
}

/** A moment as given on the command line: ISO 8601 with a zone (`2026-11-29T18:00Z`, `…+01:00`) or a date (midnight UTC). */
export function parseMoment(option: string, given: string): number {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(given);
  const zoned = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(given);
  // Date.parse rolls a day the month does not have over (February 30 is March 2): the day is checked first.
  const noSuchDay = date || zoned ? calendarProblem(given) : null;
  if (noSuchDay !== null) throw new CliUsageError(`${option} is no day of the calendar (${noSuchDay}), got '${given}'`);
  const at = date || zoned ? Date.parse(given) : Number.NaN;
  if (Number.isNaN(at)) throw new CliUsageError(`${option} is a date (2026-11-29, midnight UTC) or a time with its zone (2026-11-29T18:00Z, 2026-11-29T19:00+01:00), got '${given}'`);
  return at;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** What is wrong with the date a moment begins with (`YYYY-MM-DD…`): a month past 12, a day the month does not have; null for a real day. */
function calendarProblem(given: string): string | null {
  const [year, month, day] = given.slice(0, 10).split('-').map(Number) as [number, number, number];
  const name = MONTHS[month - 1];
  if (name === undefined) return 'months are 01–12';
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] as number);
  return day >= 1 && day <= days ? null : `${name} ${year} has days 01–${days}`;
}

function parse(args: readonly string[]): Options {
  const { values } = readArgs(args, {
    db: { type: 'string' },
    kind: { type: 'string' },
    hand: { type: 'string' },
    'hand-number': { type: 'string' },
    format: { type: 'string' },
    lang: { type: 'string' },
    count: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    out: { type: 'string' },
  });
  const db = values.db ?? null;
  const out = values.out ?? null;
  let kind: Kind | null = null;
  if (values.kind !== undefined) {
    if (!(KINDS as readonly string[]).includes(values.kind)) throw new CliUsageError(`--kind is ${KINDS.join(', ')}, got '${values.kind}'`);
    kind = values.kind as Kind;
  }
  if (values.hand !== undefined && values['hand-number'] !== undefined) throw new CliUsageError('give one hand: --hand ID or --hand-number N');
  let hand: Which | null = null;
  if (values.hand !== undefined) {
    if (!/^[1-9]\d{0,9}$/.test(values.hand)) throw new CliUsageError(`--hand is a hand's id (1 for the first dealt), got '${values.hand}'`);
    hand = { id: Number(values.hand) };
  } else if (values['hand-number'] !== undefined) {
    if (!/^[1-9]\d{0,9}$/.test(values['hand-number'])) throw new CliUsageError(`--hand-number is a hand's number as the reports give it, got '${values['hand-number']}'`);
    hand = { handNumber: Number(values['hand-number']) };
  }
  const format = values.format ?? 'json';
  if (!(FORMATS as readonly string[]).includes(format)) throw new CliUsageError(`--format is json, csv or pdf (json or phh for --kind hand), got '${format}'`);
  const lang = values.lang ?? 'en';
  if (lang !== 'en' && lang !== 'de') throw new CliUsageError(`--lang is en or de, got '${lang}'`);
  let count: number | null = null;
  if (values.count !== undefined) {
    if (!/^\d{1,15}$/.test(values.count)) throw new CliUsageError(`--count is the chips counted on the table, a whole number, got '${values.count}'`);
    count = Number(values.count);
  }
  const from = values.from === undefined ? null : parseMoment('--from', values.from);
  const to = values.to === undefined ? null : parseMoment('--to', values.to);
  if (db === null) throw new CliUsageError('--db is required');
  if (kind === null) throw new CliUsageError(`--kind is required (${KINDS.join(', ')})`);
  if (kind === 'hand' && hand === null) throw new CliUsageError('--kind hand needs --hand ID (1 for the first dealt) or --hand-number N (the number the reports give): the hand to show');
  if (kind === 'hand' && (from !== null || to !== null)) {
    const period = from !== null ? '--from' : '--to';
    throw new CliUsageError(`${period} limits a report to a period: --kind hand shows one hand, whenever it was played, so leave ${period} out`);
  }
  if (kind !== 'hand' && hand !== null) throw new CliUsageError(`--hand and --hand-number pick one hand for --kind hand: ${aReport(kind)} covers every hand (limit it with --from/--to), so leave them out`);
  if (kind === 'hand' && format !== 'json' && format !== 'phh') throw new CliUsageError('--kind hand is --format json or phh');
  if (kind !== 'hand' && format === 'phh') throw new CliUsageError(`--format phh is one hand's history, for --kind hand: ${aReport(kind)} is --format json, csv or pdf`);
  if (count !== null && kind !== 'cashflow') throw new CliUsageError('--count belongs to --kind cashflow');
  if (count !== null && to !== null) throw new CliUsageError('--count is compared with the chips on the table now: it cannot go with --to');
  if (from !== null && to !== null && from >= to) throw new CliUsageError('--from must come before --to');
  if (format === 'pdf' && out === null) throw new CliUsageError('--format pdf needs --out FILE');
  if (lang !== 'en' && format !== 'pdf') throw new CliUsageError('--lang is for --format pdf');
  return { db, kind, hand, format: format as Format, lang, count, out, window: { from, to } };
}

/** "a session report", "an incidents report": a report kind in a sentence. */
function aReport(kind: string): string {
  return `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} report`;
}
