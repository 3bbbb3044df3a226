import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

/**
 * A table database an earlier Felt wrote, kept under test/fixtures/tables/ (the README there says how each
 * was made; `table-2026-12-02.db`, the default, still holds players' names in its chained rows: D103).
 */
export const OLDER_TABLE = 'table-2026-12-02.db';

/** A fresh copy of the fixture `name` at `path`, or in a folder of its own. */
export function copyOfOlderTable(name = OLDER_TABLE, path = join(mkdtempSync(join(tmpdir(), 'felt-older-')), 'table.db')): string {
  copyFileSync(fileURLToPath(new URL(`../fixtures/tables/${name}`, import.meta.url)), path);
  return path;
}

/** Every row's hash as the earlier Felt kept it (its unpacked log keeps each row's). */
export function keptHashes(path: string): string[] {
  const db = new Database(path, { readonly: true });
  const hashes = db.prepare('SELECT hash FROM log ORDER BY seq').pluck().all() as string[];
  db.close();
  return hashes;
}
