/**
 * npm run bench:reports — each floor report over a table's database of 100,000 hands (a simulated cash
 * session, 6 players to start, four dealers taking turns, written as a table's database with its hash
 * chain and its report facts; the same file is reused while its options match). Timed: what `felt report`
 * does after verifying — reading the facts and the table (latest snapshot and the rows after it) and
 * building the report. Target: ≤ 500 ms each. The peer, in the same run: the same report derived from
 * every row of the log (what reports did before the facts, D36); the ratio is printed.
 * Then each report printed as the floor prints it (`reportPdf`, German, A4): its time and its size. No
 * peer runs beside it: the PDF writer it replaced is gone, and docs/performance.md keeps its figures.
 * Options: --hands N (100,000), --seed N, --rounds N (3; the median is reported).
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { canonicalJson } from '../src/store/canonical-json.js';
import { GENESIS_HASH, linkHash } from '../src/store/store.js';
import { SNAPSHOT_EVERY } from '../src/controller/table-controller.js';
import { readLog, readReportSource } from '../src/store/log-reader.js';
import { deriveFacts, FACTS_DERIVATION, factsOf, FIRST_CURSOR } from '../src/reports/facts.js';
import { type FloorReport, floorReport, REPORT_FACTS, REPORT_KINDS, type ReportKind } from '../src/reports/floor-report.js';
import { reportPdf } from '../src/reports/report-pdf.js';
import { simulateSession } from '../src/sim/session.js';
import type { TableLogEntry } from '../src/engine/table/table-operations.js';
import { parseBenchOptions } from './options.js';
import { buildTableDatabase, cachedDatabasePath } from './table-database.js';

const options = parseBenchOptions(process.argv.slice(2), { hands: 100_000, rounds: 3, seed: 7 });
const path = cachedDatabasePath('felt-bench-reports', `table-packed1-d${FACTS_DERIVATION}-${options.hands}-${options.seed}.db`);

/** The session written as a table's database: the store's schema, one row per operation, chained. */
function build(): void {
  const { db, log, facts, snapshot, finish } = buildTableDatabase(path);
  let sinceSnapshot = 0;
  let cursor = FIRST_CURSOR;
  let seq = 0;
  let previous = GENESIS_HASH;
  let commands = 0;
  let batch: (readonly TableLogEntry[])[] = [];
  let batched = 0;
  // Each call of the simulator's is one command's entries, kept under its last row as the table keeps them (D81).
  const flush = db.transaction((groups: readonly (readonly TableLogEntry[])[]) => {
    for (const entries of groups) {
      const payloads = entries.map((entry) => canonicalJson(entry));
      const commandId = `bench-${++commands}`;
      for (const payload of payloads) previous = linkHash(previous, commandId, payload);
      log.append(seq + 1, commandId, payloads, '', previous);
      seq += payloads.length;
    }
    const entries = groups.flat();
    const derived = deriveFacts(cursor, entries);
    facts.write(cursor, derived);
    cursor = derived.cursor;
  });
  simulateSession({ hands: options.hands, seed: options.seed, players: 6, structure: 'nl', button: 'dead', mode: 'cash', dealers: 4 }, (entries, state) => {
    if (entries.length > 0) batch.push(entries);
    batched += entries.length;
    sinceSnapshot += entries.length;
    // A snapshot every SNAPSHOT_EVERY rows between hands, as the live table keeps them.
    const between = state.hand === null || state.hand.phase.kind === 'complete';
    if (batched >= 50_000 || (between && sinceSnapshot >= SNAPSHOT_EVERY)) {
      flush(batch);
      batch = [];
      batched = 0;
      if (between && sinceSnapshot >= SNAPSHOT_EVERY) {
        snapshot.run(seq, previous, canonicalJson(state), canonicalJson(cursor));
        sinceSnapshot = 0;
      }
    }
  });
  flush(batch);
  finish(seq, previous);
}

if (!existsSync(path)) build();
const rows = (new Database(path, { readonly: true }).prepare('SELECT count(*) AS n FROM log').get() as { n: number }).n;
console.log(`${options.hands.toLocaleString('en')} hands, ${rows.toLocaleString('en')} log rows, node ${process.version}; median of ${options.rounds} rounds`);

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const timed = (run: () => void): number => {
  const times: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return median(times);
};
const fromFacts = new Map<ReportKind, { report: FloorReport; ms: number }>();
for (const kind of REPORT_KINDS) {
  let report: FloorReport | null = null;
  const ms = timed(() => {
    // What `felt report` reads for this report: its kinds of facts, and the table for the cash flow.
    const { facts, table } = readReportSource(path, REPORT_FACTS[kind], kind === 'cashflow');
    report = floorReport(kind, facts, { table });
  });
  if (report === null) throw new Error('no report');
  fromFacts.set(kind, { report, ms });
}
// The peer afterwards (its five million rows would weigh on the timings above): every row of the log,
// as the reports read it before the facts; once, it takes seconds.
const started = performance.now();
const fromLog = factsOf(readLog(path));
const peerReadMs = performance.now() - started;
const table = readReportSource(path, { kinds: [], handFields: [] }, true).table;
console.log(`peer: deriving the facts from every log row ${(peerReadMs / 1000).toFixed(1)} s`);
for (const kind of REPORT_KINDS) {
  const peerStarted = performance.now();
  const peer = floorReport(kind, fromLog, { table });
  const peerMs = peerReadMs + performance.now() - peerStarted;
  const { report, ms } = fromFacts.get(kind) ?? { report: null, ms: Number.NaN };
  // The same report either way: the facts kept are the log's.
  if (JSON.stringify(peer) !== JSON.stringify(report)) throw new Error(`the ${kind} report from the kept facts differs from the one from the log`);
  console.log(`${kind.padEnd(12)} ${ms.toFixed(0).padStart(6)} ms   peer (from the log) ${peerMs.toFixed(0).padStart(6)} ms   ×${(peerMs / ms).toFixed(1)}   target ≤ 500 ms: ${ms <= 500 ? 'met' : 'not met'}`);
}
// The PDF of each report, as `felt report --format pdf` and the screen's "PDF to print" make it.
for (const kind of REPORT_KINDS) {
  const { report } = fromFacts.get(kind) ?? { report: null };
  if (report === null) throw new Error('no report');
  let bytes: Uint8Array = new Uint8Array(0);
  const ms = timed(() => {
    bytes = reportPdf(report, { language: 'de', generatedAt: Date.UTC(2026, 10, 29, 21) });
  });
  console.log(`${kind.padEnd(12)} PDF ${ms.toFixed(0).padStart(6)} ms   ${(bytes.length / 1024).toFixed(0).padStart(6)} KiB`);
}
