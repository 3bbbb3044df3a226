import type Database from 'better-sqlite3';
import { PersistenceError } from './persistence-error.js';

/**
 * The schema, as timestamped migrations applied in order, each in its own transaction. A database that
 * has a migration this build does not know (a newer Felt wrote it), or has them in another order, is
 * refused with the reason, never opened half-understood.
 */
export const MIGRATIONS: readonly { readonly id: string; readonly sql: string }[] = [
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
];

export function migrate(db: Database.Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at INTEGER NOT NULL) STRICT');
  const applied = (db.prepare('SELECT id FROM schema_migrations ORDER BY rowid').all() as { id: string }[]).map((row) => row.id);
  applied.forEach((id, index) => {
    const known = MIGRATIONS.findIndex((migration) => migration.id === id);
    if (known < 0) throw new PersistenceError(`the database has migration '${id}', which this version of Felt does not know (was it written by a newer one?)`);
    if (known !== index) throw new PersistenceError(`the database's migrations are out of order: '${id}' is applied as number ${index + 1}, but it is number ${known + 1}`);
  });
  for (const migration of MIGRATIONS.slice(applied.length)) {
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)').run(migration.id, Date.now());
    })();
  }
}
