/**
 * npm run bench:floor — how fast the floor takes a room's logs in, against PostgreSQL's own bare batched
 * insert of the same rows, in one run on one PostgreSQL (the floor's embedded one, in a temporary folder):
 * 1. bare insert: each table's rows, in the same batches, `INSERT … SELECT FROM unnest(…)` into a table
 *    with the same columns and primary key and nothing else (no check, no trigger, no head); timed each
 *    way the rows can reach PostgreSQL (seven arrays; each text column as one text of lines, D112; and so
 *    with the rows' numbers counted by PostgreSQL, as the floor sends them, D117), the fastest kept;
 * 2. the floor: 100 tables, each with its own credential and HTTPS connection, sending its batches to the
 *    floor server (as row lines, D117), which checks every row's canonical JSON, stores it under
 *    (table, seq) with the database's own hash and chain checks and moves the table's head. The tables run in a
 *    process of their own (bench/floor-tables.ts), as a room's run on PCs of their own, each linked (its
 *    connection made, the floor's head asked, as a shipper starts) before the clock starts: timed from the
 *    first batch sent to the last acknowledged;
 * 3. the floor's ingest alone (the check and the store, no HTTPS): where the time goes.
 * The 100 tables send at once; every batch ends between two hands, as a shipper's do. The rows are those of
 * simulated sessions (four, each table one of them), so they are a table's rows in size and kind.
 * Printed: rows/s of each and the floor's as a ratio to the bare insert's (target: within 3×), and the CPU
 * time each took of this process and of PostgreSQL's (the tables' process apart): what a busy machine's
 * wall times hide.
 * 4. the board: a table's line (D89) from its POST to a board page's poll (every 500 ms, as the floor's
 *    page asks) that shows it: p50 and p99 over 60 changes; the table sends within 250 ms of a command.
 * 5. the room's reports (D92) over 1,000,000 hands of 100 tables, their facts loaded in bulk once (simulating
 *    a million hands takes too long here): seconds per report kind. Target: ≤ 1 s each.
 * Options: --hands N (hands a table, default 20), --rounds N (each measured N times, best kept; default 1: the
 * floor's log is append-only, so a later round inserts into a fuller table than the peer's, emptied each time).
 */
import { fork } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { makeEnrolment } from '../src/floor/enrolment.js';
import { checkBatch } from '../src/floor/ingest/batch-check.js';
import { ingest } from '../src/floor/ingest/ingest.js';
import { inHandAfter, payloadType } from '../src/floor/link/hand-boundary.js';
import { FloorClient } from '../src/floor/link/floor-client.js';
import { FloorDatabase } from '../src/floor/postgres/floor-database.js';
import { floorCertificate } from '../src/floor/server/certificate.js';
import { FloorServer } from '../src/floor/server/floor-server.js';
import { SimulatedTable } from '../src/floor/sim/simulated-table.js';
import type { LogRow } from '../src/store/store.js';
import { parseBenchOptions } from './options.js';
import { type TablesCommand, type TablesReport, tablesProcess } from './floor-tables.js';
import { SeededRandom } from '../src/cards/random.js';
import { readBoard } from '../src/floor/board.js';
import { ROOM_REPORT_KINDS, roomReport } from '../src/floor/reports/room-report.js';
import { FACTS_DERIVED_BY } from '../src/floor/reports/room-facts.js';
import { FIRST_CURSOR, WHOLE_LOG } from '../src/reports/facts.js';

const TABLES = 100;
const BATCH_ROWS = 1_000;

const options = parseBenchOptions(process.argv.slice(2), { hands: 20, rounds: 1, seed: 1 });

