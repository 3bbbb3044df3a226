import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { readMovedNames } from '../../store/names-moved.js';
import { FloorClient } from './floor-client.js';
import { readLinkFile } from './link-file.js';

/**
 * An older table's names' move (D113) and its floor. The move rewrites rows and pins the hash each rewritten
 * command's rows gave as first written; the floor checks every row it takes by its own hash, so it can take
 * the rows only as first written — the move's record and the rows after it link to those. So the move waits
 * until the floor holds every row the table has, and a table whose names moved before any floor held its rows
 * is not enrolled: a new table file is (its rows never held a name).
 */

/** Why an enrolled older table may not move its names now (the floor lacks rows as first written), or null. */
export async function floorLacksRows(dbPath: string, seq: number): Promise<string | null> {
  const link = readLinkFile(dbPath);
  if (link === null) return null;
  const client = new FloorClient(link.address, link.fingerprint, link.certificate, { tableId: link.table.id, secret: link.credential });
  try {
    const head = await client.head();
    return head.seq >= seq ? null : lacking(link.address, `holds this table's log up to row ${head.seq} of ${seq}`);
  } catch (error) {
    return lacking(link.address, `cannot be asked whether it holds this table's whole log (${(error as Error).message})`);
  } finally {
    client.close();
  }
}

function lacking(address: string, what: string): string {
  return `the floor ${address} ${what}: the names' move rewrites the older rows (D113), and the floor takes them only as first written — let the table ship every row first (its link up), then move the names`;
}

/** Why a table database may not be enrolled at a floor: its names were moved out of rows no floor holds as first written (D113); or null. */
export function movedBeforeEnrolment(dbPath: string): string | null {
  if (!existsSync(dbPath)) return null;
  let db: Database.Database;
  try {
    db = new Database(dbPath, { readonly: true, fileMustExist: true });
  } catch {
    return null;
  }
  try {
    const read = readMovedNames(db);
    if ('problem' in read || read.moved === null) return null;
    return `this table's players' names were moved out of its older rows (row ${read.moved.row}, D113) before any floor held those rows as first written, and a floor takes rows only by their own hashes: enrol a new table file instead (felt start --db NEW.db --floor CODE: its rows never held a name) and keep this one as the casino must`;
  } finally {
    db.close();
  }
}
