import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { FactWriter } from '../src/store/fact-tables.js';
import { LogTables } from '../src/store/log-rows.js';
import { Store } from '../src/store/store.js';

/** Where a bench keeps the table's database it builds once: `file` in a folder of the system's temporary one. */
export function cachedDatabasePath(folderName: string, file: string): string {
  const folder = join(tmpdir(), folderName);
  mkdirSync(folder, { recursive: true });
  return join(folder, file);
}

/** A table's database being built: the store's schema, its log and fact tables, and a snapshot's INSERT. */
export type TableDatabaseBuild = {
  readonly db: Database.Database;
  readonly log: LogTables;
  readonly facts: FactWriter;
  readonly snapshot: Database.Statement<[number, string, string, string]>;
  /** Sets the chain's head, closes the file and puts it in place; prints what was built and how long it took. */
  finish(seq: number, hash: string): void;
};

/**
 * Opens a table's database to build beside `path` (`path.building`, begun afresh), without waiting for
 * the disk (the bench's shortcut: a build cut short is never put in place, so never reused).
 */
export function buildTableDatabase(path: string): TableDatabaseBuild {
  const started = performance.now();
  const building = `${path}.building`;
  rmSync(building, { force: true });
  Store.open(building).close();
  const db = new Database(building);
  db.pragma('synchronous = OFF');
  return {
    db,
    log: new LogTables(db),
    facts: new FactWriter(db),
    snapshot: db.prepare<[number, string, string, string]>('INSERT INTO snapshot (seq, hash, state, facts) VALUES (?, ?, ?, ?)'),
    finish(seq, hash) {
      db.prepare('UPDATE head SET seq = ?, hash = ? WHERE id = 1').run(seq, hash);
      db.close();
      renameSync(building, path);
      console.log(`built ${path}: ${seq.toLocaleString('en')} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    },
  };
}
