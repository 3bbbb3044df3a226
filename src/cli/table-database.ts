import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type { Verification } from '../store/verify.js';

/** The first 16 bytes of every SQLite database file. */
const SQLITE_HEADER = 'SQLite format 3\0';

/**
 * Why `path` cannot be a table's database at all — it does not exist, it is a folder, it is no SQLite
 * file — in words for the command line, or null when it may be one (verify says the rest). An empty file
 * may be one: SQLite takes it for an empty database, which verify finds has no log.
 */
export function notATableDatabase(path: string): string | null {
  let size: number;
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) return `${path} is a folder, not a Felt table database`;
    size = stat.size;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return `${path} does not exist`;
    throw error;
  }
  if (size === 0) return null;
  const header = Buffer.alloc(SQLITE_HEADER.length);
  const file = openSync(path, 'r');
  try {
    readSync(file, header, 0, header.length, 0);
  } finally {
    closeSync(file);
  }
  return header.toString('latin1') === SQLITE_HEADER ? null : `${path} is not a Felt table database (it is not an SQLite database file)`;
}

/** `PATH does not verify …`: the row a failed verification names, or — row 0 — what is wrong with the database as a whole. */
export function doesNotVerify(path: string, failed: Extract<Verification, { ok: false }>): string {
  return failed.row === 0 ? `${path} does not verify: ${failed.problem}` : `${path} does not verify (row ${failed.row}: ${failed.problem})`;
}
