import type Database from 'better-sqlite3';
import { basename } from 'node:path';
import { PersistenceError } from './persistence-error.js';
import type { WalDamage } from './write-ahead-log.js';

/**
 * A damaged database file in words (D49): SQLite's errors for a file it cannot read as a database, its
 * integrity check, the write-ahead log's frames. Never a stack trace: a damaged file is a finding.
 */

/** What to do about a damaged table, said once for the opening, verify and the reports. */
export const WHAT_TO_DO = 'keep the database and its -wal file as they are (copy both aside), restore the table from a copy made before the damage, and call the floor';

/**
 * Whether SQLite failed because the database cannot be read as it should: damaged pages, or the disk failing
 * under it. (A file that is no database at all SQLite says so of as it opens it: not damage, a wrong file.)
 */
export function isDamage(error: unknown): error is Error & { code: string } {
  if (!(error instanceof Error) || error.name !== 'SqliteError') return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code.startsWith('SQLITE_IOERR'));
}

/** A damage error met while reading `what` of the database at `path`, as the store's refusal; `opening`: the table's. */
export function damagedFile(path: string, what: string, error: Error, opening = true): PersistenceError {
  const refused = opening ? ' — the table does not open on it' : '';
  return new PersistenceError(`the database ${path} is damaged: SQLite cannot read ${what} (${error.message})${refused}: run felt verify --full, which names the damaged pages, then ${WHAT_TO_DO}`, { cause: error });
}

/** A damaged write-ahead log in words: where, and what SQLite would drop. */
export function walDamageWords(path: string, damage: WalDamage): string {
  const wal = `${basename(path)}-wal`;
  const where = damage.frame === 0 ? `its write-ahead log ${wal} has a damaged header: SQLite would take none of its ${damage.frames} frames` : `its write-ahead log ${wal} is damaged at frame ${damage.frame} of ${damage.frames}: SQLite reads such a log only up to the frame before`;
  return `${where}, and the ${damage.transactions} transactions committed from there on would be lost without a word (committed commands: a log shorter than the table wrote)`;
}

/**
 * SQLite's integrity check of every page, in words, or null when it finds nothing. It names the damaged
 * page and the table it belongs to ("page 5000 of 'log'"), or the row an index lost. Damage that stops
 * the check itself (a page it cannot read at all) is found table by table and, for the page, by
 * SQLite's page statistics, which mark such a page 'corrupted'.
 */
export function integrityProblem(db: Database.Database): string | null {
  const trees = new Map((db.prepare("SELECT rootpage, name FROM sqlite_master WHERE rootpage > 0").raw().all() as [number, string][]).map(([page, name]) => [page, name]));
  let messages: string[];
  try {
    messages = (db.prepare('PRAGMA integrity_check').raw().all() as [string][]).flatMap(([text]) => text.split('\n')).filter((line) => line !== 'ok' && !line.startsWith('*** in database'));
  } catch (error) {
    if (!isDamage(error)) throw error;
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").raw().all() as [string][]).map(([name]) => name);
    return `SQLite's integrity check stops at damage it cannot read past (${error.message}): ${unreadable(db, tables)}`;
  }
  if (messages.length === 0) return null;
  const [first] = messages.map((message) => message.replace(/^Tree (\d+) page (\d+)/, (whole, tree: string, page: string) => `page ${page} of '${trees.get(Number(tree)) ?? `tree ${tree}`}'`));
  const more = messages.length - 1;
  return `SQLite's integrity check finds it damaged: ${first ?? ''}${more === 0 ? '' : ` (and ${more} more${messages.length >= 100 ? ' at least' : ''})`}`;
}

/** The tables SQLite cannot check, and the pages it cannot read, when damage stops its check. */
function unreadable(db: Database.Database, names: readonly string[]): string {
  const tables = names.filter((name) => {
    try {
      return (db.prepare(`PRAGMA integrity_check(${quoted(name)})`).raw().all() as [string][]).some(([text]) => text !== 'ok');
    } catch (error) {
      if (!isDamage(error)) throw error;
      return true;
    }
  });
  let pages: { name: string; pageno: number }[] = [];
  try {
    pages = db.prepare("SELECT name, pageno FROM dbstat WHERE pagetype = 'corrupted' LIMIT 10").all() as { name: string; pageno: number }[];
  } catch (error) {
    if (!isDamage(error)) throw error;
  }
  const pageWords = pages.length === 0 ? '' : `${pages.map((page) => `page ${page.pageno} of '${page.name}'`).join(', ')} cannot be read; `;
  return `${pageWords}damaged: ${tables.length === 0 ? 'the file as a whole' : tables.map((name) => `'${name}'`).join(', ')}`;
}

function quoted(name: string): string {
  return `'${name.replaceAll("'", "''")}'`;
}
