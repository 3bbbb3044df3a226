/**
 * npm run bench:store — the live table's durability cost on this machine:
 * 1. durable operations: one table command's entries appended in one transaction (WAL, synchronous=FULL,
 *    hash-chained), per-append latency p50/p99 and appends per second; the peer in the same run is a bare
 *    better-sqlite3 insert of the same payloads, one transaction each, same pragmas (no hashing, no JSON).
 * 2. command → view model: a simulated session's commands through the controller with a file database,
 *    from `submit` to the published view model, p50/p99.
 * 3. opening the table again as a crash (kill -9) leaves it — the database and its write-ahead log, copied
 *    while the table had them open — and after a clean close: `Store.open` and the controller's reopening,
 *    p50 of 7; beside it, on the same files, the checks D49 adds to the opening on their own (the
 *    write-ahead log's frames read before SQLite reads them, SQLite's quick check of the small tables).
 * Targets: p99 ≤ 2 ms per durable operation; command → view model p99 ≤ 5 ms.
 * Options: --hands N (default 200 hands of simulated play; 5000 for a log of about 240,000 rows), --seed N.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { TableController } from '../src/controller/table-controller.js';
import type { TableCommand } from '../src/engine/table/table.js';
import type { TableConfig } from '../src/engine/table/table-config.js';
import type { TableLogEntry } from '../src/engine/table/table-operations.js';
import { simulateSession } from '../src/sim/session.js';
import { quickCheck, Store } from '../src/store/store.js';
import { walDamage } from '../src/store/write-ahead-log.js';
import { parseBenchOptions } from './options.js';

const options = parseBenchOptions(process.argv.slice(2), { hands: 200, rounds: 1, seed: 7 });
const dir = mkdtempSync(join(tmpdir(), 'felt-bench-store-'));

/** A simulated session's commands and their entries, recorded once, replayed against each store. */
const commands: { id: string; command: TableCommand; entries: readonly TableLogEntry[] }[] = [];
const opened: { config?: TableConfig; at: number } = { at: 0 };
let pending: TableCommand | null = null;
let pendingId = '';
simulateSession(
  { hands: options.hands, seed: options.seed, players: 8, structure: 'nl', button: 'dead' },
  (entries) => {
    if (pending !== null) commands.push({ id: pendingId, command: pending, entries });
    pending = null;
  },
  {
    open: (config, at) => Object.assign(opened, { config, at }),
    command: (id, command) => {
      pending = command;
      pendingId = id;
    },
  },
);

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const ms = (value: number): string => `${value.toFixed(3)} ms`;

// 1. Durable appends: Felt's store against a bare insert.
const felt = Store.open(join(dir, 'felt.db'));
const feltTimes: number[] = [];
let started = performance.now();
for (const { id, entries } of commands) {
  const t = performance.now();
  felt.append(id, entries);
  feltTimes.push(performance.now() - t);
}
const feltSeconds = (performance.now() - started) / 1000;
felt.close();

const bare = new Database(join(dir, 'bare.db'));
bare.pragma('journal_mode = WAL');
bare.pragma('synchronous = FULL');
bare.exec('CREATE TABLE log (seq INTEGER PRIMARY KEY, command_id TEXT NOT NULL, payload TEXT NOT NULL) STRICT');
const insert = bare.prepare('INSERT INTO log (command_id, payload) VALUES (?, ?)');
const payloads = commands.map(({ id, entries }) => ({ id, payloads: entries.map((entry) => JSON.stringify(entry)) }));
const bareTimes: number[] = [];
started = performance.now();
for (const { id, payloads: rows } of payloads) {
  const t = performance.now();
  bare.transaction(() => {
    for (const payload of rows) insert.run(id, payload);
  })();
  bareTimes.push(performance.now() - t);
}
const bareSeconds = (performance.now() - started) / 1000;
bare.close();

