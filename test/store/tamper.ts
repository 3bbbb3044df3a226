import Database from 'better-sqlite3';
import { packJson } from '../../src/store/log-format.js';
import { GENESIS_HASH, linkHash, LogTables } from '../../src/store/log-rows.js';
import { appendOnlyTriggers } from '../../src/store/migrations.js';

/**
 * Changes made to a table's packed log (D81) as someone with the file and a SQLite shell could make them:
 * the append-only triggers dropped and put back word for word, rows rewritten in the packed format, the
 * chain's hashes recomputed to cover the tracks.
 */

/** The append-only triggers exactly as Felt creates them. */
export const TRIGGERS = [...appendOnlyTriggers().values()].map((sql) => `${sql};`).join('\n');

/** Changes the log behind the triggers' back (SQL, or code given the open database), and puts them back. */
export function tamper(path: string, change: string | ((db: Database.Database) => void)): void {
  const db = new Database(path);
  db.exec([...appendOnlyTriggers().keys()].map((name) => `DROP TRIGGER ${name};`).join('\n'));
  if (typeof change === 'string') db.exec(change);
  else change(db);
  db.exec(TRIGGERS);
  db.close();
}

/** A row as the chain sees it, read without checking the hashes (a tampered log is read too). */
export type ChainRow = { seq: number; commandId: string; payload: string; commandLast: number };

/** Every row with its command's id and canonical JSON, as kept. */
export function rowsOf(db: Database.Database): ChainRow[] {
  const log = new LogTables(db);
  const commands = [...log.commandsAfter(0)];
  const rows: ChainRow[] = [];
  let index = 0;
  for (const payload of log.payloads()) {
    const seq = rows.length + 1;
    while ((commands[index]?.last ?? Number.MAX_SAFE_INTEGER) < seq) index++;
    const command = commands[index];
    rows.push({ seq, commandId: command?.id ?? '', payload, commandLast: command?.last ?? 0 });
  }
  return rows;
}

/** Writes a row's canonical JSON (packed as Felt packs it); the chain is left as it was. */
export function writePayload(db: Database.Database, seq: number, payload: string): void {
  db.prepare('UPDATE log SET payload = ? WHERE seq = ?').run(packJson(payload), seq);
}

/** The chain's hash at every row, from the rows as they now are. */
export function hashesOf(db: Database.Database): Map<number, string> {
  const hashes = new Map<number, string>();
  let previous = GENESIS_HASH;
  for (const row of rowsOf(db)) {
    previous = linkHash(previous, row.commandId, row.payload);
    hashes.set(row.seq, previous);
  }
  return hashes;
}

/** Every command's hash and the head recomputed from the rows as they now are: the tracks covered. */
export function rechain(db: Database.Database): string {
  const hashes = hashesOf(db);
  const update = db.prepare('UPDATE command SET hash = ? WHERE last = ?');
  for (const last of db.prepare('SELECT last FROM command').pluck().all() as number[]) {
    const hash = hashes.get(last);
    if (hash !== undefined) update.run(Buffer.from(hash, 'hex'), last);
  }
  const last = db.prepare('SELECT max(seq) FROM log').pluck().get() as number;
  const head = hashes.get(last) ?? GENESIS_HASH;
  db.prepare('UPDATE head SET seq = ?, hash = ? WHERE id = 1').run(last, head);
  return head;
}
