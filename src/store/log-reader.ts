import Database from 'better-sqlite3';
import type { TableLogEntry } from '../engine/table-operations.js';

/**
 * A table's log read without taking it: opened read-only (a running table keeps its lock and goes on
 * writing), every row in order. For reports; `felt verify` checks the same rows first.
 */
export function* readLog(path: string): IterableIterator<TableLogEntry> {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    for (const row of db.prepare('SELECT payload FROM log ORDER BY seq').iterate() as IterableIterator<{ payload: string }>) {
      yield JSON.parse(row.payload) as TableLogEntry;
    }
  } finally {
    db.close();
  }
}
