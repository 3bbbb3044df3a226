import { appliedMigrations, MIGRATIONS } from '../../store/migrations.js';
import { openToRead, Store } from '../../store/store.js';
import { readArgs } from '../args.js';
import { CliUsageError, type CommandIo } from '../io.js';
import { notATableDatabase } from '../table-database.js';

/**
 * `felt migrate --db PATH`: brings a stopped table's database to this version's schema — what the table's
 * next opening would do, now, so that an update knows before it starts the table whether this version can
 * run it (the package's postinst, docs/operations.md "Updates"). Never makes a database: a path with no
 * table is an error. A table open in another Felt is refused by its lock; a database a newer Felt wrote,
 * by the migration this version does not know.
 */
export async function runMigrate(args: readonly string[], io: CommandIo): Promise<number> {
  const db = readArgs(args, { db: { type: 'string' } }).values.db;
  if (db === undefined) throw new CliUsageError('--db PATH is required');
  const unusable = notATableDatabase(db);
  if (unusable !== null) {
    io.err(`felt migrate: ${unusable}\n`);
    return 1;
  }
  const before = migrationsOf(db);
  // The opening migrates, in one transaction with the report facts a migration may call for.
  Store.open(db).close();
  const after = migrationsOf(db);
  const applied = MIGRATIONS.slice(before, after).map((migration) => migration.id);
  io.out(applied.length === 0 ? `${db}: up to date (${after} migrations)\n` : `${db}: migrated: ${applied.join(', ')}\n`);
  return 0;
}

/** How many migrations the database has had (0 for one that has none yet). */
function migrationsOf(path: string): number {
  const db = openToRead(path);
  try {
    const known = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
    return known === undefined ? 0 : appliedMigrations(db);
  } finally {
    db.close();
  }
}