const entriesCount = commands.reduce((sum, command) => sum + command.entries.length, 0);
console.log(`${commands.length.toLocaleString('en')} commands (${entriesCount.toLocaleString('en')} operations) of ${options.hands} simulated hands, node ${process.version}`);
console.log(`felt store   ${Math.round(commands.length / feltSeconds).toLocaleString('en')} durable commands/s  p50 ${ms(percentile(feltTimes, 50))}  p99 ${ms(percentile(feltTimes, 99))}  (canonical JSON, SHA-256 chain, head row)`);
console.log(`bare insert  ${Math.round(commands.length / bareSeconds).toLocaleString('en')} durable commands/s  p50 ${ms(percentile(bareTimes, 50))}  p99 ${ms(percentile(bareTimes, 99))}`);
console.log(`felt / bare p99: ${(percentile(feltTimes, 99) / percentile(bareTimes, 99)).toFixed(2)}×; target p99 ≤ 2 ms: ${percentile(feltTimes, 99) <= 2 ? 'met' : 'NOT met'}`);

// 2. Command → view model through the controller, persisting.
const store = Store.open(join(dir, 'controller.db'));
if (opened.config === undefined) throw new Error('the session did not open its table');
let now = opened.at;
const controller = TableController.open(store, { now: () => now }, opened.config);
const viewTimes: number[] = [];
for (const { id, command } of commands) {
  if ('at' in command) now = command.at;
  const t = performance.now();
  controller.submit({ id, command });
  viewTimes.push(performance.now() - t);
}
// What a kill -9 leaves: the files as they are while the table has them open.
const crashed = join(dir, 'crashed.db');
copyFileSync(join(dir, 'controller.db'), crashed);
copyFileSync(join(dir, 'controller.db-wal'), `${crashed}-wal`);
const rows = store.headOfChain().seq;
store.close();
console.log(`command → view model  p50 ${ms(percentile(viewTimes, 50))}  p99 ${ms(percentile(viewTimes, 99))}  (apply, append on disk, view model); target p99 ≤ 5 ms: ${percentile(viewTimes, 99) <= 5 ? 'met' : 'NOT met'}`);

// 3. Opening again, after a crash and after a clean close; the opening's own checks (D49) timed apart.
const OPENINGS = 7;
const config = opened.config;
function openings(files: string, wal: boolean): { opening: number; walCheck: number; quickChecks: number } {
  const opening: number[] = [];
  const walCheck: number[] = [];
  const quickChecks: number[] = [];
  for (let round = 0; round < OPENINGS; round++) {
    const path = join(dir, `open-${round}.db`);
    copyFileSync(files, path);
    if (wal) copyFileSync(`${files}-wal`, `${path}-wal`);
    let t = performance.now();
    if (walDamage(path) !== null) throw new Error('the bench table reads as damaged');
    walCheck.push(performance.now() - t);
    const reader = new Database(path, { readonly: true });
    t = performance.now();
    if (quickCheck(reader) !== null) throw new Error('the bench table reads as damaged');
    quickChecks.push(performance.now() - t);
    reader.close();
    t = performance.now();
    const reopened = Store.open(path);
    TableController.open(reopened, { now: () => now }, config);
    opening.push(performance.now() - t);
    reopened.close();
    rmSync(path, { force: true });
  }
  return { opening: percentile(opening, 50), walCheck: percentile(walCheck, 50), quickChecks: percentile(quickChecks, 50) };
}
const walFrames = Math.floor((statSync(`${crashed}-wal`).size - 32) / (24 + 4096));
for (const [name, files, wal] of [['after a crash', crashed, true], ['after a clean close', join(dir, 'controller.db'), false]] as const) {
  if (!wal && existsSync(`${files}-wal`)) throw new Error('a closed table keeps no write-ahead log');
  const { opening, walCheck, quickChecks } = openings(files, wal);
  const frames = wal ? `, its write-ahead log ${walFrames.toLocaleString('en')} frames` : '';
  console.log(`opening ${name} (${rows.toLocaleString('en')} rows${frames}): Store.open and the controller's reopening p50 ${ms(opening)}; the checks alone: the log's frames ${ms(walCheck)}, quick checks ${ms(quickChecks)} (${(((walCheck + quickChecks) / opening) * 100).toFixed(1)} % of the opening)`);
}
rmSync(dir, { recursive: true, force: true });