async function floorSide(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'felt-bench-floor-'));
  if (process.getuid?.() === 0) chmodSync(folder, 0o711);
  const database = await FloorDatabase.open({ folder: join(folder, 'floor') }, { migrateSchema: true, keepsServer: true });
  try {
    await bench(database, folder);
  } finally {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

async function bench(database: FloorDatabase, folder: string): Promise<void> {
  const pool = database.pool;
  // FELT_BENCH_FLOOR=reports: the room's reports alone (a minute less).
  if (process.env['FELT_BENCH_FLOOR'] === 'reports') {
    await reportSpeed(pool);
    return;
  }
  const logs = [1, 2, 3, 4].map((n) => batches(simulatedLog(options.seed * 10 + n)));
  const tableLogs = Array.from({ length: TABLES }, (_, index) => logs[index % logs.length] as LogRow[][]);
  const rows = tableLogs.reduce((sum, log) => sum + log.reduce((count, batch) => count + batch.length, 0), 0);
  const batchCount = tableLogs.reduce((sum, log) => sum + log.length, 0);
  // The peer's rows as PostgreSQL takes them, every column ready (the payload's type too): its time is the
  // insert's alone, never a JSON parse of each row (the floor parses each row as part of its check).
  const bareLogs = logs.map((log) => log.map((batch) => ({ batch, types: batch.map((row) => payloadType(row.payload) ?? '') })));
  const bareTableLogs = Array.from({ length: TABLES }, (_, index) => bareLogs[index % bareLogs.length] as BareBatch[]);
  console.log(`${TABLES} tables, ${rows.toLocaleString('en')} rows (${options.hands} simulated hands a table) in ${batchCount.toLocaleString('en')} batches of up to ${BATCH_ROWS} rows ending between hands; PostgreSQL ${(await pool.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version}, node ${process.version}`);
  await pool.query('CREATE TABLE IF NOT EXISTS bare_row (table_id text NOT NULL, seq bigint NOT NULL, command_id text NOT NULL, type text NOT NULL, payload text NOT NULL, prev_hash text NOT NULL, hash text NOT NULL, PRIMARY KEY (table_id, seq))');
  const certificate = await floorCertificate(join(folder, 'floor'));
  const server = await FloorServer.start({ database, certificate, host: '127.0.0.1', port: 0 });
  const best = { bare: Infinity, floor: Infinity, ingest: Infinity };
  const bare = { arrays: Infinity, lines: Infinity, counted: Infinity };
  // The CPU time of the best run of each (this process and PostgreSQL's; the tables' own process apart).
  const cpu = { bare: NO_CPU, floor: NO_CPU, ingest: NO_CPU, tables: 0 };
  const keep = (measure: 'bare' | 'floor' | 'ingest', run: Measured): number => {
    if (run.seconds < best[measure]) cpu[measure] = run.cpu;
    best[measure] = Math.min(best[measure], run.seconds);
    return run.seconds;
  };
  // The tables in a process of their own, as a room's are (bench/floor-tables.ts); started (its code
  // loaded) before anything is timed, so it takes no time from the bare insert.
  const tables = new TablesAway();
  await tables.started;
  try {
    for (let round = 1; round <= options.rounds; round++) {
      // The peer is the fastest of the three ways rows reach PostgreSQL, each timed (D112, D117).
      for (const means of round % 2 === 1 ? (['arrays', 'lines', 'counted'] as const) : (['counted', 'lines', 'arrays'] as const)) {
        await pool.query('TRUNCATE bare_row');
        bare[means] = Math.min(bare[means], keep('bare', await measured(pool, () => Promise.all(bareTableLogs.map((log, index) => bareInsert(pool, `bare-${index}`, log, means))))));
        await expectRows(pool, 'SELECT count(*)::int AS n FROM bare_row', [], rows);
      }
      const address = `https://127.0.0.1:${server.port}`;
      const enrolledTables = await enrolled(pool, `round ${round}`, address, certificate.certificate, certificate.fingerprint);
      await tables.command({
        kind: 'open',
        address,
        certificate: certificate.certificate,
        fingerprint: certificate.fingerprint,
        tables: enrolledTables.map((table, index) => ({ id: table.id, secret: table.secret, log: index % logs.length })),
        logs,
      });
      const floorBefore = best.floor;
      keep('floor', await measured(pool, () => tables.command({ kind: 'ship' })));
      if (best.floor < floorBefore) cpu.tables = tables.cpu;
      await expectRows(pool, 'SELECT count(*)::int AS n FROM log_row WHERE table_id = ANY($1)', [enrolledTables.map((table) => table.id)], rows);
      for (const client of enrolledTables) client.client.close();
      // The floor derives the report facts of the rows it took once the tables are quiet (D119): as it
      // would between a room's bursts, before the next measure.
      await server.facts.whenIdle();
      const direct = await enrolled(pool, `direct ${round}`, address, certificate.certificate, certificate.fingerprint);
      keep('ingest', await measured(pool, () => Promise.all(tableLogs.map((log, index) => ingestAll(pool, (direct[index] as Enrolled).id, log)))));
      for (const client of direct) client.client.close();
    }
  } finally {
    tables.close();
    await server.close();
  }
  const perSecond = (seconds: number): string => `${Math.round(rows / seconds).toLocaleString('en')} rows/s`;
  console.log(`bare batched insert   ${perSecond(best.bare)}  (${best.bare.toFixed(2)} s): the fastest of seven arrays (${bare.arrays.toFixed(2)} s), text columns of lines (${bare.lines.toFixed(2)} s) and those with the rows' numbers counted by PostgreSQL (${bare.counted.toFixed(2)} s)`);
  console.log(`the floor over HTTPS  ${perSecond(best.floor)}  (${best.floor.toFixed(2)} s): every row's canonical JSON checked by the floor, its hash and link by PostgreSQL`);
  console.log(`the floor's ingest    ${perSecond(best.ingest)}  (${best.ingest.toFixed(2)} s): the same without HTTPS and the row lines`);
  const ratio = best.floor / best.bare;
  const cpuText = (used: Cpu): string => `${(used.node + used.postgres).toFixed(2)} s (node ${used.node.toFixed(2)}, PostgreSQL ${used.postgres.toFixed(2)})`;
  console.log(`CPU time: bare ${cpuText(cpu.bare)}; the floor over HTTPS ${cpuText(cpu.floor)}, and the tables' own process ${cpu.tables.toFixed(2)} s; the ingest alone ${cpuText(cpu.ingest)}`);
  console.log(`floor / bare: ${ratio.toFixed(2)}× the time (ingest alone ${(best.ingest / best.bare).toFixed(2)}×); target within 3×: ${ratio <= 3 ? 'met' : 'NOT met'}`);
  // FELT_BENCH_FLOOR=ingest: the ingest alone (the board and the reports take minutes more).
  if (process.env['FELT_BENCH_FLOOR'] === 'ingest') return;
  await boardLatency(database, certificate);
  await reportSpeed(pool);
}

/** A table's line to a polling board page: the time until the page's next poll shows it. */
async function boardLatency(database: FloorDatabase, certificate: Awaited<ReturnType<typeof floorCertificate>>): Promise<void> {
  const pool = database.pool;
  const server = await FloorServer.start({ database, certificate, host: '127.0.0.1', port: 0 });
  try {
    const [table] = await enrolled(pool, 'board', `https://127.0.0.1:${server.port}`, certificate.certificate, certificate.fingerprint, 1);
    if (table === undefined) throw new Error('no table');
    let seen = -1;
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const board = await readBoard(pool);
        seen = board.tables.find((row) => row.id === table.id)?.status?.handNumber ?? -1;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    })();
    const samples: number[] = [];
    const random = new SeededRandom(options.seed);
    for (let hand = 1; hand <= 60; hand++) {
      // At a random moment against the page's polls, as a croupier's command comes.
      await new Promise((resolve) => setTimeout(resolve, random.nextInt(500)));
      const sent = performance.now();
      await table.client.status({ at: Date.now(), game: { en: 'NL 1/2', de: 'NL 1/2' }, seats: { taken: 6, count: 9 }, handNumber: hand, handInPlay: true, pot: hand, dealer: null, devices: [], time: { collectNow: 0, owed: 0 }, software: { version: '0.1.0', build: 'bench' } });
      while (seen !== hand) await new Promise((resolve) => setTimeout(resolve, 2));
      samples.push(performance.now() - sent);
    }
    polling = false;
    await poller;
    table.client.close();
    samples.sort((a, b) => a - b);
    const at = (q: number): number => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] as number;
    console.log(`board: a table's line on a polling page  p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms (+ up to 250 ms from the command to the line); target p99 ≤ 1 s: ${at(0.99) + 250 <= 1_000 ? 'met' : 'NOT met'}`);
  } finally {
    await server.close();
  }
}

