import { existsSync, rmSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { LogTables, GENESIS_HASH, linkHash, type LogRow } from './log-rows.js';
import { migrate } from './migrations.js';
import { PersistenceError } from './persistence-error.js';

/**
 * A table's log written back into a new database from rows kept elsewhere — the floor's copy, for a PC
 * that replaces a dead one (D99) — through the same path the packed log's migration copies rows with
 * (`migrate`, then `LogTables.appendRows` a command at a time: D81), so every hash is the one the table
 * wrote. Each row is checked as it comes: numbered on from the one before, linking to its hash, hashing to
 * its own. A command is the run of rows with one id (kept without its words, '': the floor keeps the rows,
 * not the commands as sent — as for rows from before commands were kept). Written in one transaction per
 * `add`; the report facts are derived when the store first opens it (D93). The caller writes into a file of
 * its own and renames it into place when it is whole: a cut leaves no half a table where the table's file
 * would be.
 */
export class RestoredLog {
  private readonly tables: LogTables;
  private head = { seq: 0, hash: GENESIS_HASH };
  /** The highest player number the rows name (D102): the restored table has no names for them. */
  private players = 0;
  /** The last command's rows, not written until the next command begins (or `finish`): a command may span two `add`s. */
  private run: { id: string; seqs: number[]; payloads: string[]; hash: string } | null = null;

  private constructor(private readonly db: Database.Database) {
    this.tables = new LogTables(db);
  }

  /** A new database at `path` (which must not exist): Felt's schema, an empty log. */
  static create(path: string): RestoredLog {
    const db = new Database(path, { fileMustExist: false });
    try {
      if ((db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table'").pluck().get() as number) > 0) throw new PersistenceError(`${path} is not a new database: a table's log is restored into a file of its own`);
      db.pragma('journal_mode = DELETE');
      db.pragma('synchronous = FULL');
      db.transaction(() => migrate(db))();
      return new RestoredLog(db);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  /** The next rows, in order; a row that does not follow the one before is a `PersistenceError` naming it. */
  add(rows: readonly LogRow[]): void {
    this.db.transaction(() => {
      for (const row of rows) {
        if (row.seq !== this.head.seq + 1) throw new PersistenceError(`row ${row.seq} does not follow row ${this.head.seq}: the rows are not the table's log in order`);
        if (row.prev_hash !== this.head.hash || linkHash(row.prev_hash, row.command_id, row.payload) !== row.hash) throw new PersistenceError(`row ${row.seq} does not link to the row before it or does not hash to its content: it is not the table's log`);
        if (this.run !== null && this.run.id !== row.command_id) this.flush();
        this.run ??= { id: row.command_id, seqs: [], payloads: [], hash: row.hash };
        this.run.seqs.push(row.seq);
        this.run.payloads.push(row.payload);
        for (const [, player] of row.payload.matchAll(/"player:([1-9]\d{0,15}):[0-9a-f]{64}"/g)) this.players = Math.max(this.players, Number(player));
        this.run.hash = row.hash;
        this.head = { seq: row.seq, hash: row.hash };
      }
    })();
  }

  /** The last command written, the head set to the last row; the database closed. Its head. */
  finish(): { seq: number; hash: string } {
    try {
      this.db.transaction(() => {
        this.flush();
        this.db.prepare('UPDATE head SET seq = ?, hash = ? WHERE id = 1').run(this.head.seq, this.head.hash);
        // The floor keeps no names (D102): the players these rows name are known here by number only (D104).
        this.db.prepare('UPDATE player_references SET unnamed_up_to = ? WHERE id = 1').run(this.players);
      })();
    } finally {
      this.db.close();
    }
    return { ...this.head };
  }

  /** Closed without finishing (the caller removes the file). */
  abandon(): void {
    if (this.db.open) this.db.close();
  }

  private flush(): void {
    const run = this.run;
    if (run === null) return;
    try {
      this.tables.appendRows(run.seqs, run.id, run.payloads, '', run.hash);
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new PersistenceError(`the rows of command '${run.id}' are not together (rows ${run.seqs[0] ?? 0}–${run.seqs.at(-1) ?? 0}): one command id used twice`, { cause: error });
      if (error instanceof RangeError) throw new PersistenceError(`a row of command '${run.id}' is no canonical JSON Felt writes`, { cause: error });
      throw error;
    }
    this.run = null;
  }
}

/**
 * A database written and closed, made one file again before it is renamed into place (a rename moves the
 * file, not its write-ahead log): every committed page checkpointed into it, the log and its index gone. A
 * write-ahead log that still holds a frame after that is a `PersistenceError`: the file is not renamed.
 */
export function settleForMove(path: string): void {
  const db = new Database(path, { fileMustExist: true });
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
  if (existsSync(`${path}-wal`) && statSync(`${path}-wal`).size > 0) throw new PersistenceError(`${path} still has a write-ahead log after its checkpoint: it is not moved`);
  rmSync(`${path}-wal`, { force: true });
  rmSync(`${path}-shm`, { force: true });
}
