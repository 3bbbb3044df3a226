/**
 * npm run bench:floor — how fast the floor takes a room's logs in, against PostgreSQL's own bare batched
 * insert of the same rows, in one run on one PostgreSQL (the floor's embedded one, in a temporary folder):
 * 1. bare insert: each table's rows, in the same batches, `INSERT … SELECT FROM unnest(…)` into a table
 *    with the same columns and primary key and nothing else (no check, no trigger, no head);
 * 2. the floor: 100 tables, each with its own credential and HTTPS connection, sending its batches to the
 *    floor server, which checks every row with the table's hash and canonical JSON, stores it under
 *    (table, seq) with the database's own chain check and moves the table's head;
 * 3. the floor's ingest alone (the check and the store, no HTTPS): where the time goes.
 * The 100 tables send at once; every batch ends between two hands, as a shipper's do. The rows are those of
 * simulated sessions (four, each table one of them), so they are a table's rows in size and kind.
 * Printed: rows/s of each and the floor's as a ratio to the bare insert's. Target: within 3×.
 * Options: --hands N (hands a table, default 20), --rounds N (each measured N times, best kept; default 1).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
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

const TABLES = 100;
const BATCH_ROWS = 1_000;

const options = parseBenchOptions(process.argv.slice(2), { hands: 20, rounds: 1, seed: 1 });
const folder = mkdtempSync(join(tmpdir(), 'felt-bench-floor-'));
if (process.getuid?.() === 0) chmodSync(folder, 0o711);
const database = await FloorDatabase.open({ folder: join(folder, 'floor') }, { migrateSchema: true, keepsServer: true });
try {
  await bench(database.pool);
} finally {
  await database.close();
  rmSync(folder, { recursive: true, force: true });
}

async function bench(pool: pg.Pool): Promise<void> {
  const logs = [1, 2, 3, 4].map((n) => batches(simulatedLog(options.seed * 10 + n)));
  const tableLogs = Array.from({ length: TABLES }, (_, index) => logs[index % logs.length] as LogRow[][]);
  const rows = tableLogs.reduce((sum, log) => sum + log.reduce((count, batch) => count + batch.length, 0), 0);
  const batchCount = tableLogs.reduce((sum, log) => sum + log.length, 0);
  console.log(`${TABLES} tables, ${rows.toLocaleString('en')} rows (${options.hands} simulated hands a table) in ${batchCount.toLocaleString('en')} batches of up to ${BATCH_ROWS} rows ending between hands; PostgreSQL ${(await pool.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version}, node ${process.version}`);
  await pool.query('CREATE TABLE IF NOT EXISTS bare_row (table_id text NOT NULL, seq bigint NOT NULL, command_id text NOT NULL, type text NOT NULL, payload text NOT NULL, prev_hash text NOT NULL, hash text NOT NULL, PRIMARY KEY (table_id, seq))');
  const certificate = await floorCertificate(join(folder, 'floor'));
  const server = await FloorServer.start({ database, certificate, host: '127.0.0.1', port: 0 });
  const best = { bare: Infinity, floor: Infinity, ingest: Infinity };
  try {
    for (let round = 1; round <= options.rounds; round++) {
      await pool.query('TRUNCATE bare_row');
      best.bare = Math.min(best.bare, await timed(() => Promise.all(tableLogs.map((log, index) => bareInsert(pool, `bare-${index}`, log)))));
      const clients = await enrolled(pool, `round ${round}`, `https://127.0.0.1:${server.port}`, certificate.certificate, certificate.fingerprint);
      best.floor = Math.min(best.floor, await timed(() => Promise.all(tableLogs.map((log, index) => shipAll(clients[index] as Enrolled, log)))));
      for (const client of clients) client.client.close();
      const direct = await enrolled(pool, `direct ${round}`, `https://127.0.0.1:${server.port}`, certificate.certificate, certificate.fingerprint);
      best.ingest = Math.min(best.ingest, await timed(() => Promise.all(tableLogs.map((log, index) => ingestAll(pool, (direct[index] as Enrolled).id, log)))));
      for (const client of direct) client.client.close();
    }
  } finally {
    await server.close();
  }
  const perSecond = (seconds: number): string => `${Math.round(rows / seconds).toLocaleString('en')} rows/s`;
  console.log(`bare batched insert   ${perSecond(best.bare)}  (${best.bare.toFixed(2)} s)`);
  console.log(`the floor over HTTPS  ${perSecond(best.floor)}  (${best.floor.toFixed(2)} s): every row checked with the table's hash and canonical JSON, the chain checked again by PostgreSQL`);
  console.log(`the floor's ingest    ${perSecond(best.ingest)}  (${best.ingest.toFixed(2)} s): the same without HTTPS and JSON`);
  const ratio = best.floor / best.bare;
  console.log(`floor / bare: ${ratio.toFixed(2)}× the time (ingest alone ${(best.ingest / best.bare).toFixed(2)}×); target within 3×: ${ratio <= 3 ? 'met' : 'NOT met'}`);
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

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return (performance.now() - started) / 1000;
}

async function bareInsert(pool: pg.Pool, tableId: string, log: readonly LogRow[][]): Promise<void> {
  for (const batch of log) {
    await pool.query('INSERT INTO bare_row (table_id, seq, command_id, type, payload, prev_hash, hash) SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])', [
      tableId,
      batch.map((row) => row.seq),
      batch.map((row) => row.command_id),
      batch.map((row) => payloadType(row.payload) ?? ''),
      batch.map((row) => row.payload),
      batch.map((row) => row.prev_hash),
      batch.map((row) => row.hash),
    ]);
  }
}

type Enrolled = { readonly id: string; readonly client: FloorClient };

/** `TABLES` tables enrolled at the floor, each with its own credential and connection. */
async function enrolled(pool: pg.Pool, round: string, address: string, certificate: string, fingerprint: string): Promise<Enrolled[]> {
  const out: Enrolled[] = [];
  for (let index = 0; index < TABLES; index++) {
    const { secret } = await makeEnrolment(pool, `${round} table ${index + 1}`);
    const credential = `${'c'.repeat(37)}${String(index).padStart(3, '0')}${round.length.toString().padStart(3, '0')}`.slice(0, 43);
    const anonymous = new FloorClient(address, fingerprint, certificate, null);
    const { table } = await anonymous.enrol(secret, credential);
    anonymous.close();
    out.push({ id: table.id, client: new FloorClient(address, fingerprint, certificate, { tableId: table.id, secret: credential }) });
  }
  return out;
}

async function shipAll({ id, client }: Enrolled, log: readonly LogRow[][]): Promise<void> {
  for (const batch of log) {
    const answer = await client.ship({ table: id, rows: batch });
    if (answer.kind !== 'stored') throw new Error(`the floor answered ${JSON.stringify(answer)}`);
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
