import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { FloorError } from '../floor-error.js';

/** A migration: its id (the file's name without `.sql`, a timestamp first) and its SQL. */
export type Migration = { readonly id: string; readonly sql: string };

const MIGRATION_FILE = /^(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-[a-z0-9-]+)\.sql$/;

/**
 * The folder of the migrations, `src/floor/schema/` in the repository: found from this module's place,
 * whether it runs from the sources (tests) or from a bundle in `dist/` (the CLI) — the floor runs from a
 * checkout of Felt, as `felt start` does.
 */
export function schemaFolder(): string {
  for (let at = dirname(fileURLToPath(import.meta.url)); ; at = dirname(at)) {
    const candidate = join(at, 'src', 'floor', 'schema');
    if (existsSync(candidate)) return candidate;
    if (at === dirname(at)) throw new FloorError("the floor's schema (src/floor/schema/*.sql) is not found beside this Felt: run it from a checkout of Felt");
  }
}

/** The migrations in the repository, in the order of their names (timestamps first). */
export function knownMigrations(folder = schemaFolder()): readonly Migration[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => {
      const match = MIGRATION_FILE.exec(name);
      if (match === null) throw new FloorError(`${join(folder, name)}: a migration's name is a timestamp and words (2026-12-02T09-00-what-it-does.sql)`);
      return { id: match[1] as string, sql: readFileSync(join(folder, name), 'utf8') };
    });
}

const SCHEMA_MIGRATIONS = `CREATE TABLE IF NOT EXISTS schema_migrations (
  n          integer PRIMARY KEY,
  id         text NOT NULL UNIQUE,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

/** Taken for a migration's run: two floor processes starting at once migrate one after the other. */
const MIGRATION_LOCK = 72_026_120;

/**
 * Brings the floor's database up to the migrations this build knows, each in its own transaction under an
 * advisory lock. A database with a migration this build does not know (a newer Felt made it), or with them
 * in another order, is refused with the reason, never used half-understood (as the table's SQLite, src/store/migrations.ts).
 */
export async function migrate(pool: pg.Pool, migrations: readonly Migration[] = knownMigrations()): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query(SCHEMA_MIGRATIONS);
      const applied = await checkedMigrations(client, migrations);
      for (const [index, migration] of migrations.entries()) {
        if (index < applied) continue;
        await client.query('BEGIN');
        try {
          await client.query(migration.sql);
          await client.query('INSERT INTO schema_migrations (n, id) VALUES ($1, $2)', [index + 1, migration.id]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw new FloorError(`the floor's migration '${migration.id}' failed: ${(error as Error).message}`, { cause: error });
        }
      }
      return migrations.length;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/**
 * How many migrations the database has, after checking they are the first ones this build knows, in
 * order; a database without the list has none. The floor's readers (`felt verify --floor`) ask this without
 * migrating.
 */
export async function checkedMigrations(client: pg.Pool | pg.PoolClient, migrations: readonly Migration[] = knownMigrations()): Promise<number> {
  const listed = await client.query<{ exists: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS exists");
  if (listed.rows[0]?.exists !== true) return 0;
  const applied = (await client.query<{ n: number; id: string }>('SELECT n, id FROM schema_migrations ORDER BY n')).rows;
  applied.forEach(({ n, id }, index) => {
    const known = migrations.findIndex((migration) => migration.id === id);
    if (known < 0) throw new FloorError(`the floor's database has migration '${id}', which this version of Felt does not know (was it made by a newer one?)`);
    if (known !== index || n !== index + 1) throw new FloorError(`the floor's database has its migrations out of order: '${id}' is applied as number ${n}, but it is number ${known + 1}`);
  });
  return applied.length;
}
