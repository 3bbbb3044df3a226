/**
 * npm run bench:reports — each floor report over a table's log of 100,000 hands (a simulated cash session,
 * 6 players to start, written as a table's database with its hash chain; the same file is reused while
 * its options match). Timed: reading the log from the file and building the report, as `felt report`
 * does after verifying. Target: ≤ 500 ms each. No peer: there is no other table controller to run.
 * Options: --hands N (100,000), --seed N, --rounds N (3; the median is reported).
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { canonicalJson } from '../src/store/canonical-json.js';
import { GENESIS_HASH, linkHash, Store } from '../src/store/store.js';
import { readLog } from '../src/store/log-reader.js';
import { floorReport, REPORT_KINDS } from '../src/reports/floor-report.js';
import { simulateSession } from '../src/sim/session.js';
import type { TableLogEntry } from '../src/engine/table-operations.js';
import { parseBenchOptions } from './options.js';

const options = parseBenchOptions(process.argv.slice(2), { hands: 100_000, rounds: 3, seed: 7 });
const folder = join(tmpdir(), 'felt-bench-reports');
mkdirSync(folder, { recursive: true });
const path = join(folder, `table-${options.hands}-${options.seed}.db`);

/** The session written as a table's database: the store's schema, one row per operation, chained. */
function build(): void {
  const started = performance.now();
  const building = `${path}.building`;
  rmSync(building, { force: true });
  Store.open(building).close();
  const db = new Database(building);
  db.pragma('synchronous = OFF');
  const insert = db.prepare('INSERT INTO log (seq, command_id, payload, prev_hash, hash) VALUES (?, ?, ?, ?, ?)');
  let seq = 0;
  let previous = GENESIS_HASH;
  let batch: TableLogEntry[] = [];
  const flush = db.transaction((entries: readonly TableLogEntry[]) => {
    for (const entry of entries) {
      const payload = canonicalJson(entry);
      const commandId = `bench-${++seq}`;
      const hash = linkHash(previous, commandId, payload);
      insert.run(seq, commandId, payload, previous, hash);
      previous = hash;
    }
  });
  simulateSession({ hands: options.hands, seed: options.seed, players: 6, structure: 'nl', button: 'dead', mode: 'cash' }, (entries) => {
    batch.push(...entries);
    if (batch.length >= 50_000) {
      flush(batch);
      batch = [];
    }
  });
  flush(batch);
  db.prepare('UPDATE head SET seq = ?, hash = ? WHERE id = 1').run(seq, previous);
  db.close();
  renameSync(building, path);
  console.log(`built ${path}: ${seq.toLocaleString('en')} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (!existsSync(path)) build();
const rows = (new Database(path, { readonly: true }).prepare('SELECT count(*) AS n FROM log').get() as { n: number }).n;
console.log(`${options.hands.toLocaleString('en')} hands, ${rows.toLocaleString('en')} log rows, node ${process.version}; median of ${options.rounds} rounds`);

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const read: number[] = [];
for (let round = 0; round < options.rounds; round++) {
  const started = performance.now();
  let count = 0;
  for (const entry of readLog(path)) if (entry.type !== 'hand-ended') count++;
  read.push(performance.now() - started);
  if (count === 0) throw new Error('empty log');
}
console.log(`reading the log alone  ${median(read).toFixed(0).padStart(6)} ms`);
for (const kind of REPORT_KINDS) {
  const times: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const started = performance.now();
    const report = floorReport(kind, readLog(path));
    times.push(performance.now() - started);
    if (report.kind !== kind) throw new Error('wrong report');
  }
  const ms = median(times);
  console.log(`${kind.padEnd(22)} ${ms.toFixed(0).padStart(6)} ms   target ≤ 500 ms: ${ms <= 500 ? 'met' : 'not met'}`);
}
