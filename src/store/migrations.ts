import Database from 'better-sqlite3';
import { PersistenceError } from './persistence-error.js';
import { packLog, PACKED_LOG_SQL } from './packed-log.js';
import { NAMES_MOVED_SQL } from './names-moved.js';
import { PLAYERS_SQL, startReferences } from './players.js';

/** What a migration does: SQL, or a step of code (that hears how far it is: `progress`) after its SQL. */
export type Migration = { readonly id: string; readonly sql: string; readonly run?: (db: Database.Database, progress?: (words: string) => void) => void };

/**
 * The schema, as timestamped migrations applied in order, each in its own transaction. A database that
 * has a migration this build does not know (a newer Felt wrote it), or has them in another order, is
 * refused with the reason, never opened half-understood.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    id: '2026-11-29T15:00-operation-log',
    sql: `
      CREATE TABLE log (
        seq        INTEGER PRIMARY KEY,  -- 1, 2, 3 … without gaps
        command_id TEXT NOT NULL,        -- the command that produced the row (idempotency)
        payload    TEXT NOT NULL,        -- the operation, as canonical JSON
        prev_hash  TEXT NOT NULL,        -- the previous row's hash (64 zeros for the first)
        hash       TEXT NOT NULL         -- SHA-256 over prev_hash, a newline and payload
      ) STRICT;
      CREATE INDEX log_command ON log (command_id);
      CREATE TRIGGER log_no_update BEFORE UPDATE ON log
        BEGIN SELECT RAISE(ABORT, 'the operation log is append-only: a row cannot be changed'); END;
      CREATE TRIGGER log_no_delete BEFORE DELETE ON log
        BEGIN SELECT RAISE(ABORT, 'the operation log is append-only: a row cannot be deleted'); END;
      -- The head of the chain, written in the same transaction as the rows: a log cut short shows.
      CREATE TABLE head (
        id   INTEGER PRIMARY KEY CHECK (id = 1),
        seq  INTEGER NOT NULL,
        hash TEXT NOT NULL
      ) STRICT;
      INSERT INTO head (id, seq, hash) VALUES (1, 0, '${'0'.repeat(64)}');
    `,
  },
  {
    id: '2026-11-29T16:00-snapshots',
    sql: `
      -- The table as it stood after row seq (canonical JSON), with that row's hash: a long log is
      -- reopened from its latest snapshot. Derived data: verify checks each against the replay.
      CREATE TABLE snapshot (
        seq   INTEGER PRIMARY KEY,
        hash  TEXT NOT NULL,
        state TEXT NOT NULL
      ) STRICT;
    `,
  },
  {
    id: '2026-11-29T16:30-commands',
    sql: `
      -- Each applied command as it was sent, by id, written with its rows: a retry with the same id is
      -- recognised, and the same id sent with another command is refused rather than ignored.
      CREATE TABLE command (
        id      TEXT PRIMARY KEY,
        command TEXT NOT NULL,
        seq     INTEGER NOT NULL   -- the last row it wrote
      ) STRICT;
      INSERT INTO command (id, command, seq) SELECT command_id, '', max(seq) FROM log GROUP BY command_id;
    `,
  },
  {
    id: '2026-11-29T22:00-report-facts',
    sql: `
      -- What the floor's reports read (src/reports/facts.ts, D36), derived from the log and written in the
      -- same transaction as its rows; verify derives them again. Kept by kind (dealer changes; time
      -- collected; seats taken, topped up, left; stack corrections; the floor's other decisions and device
      -- incidents; the hands a field at a time) in blocks of 1,000 facts, each a JSON array (log rows the
      -- reports read, with their time and hand; or one field of the hands' summaries): a report reads the
      -- kinds and fields it needs, a few hundred rows for 100,000 hands, not 100,000.
      CREATE TABLE fact_block (
        kind  TEXT NOT NULL CHECK (kind IN ('dealer', 'time', 'seat', 'correction', 'incident', 'hand.seq', 'hand.hand', 'hand.at',
                                             'hand.shift', 'hand.players', 'hand.seated', 'hand.awarded', 'hand.rake', 'hand.voided')),
        block INTEGER NOT NULL,   -- the facts' number div 1,000
        facts TEXT NOT NULL,      -- JSON array of facts in log order
        PRIMARY KEY (kind, block)
      ) STRICT;
      -- Where the derivation stands after the last row (FactCursor): the next append goes on from it.
      -- No row: the facts are derived from the whole log when the table is next opened.
      CREATE TABLE fact_cursor (
        id     INTEGER PRIMARY KEY CHECK (id = 1),
        cursor TEXT NOT NULL
      ) STRICT;
    `,
  },
  {
    // The log packed (D81): rows without their hashes and command ids, which the commands keep, keyed by
    // their last row, with the chain's hash there; payloads packed; the snapshots with the facts' cursor.
    // Every hash of the chain stays what it was. The old tables are renamed first, copied, then dropped.
    id: '2026-12-02T12:00-packed-log',
    sql: PACKED_LOG_SQL,
    run: packLog,
  },
  {
    // The version of the report facts' derivation that made the facts kept (FACTS_DERIVATION, D93). Facts
    // made before it was kept are version 1's; an opening derives them again when they are older than its
    // Felt's (store.ts), in the same transaction.
    id: '2026-12-02T18:00-facts-derivation',
    sql: `
      CREATE TABLE fact_derivation (
        id      INTEGER PRIMARY KEY CHECK (id = 1),
        version INTEGER NOT NULL
      ) STRICT;
      INSERT INTO fact_derivation (id, version) VALUES (1, 1);
    `,
  },
  {
    // Players' names beside the log (D102): a table with no row yet names its players by reference from its
    // first row; one an earlier Felt began keeps writing names into its rows (D103).
    id: '2026-12-03T07:00-players',
    sql: PLAYERS_SQL,
    run: startReferences,
  },
  {
    // Where the record of an older table's names leaving its rows is (D113): empty until a manager moves them.
    id: '2026-12-04T09:00-names-moved',
    sql: NAMES_MOVED_SQL,
  },
];

/**
 * The migrations every table has had since Felt's first day (2026-11-29, the report facts its last):
 * `felt verify` requires them. A later one may be missing from a table an older Felt wrote (it gets it at
 * its next opening); one of these only from a table written that day before the facts and not opened since,
 * or from one whose tables were removed with their migration's row — which must not pass as an older table
 * (D50).
 */
