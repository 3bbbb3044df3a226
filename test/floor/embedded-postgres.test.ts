import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedPostgres } from '../../src/floor/postgres/embedded.js';
import { FloorDatabase } from '../../src/floor/postgres/floor-database.js';
import { checkedMigrations, knownMigrations, migrate } from '../../src/floor/schema/migrate.js';

const folder = mkdtempSync(join(tmpdir(), 'felt-floor-pg-'));
// PostgreSQL runs as nobody when the tests run as root: it passes through the folder to its own.
chmodSync(folder, 0o711);
let postgres: EmbeddedPostgres | null = null;

afterAll(async () => {
  await postgres?.stop();
  rmSync(folder, { recursive: true, force: true });
});

async function ask(address: EmbeddedPostgres['address'], sql: string): Promise<unknown[]> {
  const client = new pg.Client(address);
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL', () => {
  it('is made, started, found running, restarted after a crash on the same port, and stopped', async () => {
    postgres = await EmbeddedPostgres.open(join(folder, 'floor'));
    expect(postgres.startedHere).toBe(true);
    const [row] = (await ask(postgres.address, 'SELECT current_database() AS db, version() AS version')) as { db: string; version: string }[];
    expect(row?.db).toBe('floor');
    expect(row?.version).toMatch(/^PostgreSQL 1[5-9]/);
    // Found running by a second opening: the same port, not started again.
    const again = await EmbeddedPostgres.open(join(folder, 'floor'));
    expect(again.startedHere).toBe(false);
    expect(again.address.port).toBe(postgres.address.port);
    await postgres.stop('immediate');
    expect(postgres.running()).toBe(false);
    expect(await postgres.ensureRunning()).toBe(true);
    expect(await ask(postgres.address, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    // The password is the floor's: a wrong one is refused.
    await expect(ask({ ...postgres.address, password: 'wrong' }, 'SELECT 1')).rejects.toThrow(/password authentication failed/);
    expect(statSync(join(folder, 'floor', 'postgres.json')).mode & 0o777).toBe(0o600);
  }, 60_000);
});

describe("the floor's migrations", () => {
  /** A new, empty database in the test's cluster, and a pool on it. */
  async function freshDatabase(name: string): Promise<pg.Pool> {
    if (postgres === null) throw new Error('the cluster is not running');
    await ask(postgres.address, `CREATE DATABASE ${name}`);
    const pool = new pg.Pool({ ...postgres.address, database: name });
    pool.on('error', () => undefined);
    return pool;
  }

  it('are the SQL files of src/floor/schema in the order of their names, applied once', async () => {
    const known = knownMigrations();
    expect(known.length).toBeGreaterThan(0);
    expect(known.map((migration) => migration.id)).toEqual([...known.map((migration) => migration.id)].sort());
    const pool = await freshDatabase('migrated');
    try {
      expect(await migrate(pool)).toBe(known.length);
      expect(await migrate(pool)).toBe(known.length);
      const applied = await pool.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY n');
      expect(applied.rows.map((row) => row.id)).toEqual(known.map((migration) => migration.id));
      const tables = await pool.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1");
      expect(tables.rows.map((row) => row.name)).toEqual(['board_status', 'chain_head', 'enrolment', 'event_fact', 'fact_cursor', 'floor_table', 'fork_incident', 'hand_fact', 'hand_hour', 'log_row', 'schema_migrations', 'staff_directory', 'table_replacement']);
    } finally {
      await pool.end();
    }
  });

  it('refuse a database with a migration this build does not know, or with them out of order', async () => {
    const first = { id: '2026-01-01T00-00-first', sql: 'CREATE TABLE one (x int)' };
    const second = { id: '2026-01-02T00-00-second', sql: 'CREATE TABLE two (x int)' };
    const pool = await freshDatabase('ordered');
    try {
      await migrate(pool, [first, second]);
      await expect(migrate(pool, [first])).rejects.toThrow(/migration '2026-01-02T00-00-second', which this version of Felt does not know/);
      await expect(checkedMigrations(pool, [second, first])).rejects.toThrow(/out of order: '2026-01-01T00-00-first' is applied as number 1, but it is number 2/);
      // A migration that fails leaves nothing of itself.
      await expect(migrate(pool, [first, second, { id: '2026-01-03T00-00-broken', sql: 'CREATE TABLE three (x int); SELECT nonsense' }])).rejects.toThrow(/migration '2026-01-03T00-00-broken' failed/);
      expect((await pool.query("SELECT to_regclass('three') IS NULL AS gone")).rows).toEqual([{ gone: true }]);
    } finally {
      await pool.end();
    }
  });
});

describe("the floor's pool", () => {
  it('outlives a connection PostgreSQL ends while the floor holds it between two queries (a crash mid-transaction), and answers on a new one', async () => {
    if (postgres === null) throw new Error('the cluster is not running');
    const database = await FloorDatabase.open({ folder: join(folder, 'floor') }, { migrateSchema: true, keepsServer: true });
    try {
      const client = await database.pool.connect();
      const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
      // Before the fix, the held client's 'error' had no listener: the floor server ended (Unhandled 'error' event).
      await ask(postgres.address, `SELECT pg_terminate_backend(${String(pid)})`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await expect(client.query('SELECT 1')).rejects.toThrow();
      client.release(true);
      expect((await database.pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});
