/**
 * npm run bench:verify — a long table's log on disk and its checks (D81, D82):
 * 1. the size: a simulated cash session (6 players to start, two dealers taking turns) written as a table
 *    writes it — one command's rows together, under the ids its devices send (the shoe's and the panel's
 *    ending in a UUID, the screen's 32 hex digits), the command as sent kept with them, the report facts
 *    and a snapshot every SNAPSHOT_EVERY rows between hands — and its bytes per hand. Target: ≤ 4 KB.
 * 2. the full check (`felt verify --full`'s, without SQLite's page check): every row, from the first; the
 *    peer in the same run just reads the same rows and commands and hashes them (the chain, checked at
 *    every command's end). Target: within 1.5× of the peer.
 * 3. `felt report` end to end (the built CLI, a process of its own): after a check from the first row has
 *    left its checkpoint, and again after more rows were appended since. Target: ≤ 1 s.
 * The file is built once per option set and facts' derivation, and reused (in the system's temporary folder).
 * Options: --hands N (20,000; 250,000 for a year of a table), --seed N, --rounds N (3; the median).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SeededRandom } from '../src/cards/random.js';
import { SNAPSHOT_EVERY } from '../src/controller/table-controller.js';
import type { TableCommand } from '../src/engine/table/table.js';
import type { TableLogEntry } from '../src/engine/table/table-operations.js';
import { deriveFacts, FACTS_DERIVATION, FIRST_CURSOR } from '../src/reports/facts.js';
import { simulateSession } from '../src/sim/session.js';
import { canonicalJson } from '../src/store/canonical-json.js';
import { unpackJson } from '../src/store/log-format.js';
import { GENESIS_HASH, linkHash, LogTables } from '../src/store/log-rows.js';
import { verifyDatabase } from '../src/store/verify.js';
import { parseBenchOptions } from './options.js';
import { buildTableDatabase, cachedDatabasePath } from './table-database.js';

const options = parseBenchOptions(process.argv.slice(2), { hands: 20_000, rounds: 3, seed: 7 });
// Named by the facts' derivation too: a table built under an older one has facts the check does not
// compare and leaves no checkpoint on (D93), which would time something else.
const path = cachedDatabasePath('felt-bench-verify', `table-d${FACTS_DERIVATION}-${options.hands}-${options.seed}.db`);

/** The session written as a table writes it, in large transactions (the bench's only shortcut). */
function build(): void {
  const { db, log, facts, snapshot, finish } = buildTableDatabase(path);
  const random = new SeededRandom(options.seed);
  const hex = (n: number): string => Array.from({ length: n }, () => random.nextInt(16).toString(16)).join('');
  const uuid = (): string => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
  let seq = 0;
  let previous = GENESIS_HASH;
  let cursor = FIRST_CURSOR;
  let sinceSnapshot = 0;
  let commands = 0;
  let pending: { id: string; command: TableCommand } | null = null;
  let batch: { id: string; command: TableCommand | null; entries: readonly TableLogEntry[] }[] = [];
  let batched = 0;
  const flush = db.transaction(() => {
    for (const { id, command, entries } of batch) {
      const payloads = entries.map((entry) => canonicalJson(entry));
      for (const payload of payloads) previous = linkHash(previous, id, payload);
      log.append(seq + 1, id, payloads, command === null ? '' : canonicalJson(command), previous);
      seq += payloads.length;
      const derived = deriveFacts(cursor, entries);
      facts.write(cursor, derived);
      cursor = derived.cursor;
    }
    batch = [];
    batched = 0;
  });
  simulateSession(
    { hands: options.hands, seed: options.seed, players: 6, structure: 'nl', button: 'dead', mode: 'cash', dealers: 2 },
    (entries, state) => {
      if (entries.length === 0) return;
      const sent = pending ?? { id: `#table-${commands}`, command: null };
      commands++;
      // The ids a real table gets: the shoe's, the panel's and the screen's; the simulator's own for the rest.
      const id = sent.command?.type === 'deal' ? `shoe-${uuid()}` : sent.command === null ? sent.id : commands % 3 === 0 ? hex(32) : `panel-${uuid()}`;
      batch.push({ id, command: sent.command, entries });
      pending = null;
      batched += entries.length;
      sinceSnapshot += entries.length;
      const between = state.hand === null || state.hand.phase.kind === 'complete';
      if (batched >= 50_000 || (between && sinceSnapshot >= SNAPSHOT_EVERY)) flush();
      if (between && sinceSnapshot >= SNAPSHOT_EVERY) {
        snapshot.run(seq, previous, canonicalJson(state), canonicalJson(cursor));
        sinceSnapshot = 0;
      }
    },
    { open: () => undefined, command: (id, command) => (pending = { id, command }) },
  );
  flush();
  finish(seq, previous);
}

if (!existsSync(path)) build();
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const timed = (run: () => void, rounds = options.rounds): number => {
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return median(times);
};

// 1. The size.
const bytes = statSync(path).size;
const reader = new Database(path, { readonly: true });
const rows = reader.prepare('SELECT max(seq) FROM log').pluck().get() as number;
reader.close();
console.log(`${options.hands.toLocaleString('en')} hands, ${rows.toLocaleString('en')} log rows, node ${process.version}; median of ${options.rounds} rounds`);
console.log(`on disk: ${(bytes / 1e6).toFixed(1)} MB, ${Math.round(bytes / options.hands).toLocaleString('en')} bytes per hand (log, commands, facts, snapshots); target ≤ 4,096: ${bytes / options.hands <= 4096 ? 'met' : 'NOT met'}`);

// 2. The full check against reading and hashing the same rows.
function readAndHash(): void {
  const db = new Database(path, { readonly: true });
  db.exec('BEGIN');
  const log = new LogTables(db);
  const rowsRead = log.packedRows(0);
  let previous = GENESIS_HASH;
  for (const command of log.commandsAfter(0)) {
    for (let next = rowsRead.next(); ; next = rowsRead.next()) {
      if (next.done === true) throw new Error('the log ends before its commands');
      previous = linkHash(previous, command.id as string, unpackJson(next.value.packed) as string);
      if (next.value.seq === command.last) break;
    }
    if (previous !== command.hash) throw new Error(`the chain breaks at row ${command.last}`);
  }
  db.close();
}
let verified: ReturnType<typeof verifyDatabase> | null = null;
const peer = timed(readAndHash);
const full = timed(() => {
  verified = verifyDatabase(path);
});
if (verified === null || !(verified as { ok: boolean }).ok) throw new Error(`the bench table does not verify: ${JSON.stringify(verified)}`);
console.log(`read and hash every row (peer)  ${(peer / 1000).toFixed(2)} s  ${Math.round(rows / (peer / 1000)).toLocaleString('en')} rows/s`);
console.log(`verify from the first row       ${(full / 1000).toFixed(2)} s  ${Math.round(rows / (full / 1000)).toLocaleString('en')} rows/s  ×${(full / peer).toFixed(2)} of the peer; target ≤ 1.5×: ${full / peer <= 1.5 ? 'met' : 'NOT met'}`);

// 3. felt report end to end, from the checkpoint the check above left.
const felt = join(process.cwd(), 'bin', 'felt');
const report = (): void => {
  const run = spawnSync(felt, ['report', '--db', path, '--kind', 'session', '--format', 'json'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`felt report failed: ${run.stderr}`);
};
const reported = timed(report);
console.log(`felt report --kind session, end to end (a process of its own)  ${reported.toFixed(0)} ms; target ≤ 1,000 ms: ${reported <= 1000 ? 'met' : 'NOT met'}`);