/** The room's reports over a million hands: 100 tables' facts loaded in bulk, each report timed. */
async function reportSpeed(pool: pg.Pool): Promise<void> {
  const hands = 10_000;
  const started = performance.now();
  await pool.query(
    `INSERT INTO floor_table (id, name, credential_hash) SELECT 't-' || lpad(to_hex(t), 12, '0'), 'report table ' || t, repeat('0', 64) FROM generate_series(1, ${TABLES}) t;
     INSERT INTO fact_cursor (table_id, seq, cursor, derived_by) SELECT 't-' || lpad(to_hex(t), 12, '0'), 1000000000000000, $cursor$${JSON.stringify(FIRST_CURSOR)}$cursor$, $by$${FACTS_DERIVED_BY}$by$ FROM generate_series(1, ${TABLES}) t;
     INSERT INTO hand_fact (table_id, seq, hand, at, shift, players, seated, awarded, rake, voided)
       SELECT 't-' || lpad(to_hex(t), 12, '0'), h * 40, h, 1767290400000 + h * 120000, ((h - 1) / 500) * 20000 + 1, 2 + h % 8, 9, 100 + h % 700, h % 5, h % 97 = 0
       FROM generate_series(1, ${TABLES}) t, generate_series(1, ${hands}) h;
     INSERT INTO event_fact (table_id, seq, at, hand, kind, entry)
       SELECT 't-' || lpad(to_hex(t), 12, '0'), ((d - 1) * 500) * 40 + 1, 1767290400000 + (d - 1) * 500 * 120000, (d - 1) * 500, 'dealer', json_build_object('type', 'dealer-on-duty', 'number', (1 + (t + d) % 40)::text, 'name', 'Dealer ' || (1 + (t + d) % 40), 'at', 1767290400000 + (d - 1) * 500 * 120000)
       FROM generate_series(1, ${TABLES}) t, generate_series(1, ${hands / 500}) d;
     -- The hours' summaries the derivation keeps beside the hands (D96), made here as it makes them.
     INSERT INTO hand_hour (table_id, timed, hour, shift, hands, played, awarded, rake, players, seated, first_seq, first_at, last_seq, last_at, last_played)
       SELECT table_id, true, at / 3600000, shift, count(*), count(*) FILTER (WHERE NOT voided), coalesce(sum(awarded) FILTER (WHERE NOT voided), 0), coalesce(sum(rake) FILTER (WHERE NOT voided), 0),
              coalesce(sum(players) FILTER (WHERE NOT voided), 0), coalesce(sum(seated) FILTER (WHERE NOT voided), 0), min(seq), (array_agg(at ORDER BY seq))[1], max(seq), (array_agg(at ORDER BY seq DESC))[1], (array_agg(NOT voided ORDER BY seq DESC))[1]
         FROM hand_fact WHERE table_id LIKE 't-%' AND table_id IN (SELECT 't-' || lpad(to_hex(t), 12, '0') FROM generate_series(1, ${TABLES}) t) GROUP BY table_id, at / 3600000, shift;
     ANALYZE hand_fact; ANALYZE event_fact; ANALYZE hand_hour;`,
  );
  console.log(`room reports: ${(TABLES * hands).toLocaleString('en')} hands of ${TABLES} tables loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // Only the report tables are timed: the ones the ingest made are set aside.
  const reportTables = new Set((await pool.query<{ id: string }>("SELECT id FROM floor_table WHERE name LIKE 'report table %'")).rows.map((row) => row.id));
  // The whole log, and a day whose ends cut clock hours (their hands read one by one, D96).
  const day = { from: 1767290400000 + 3.5 * 86_400_000 + 17 * 60_000, to: 1767290400000 + 4.5 * 86_400_000 + 17 * 60_000 };
  for (const [kind, window] of [...ROOM_REPORT_KINDS.map((kind) => [kind, WHOLE_LOG] as const), ...ROOM_REPORT_KINDS.map((kind) => [kind, day] as const)]) {
    const begun = performance.now();
    const room = await roomReport(pool, kind, window, (id) => reportTables.has(id));
    const seconds = (performance.now() - begun) / 1000;
    console.log(`room report ${kind.padEnd(12)} ${window === WHOLE_LOG ? 'whole log' : 'one day  '} ${seconds.toFixed(2)} s over ${room.tables.length} tables (${room.totals.handsPlayed.toLocaleString('en')} hands played, ${room.totals.rake.toLocaleString('en')} rake counted); target ≤ 1 s: ${seconds <= 1 ? 'met' : 'NOT met'}`);
  }
}

/** A simulated table's log, played in memory. */
function simulatedLog(seed: number): LogRow[] {
  const table = SimulatedTable.open(':memory:', { hands: options.hands, seed });
  table.playAll();
  const rows = [...table.store.rows()];
  table.close();
  return rows;
}

/** The log in batches of about `BATCH_ROWS`, each ending between two hands (as a shipper sends them). */
function batches(rows: readonly LogRow[]): LogRow[][] {
  const out: LogRow[][] = [];
  let current: LogRow[] = [];
  let inHand = false;
  for (const row of rows) {
    current.push(row);
    inHand = inHandAfter(inHand, payloadType(row.payload) ?? '');
    if (!inHand && current.length >= BATCH_ROWS) {
      out.push(current);
      current = [];
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** Every row stored: the count a query gives. */
async function expectRows(pool: pg.Pool, query: string, values: unknown[], rows: number): Promise<void> {
  const stored = (await pool.query<{ n: number }>(query, values)).rows[0]?.n;
  if (stored !== rows) throw new Error(`${stored ?? 0} rows stored of ${rows}`);
}

type Cpu = { readonly node: number; readonly postgres: number };
type Measured = { readonly seconds: number; readonly cpu: Cpu };
const NO_CPU: Cpu = { node: 0, postgres: 0 };

/** A run's wall time, and the CPU time it took of this process and of PostgreSQL's processes (Linux: /proc). */
async function measured(pool: pg.Pool, run: () => Promise<unknown>): Promise<Measured> {
  const postgresBefore = await postgresCpu(pool);
  const nodeBefore = process.cpuUsage();
  const started = performance.now();
  await run();
  const seconds = (performance.now() - started) / 1000;
  const node = process.cpuUsage(nodeBefore);
  const postgresAfter = await postgresCpu(pool);
  let postgres = 0;
  for (const [pid, after] of postgresAfter) postgres += after - (postgresBefore.get(pid) ?? 0);
  return { seconds, cpu: { node: (node.user + node.system) / 1e6, postgres } };
}

/** Each PostgreSQL process's CPU seconds so far (its backends and its own workers), by pid. */
async function postgresCpu(pool: pg.Pool): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const { pid } of (await pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity')).rows) {
    try {
      // utime and stime, in clock ticks (100 a second), after the command's closing parenthesis.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      out.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // Ended meanwhile, or not on this machine.
    }
  }
  return out;
}

/** How the rows reach PostgreSQL: seven arrays, or each text column as one text of lines (D112). */
/**
 * The ways the peer's rows reach PostgreSQL: seven arrays; text columns of lines and the numbers as an
 * array (D112); text columns of lines with the numbers counted by PostgreSQL from the first, as the floor's
 * statement (D117). The fastest is the peer.
 */
type Means = 'arrays' | 'lines' | 'counted';

/** A batch of the peer's: the rows and each one's payload type, worked out before the clock. */
type BareBatch = { readonly batch: readonly LogRow[]; readonly types: readonly string[] };

async function bareInsert(pool: pg.Pool, tableId: string, log: readonly BareBatch[], means: Means): Promise<void> {
  for (const { batch, types } of log) {
    const columns = [batch.map((row) => row.command_id), types, batch.map((row) => row.payload), batch.map((row) => row.prev_hash), batch.map((row) => row.hash)];
    const lines = "unnest(string_to_array($3, E'\\n'), string_to_array($4, E'\\n'), string_to_array($5, E'\\n'), string_to_array($6, E'\\n'), string_to_array($7, E'\\n'))";
    const into = 'INSERT INTO bare_row (table_id, seq, command_id, type, payload, prev_hash, hash)';
    if (means === 'counted') {
      await pool.query(`${into} SELECT $1, $2::bigint + r.n - 1, r.command_id, r.type, r.payload, r.prev_hash, r.hash FROM ${lines} WITH ORDINALITY AS r (command_id, type, payload, prev_hash, hash, n)`, [tableId, batch[0]?.seq ?? 1, ...columns.map((values) => values.join('\n'))]);
    } else {
      const from = means === 'arrays' ? 'unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])' : lines.replace('unnest(', 'unnest($2::bigint[], ');
      await pool.query(`${into} SELECT $1, * FROM ${from}`, [tableId, batch.map((row) => row.seq), ...(means === 'arrays' ? columns : columns.map((values) => values.join('\n')))]);
    }
  }
}

type Enrolled = { readonly id: string; readonly secret: string; readonly client: FloorClient };

/** `TABLES` tables enrolled at the floor, each with its own credential and connection. */
async function enrolled(pool: pg.Pool, round: string, address: string, certificate: string, fingerprint: string, count = TABLES): Promise<Enrolled[]> {
  const out: Enrolled[] = [];
  for (let index = 0; index < count; index++) {
    const { secret } = await makeEnrolment(pool, `${round} table ${index + 1}`);
    const credential = `${'c'.repeat(37)}${String(index).padStart(3, '0')}${round.length.toString().padStart(3, '0')}`.slice(0, 43);
    const anonymous = new FloorClient(address, fingerprint, certificate, null);
    const { table } = await anonymous.enrol(secret, credential);
    anonymous.close();
    out.push({ id: table.id, secret: credential, client: new FloorClient(address, fingerprint, certificate, { tableId: table.id, secret: credential }) });
  }
  return out;
}

/** The tables' process (bench/floor-tables.ts): a command sent, its report awaited. */
class TablesAway {
  private readonly child = fork(process.argv[1] as string, process.argv.slice(2), { env: { ...process.env, FELT_BENCH_FLOOR_TABLES: '1' }, serialization: 'advanced' });
  private waiting: { resolve: () => void; reject: (error: Error) => void } | null = null;
  /** The process runs and listens (its first report). */
  readonly started = new Promise<void>((resolve, reject) => (this.waiting = { resolve, reject }));

  constructor() {
    this.child.on('message', (report: TablesReport) => {
      const waiting = this.waiting;
      this.waiting = null;
      if (report.kind === 'shipped') this.cpu = report.cpu;
      if (report.kind === 'failed') waiting?.reject(new Error(`the tables: ${report.problem}`));
      else waiting?.resolve();
    });
    this.child.on('exit', (code) => this.waiting?.reject(new Error(`the tables' process ended (${code ?? 'signal'})`)));
  }

  /** The CPU seconds the tables' process took for its last shipping. */
  cpu = 0;

  command(command: TablesCommand): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.child.send(command);
    });
  }

  close(): void {
    if (this.child.connected) this.child.send({ kind: 'close' } satisfies TablesCommand);
  }
}

async function ingestAll(pool: pg.Pool, id: string, log: readonly LogRow[][]): Promise<void> {
  for (const batch of log) {
    const checked = checkBatch(batch);
    if (!checked.ok) throw new Error(`row ${checked.seq}: ${checked.problem}`);
    const answer = await ingest(pool, id, checked.rows);
    if (answer.kind !== 'stored') throw new Error(`the floor answered ${JSON.stringify(answer)}`);
  }
}

// Last, once every class above is defined: the same bundle forked as the tables' process
// (bench/floor-tables.ts), or the floor's side.
if (process.env['FELT_BENCH_FLOOR_TABLES'] === '1') tablesProcess();
else await floorSide();
