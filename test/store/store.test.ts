import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/store/canonical-json.js';
import { MIGRATIONS } from '../../src/store/migrations.js';
import { PersistenceError } from '../../src/store/persistence-error.js';
import { GENESIS_HASH, linkHash, Store } from '../../src/store/store.js';
import { verifyLog } from '../../src/store/verify.js';
import { simulateSession } from '../../src/sim/session.js';
import type { TableLogEntry } from '../../src/engine/table-operations.js';

/** A file database holding a short simulated session, written command by command as the controller would. */
function sessionDatabase(): { path: string; head: string; rows: number } {
  const path = join(mkdtempSync(join(tmpdir(), 'felt-store-')), 'table.db');
  const store = Store.open(path);
  let commands = 0;
  simulateSession({ hands: 12, seed: 3, players: 4, structure: 'nl', button: 'dead' }, (entries: readonly TableLogEntry[]) => {
    store.append(`c${++commands}`, entries);
  });
  const head = store.headOfChain();
  store.close();
  return { path, head: head.hash, rows: head.seq };
}

/** Changes the log behind the triggers' back, as someone with the file and a SQLite shell could. */
function tamper(path: string, sql: string): void {
  const db = new Database(path);
  db.exec('DROP TRIGGER log_no_update; DROP TRIGGER log_no_delete;');
  db.exec(sql);
  db.close();
}

function verify(path: string, expectHead?: string): ReturnType<typeof verifyLog> {
  const store = Store.open(path);
  try {
    return verifyLog(store, expectHead);
  } finally {
    store.close();
  }
}

describe('the operation log', () => {
  it('writes canonical JSON: the same operation, the same text, whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: 'x' }], u: undefined })).toBe('{"a":[{"c":"x","d":null}],"b":1}');
    expect(() => canonicalJson({ amount: Number.NaN })).toThrow('NaN cannot be stored');
  });

  it('chains every row to the one before, and verifies a session end to end', () => {
    const { path, head, rows } = sessionDatabase();
    expect(verify(path)).toEqual({ ok: true, rows, hands: 12, head });
    const db = new Database(path, { readonly: true });
    const [first, second] = db.prepare('SELECT prev_hash, hash, payload FROM log ORDER BY seq LIMIT 2').all() as { prev_hash: string; hash: string; payload: string }[];
    db.close();
    expect(first?.prev_hash).toBe(GENESIS_HASH);
    expect(second?.prev_hash).toBe(first?.hash);
    expect(second?.hash).toBe(linkHash(second?.prev_hash ?? '', second?.payload ?? ''));
  });

  it('refuses to change or delete a row', () => {
    const { path } = sessionDatabase();
    const db = new Database(path);
    expect(() => db.exec("UPDATE log SET payload = '{}' WHERE seq = 3")).toThrow('the operation log is append-only: a row cannot be changed');
    expect(() => db.exec('DELETE FROM log WHERE seq = 3')).toThrow('the operation log is append-only: a row cannot be deleted');
    db.close();
  });

  it.each([
    ['an edited row', "UPDATE log SET payload = replace(payload, '\"amount\":15', '\"amount\":16') WHERE seq = (SELECT min(seq) FROM log WHERE payload LIKE '%time-collected%')", /its content does not match its hash/],
    ['a deleted row', 'DELETE FROM log WHERE seq = 40', /row 40 is missing: the next row is 41/],
    ['two rows swapped', 'UPDATE log SET seq = -1 WHERE seq = 30; UPDATE log SET seq = 30 WHERE seq = 31; UPDATE log SET seq = 31 WHERE seq = -1;', /does not link to the row before it/],
    ['the last rows cut off', 'DELETE FROM log WHERE seq > (SELECT max(seq) - 5 FROM log)', /rows are missing at the end/],
  ])('verify finds %s behind the triggers\' back', (_, sql, problem) => {
    const { path } = sessionDatabase();
    tamper(path, sql);
    const result = verify(path);
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.problem).toMatch(problem);
  });

  it('a log cut short with its head rewritten is caught against the head kept elsewhere', () => {
    const { path, head } = sessionDatabase();
    tamper(path, 'DELETE FROM log WHERE seq > (SELECT max(seq) - 5 FROM log); UPDATE head SET seq = (SELECT max(seq) FROM log), hash = (SELECT hash FROM log ORDER BY seq DESC LIMIT 1);');
    expect(verify(path).ok).toBe(true);
    const result = verify(path, head);
    expect(result.ok === false && result.problem).toMatch(/is not the expected/);
  });

  it('refuses a database with a migration it does not know, or with migrations out of order', () => {
    const dir = mkdtempSync(join(tmpdir(), 'felt-migrations-'));
    const newer = join(dir, 'newer.db');
    Store.open(newer).close();
    const db = new Database(newer);
    db.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, 0)').run('2099-01-01T00:00-hologram-cards');
    db.close();
    expect(() => Store.open(newer)).toThrow(PersistenceError);
    expect(() => Store.open(newer)).toThrow("the database has migration '2099-01-01T00:00-hologram-cards', which this version of Felt does not know");

    const swapped = join(dir, 'swapped.db');
    const raw = new Database(swapped);
    raw.exec('CREATE TABLE schema_migrations (id TEXT PRIMARY KEY, applied_at INTEGER NOT NULL) STRICT');
    raw.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, 0)').run('2099-01-01T00:00-hologram-cards');
    raw.close();
    expect(() => Store.open(swapped)).toThrow(/does not know/);
    expect(MIGRATIONS.map((migration) => migration.id)).toEqual([...MIGRATIONS.map((migration) => migration.id)].sort());
  });

  it('names a database it cannot open', () => {
    expect(() => Store.open('/nonexistent-dir/felt.db')).toThrow(/cannot open the database \/nonexistent-dir\/felt.db/);
  });
});