export const BASELINE = 4;

/** The list of applied migrations, made before any. */
const SCHEMA_MIGRATIONS = 'CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at INTEGER NOT NULL) STRICT';

/** Applies the migrations the database lacks, in order; returns their ids. */
export function migrate(db: Database.Database, progress?: (words: string) => void): string[] {
  db.exec(SCHEMA_MIGRATIONS);
  const applied = appliedMigrations(db);
  const pending = MIGRATIONS.slice(applied);
  for (const migration of pending) {
    db.transaction(() => {
      db.exec(migration.sql);
      migration.run?.(db, progress);
      db.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)').run(migration.id, Date.now());
    })();
  }
  return pending.map((migration) => migration.id);
}

/**
 * How many migrations the database has, after checking they are the first ones this build knows, in
 * order: one it does not know (a newer Felt wrote it), or one out of order, is a `PersistenceError` that
 * names it. `felt verify` asks the same of a database it only reads.
 */
export function appliedMigrations(db: Database.Database): number {
  const applied = (db.prepare('SELECT id FROM schema_migrations ORDER BY rowid').all() as { id: string }[]).map((row) => row.id);
  applied.forEach((id, index) => {
    const known = MIGRATIONS.findIndex((migration) => migration.id === id);
    if (known < 0) throw new PersistenceError(`the database has migration '${id}', which this version of Felt does not know (was it written by a newer one?)`);
    // A migration missing before one applied: it was removed (with what it made, maybe), never skipped by Felt.
    const missing = MIGRATIONS[index];
    if (known > index && missing !== undefined && !applied.includes(missing.id)) {
      throw new PersistenceError(`the database lacks migration '${missing.id}', though it has '${id}', which comes after it: the migration was removed, with what it made`);
    }
    if (known !== index) throw new PersistenceError(`the database's migrations are out of order: '${id}' is applied as number ${index + 1}, but it is number ${known + 1}`);
  });
  return applied.length;
}

/**
 * The triggers that keep the log (and, since the packed log, its commands) append-only, as the first `count`
 * migrations leave them (`CREATE TRIGGER … END`, by name; all of them by default): `felt verify` compares the
 * database's with these, word for word.
 */
export function appendOnlyTriggers(count = MIGRATIONS.length): ReadonlyMap<string, string> {
  const triggers = new Map<string, string>();
  for (const object of schemaOf(count)) if (object.type === 'trigger' && object.sql !== null) triggers.set(object.name, object.sql);
  return triggers;
}

/** How many migrations a table has when its log is packed (D81): fewer, and its log is in the earlier layout. */
export const PACKED = MIGRATIONS.findIndex((migration) => migration.id.endsWith('packed-log')) + 1;

/** A table, index or trigger as a migration makes it: what `felt verify` finds in the database, word for word. */
export type SchemaObject = { readonly type: string; readonly name: string; readonly sql: string | null; readonly migration: string };

const schemas = new Map<number, readonly SchemaObject[]>();

/** Everything the first `count` migrations make, each with the migration that made it: the migrations run on an empty database in memory. */
export function schemaOf(count: number): readonly SchemaObject[] {
  const known = schemas.get(count);
  if (known !== undefined) return known;
  const db = new Database(':memory:');
  try {
    const objects = new Map<string, SchemaObject>();
    const read = (migration: string): void => {
      for (const { type, name, sql } of db.prepare('SELECT type, name, sql FROM sqlite_master').all() as { type: string; name: string; sql: string | null }[]) {
        const made = objects.get(name);
        objects.set(name, { type, name, sql, migration: made !== undefined && made.sql === sql ? made.migration : migration });
      }
    };
    db.exec(SCHEMA_MIGRATIONS);
    read('schema_migrations');
    for (const migration of MIGRATIONS.slice(0, count)) {
      db.exec(migration.sql);
      migration.run?.(db);
      read(migration.id);
    }
    // What a migration dropped is not there any more.
    const present = new Set((db.prepare('SELECT name FROM sqlite_master').all() as { name: string }[]).map((row) => row.name));
    for (const name of objects.keys()) if (!present.has(name)) objects.delete(name);
    const made = [...objects.values()];
    schemas.set(count, made);
    return made;
  } finally {
    db.close();
  }
}
