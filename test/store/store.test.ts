import { copyFileSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/store/canonical-json.js';
import { MIGRATIONS } from '../../src/store/migrations.js';
import { LogTables } from '../../src/store/log-rows.js';
import { packJson } from '../../src/store/log-format.js';
import { hashesOf, rechain, rowsOf, tamper, writePayload } from './tamper.js';
import { PersistenceError } from '../../src/store/persistence-error.js';
import { GENESIS_HASH, linkHash, Store } from '../../src/store/store.js';
import { verifyDatabase } from '../../src/store/verify.js';
import { simulateSession } from '../../src/sim/session.js';
import type { TableLogEntry } from '../../src/engine/table/table-operations.js';
import { factsOf, WHOLE_LOG } from '../../src/reports/facts.js';
import { floorReport, REPORT_FACTS, REPORT_KINDS } from '../../src/reports/floor-report.js';
import { replayTable } from '../../src/engine/table/table-reduce.js';
import { TableController } from '../../src/controller/table-controller.js';
import { CASINO_5_10 } from '../../src/engine/table/table-config.js';
import { BLOCK } from '../../src/store/fact-tables.js';

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


function verify(path: string, expectHead?: string): ReturnType<typeof verifyDatabase> {
  return verifyDatabase(path, expectHead);
}

describe('the operation log', () => {
  it('writes canonical JSON: the same operation, the same text, whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: 'x' }], u: undefined })).toBe('{"a":[{"c":"x","d":null}],"b":1}');
    expect(() => canonicalJson({ amount: Number.NaN })).toThrow('NaN cannot be stored');
  });

  it('chains every row to the one before, and verifies a session end to end', () => {
    const { path, head, rows } = sessionDatabase();
    expect(verify(path)).toEqual({ ok: true, rows, hands: 12, head, anchorRow: null });
    const db = new Database(path, { readonly: true });
    const [first, second] = new LogTables(db).rows();
    // The hash kept with each command is the chain's at its last row (D81); the rows' own are computed.
    const kept = new Map((db.prepare('SELECT last, hex(hash) AS hash FROM command').all() as { last: number; hash: string }[]).map((row) => [row.last, row.hash.toLowerCase()]));
    const hashes = hashesOf(db);
    db.close();
    expect(first?.prev_hash).toBe(GENESIS_HASH);
    expect(second?.prev_hash).toBe(first?.hash);
    expect(second?.hash).toBe(linkHash(second?.prev_hash ?? '', second?.command_id ?? '', second?.payload ?? ''));
    expect(kept.size).toBeGreaterThan(10);
    for (const [last, hash] of kept) expect(hashes.get(last)).toBe(hash);
    expect(hashes.get(rows)).toBe(head);
  });

  it('refuses to change or delete a row', () => {
    const { path } = sessionDatabase();
    const db = new Database(path);
    expect(() => db.exec("UPDATE log SET payload = '{}' WHERE seq = 3")).toThrow('the operation log is append-only: a row cannot be changed');
    expect(() => db.exec('DELETE FROM log WHERE seq = 3')).toThrow('the operation log is append-only: a row cannot be deleted');
    db.close();
  });

  it.each([
    [
      'an edited row',
      (db: Database.Database) => {
        const row = rowsOf(db).find((one) => one.payload.includes('time-collected') && one.payload.includes('"amount":15')) as { seq: number; payload: string };
        writePayload(db, row.seq, row.payload.replace('"amount":15', '"amount":16'));
      },
      /^rows? [\d–]+ (does|do) not give the hash kept (for it|at their end) \(command 'c\d+'\): a row, its order or the command's id was changed/,
    ],
    ['a deleted row', 'DELETE FROM log WHERE seq = 40', /row 40 is missing: the next row is 41/],
    ['two rows swapped', 'UPDATE log SET seq = -1 WHERE seq = 30; UPDATE log SET seq = 30 WHERE seq = 31; UPDATE log SET seq = 31 WHERE seq = -1;', /not give the hash kept/],
    ['the last rows cut off', 'DELETE FROM log WHERE seq > (SELECT max(seq) - 5 FROM log)', /rows were cut off its end/],
  ])('verify finds %s behind the triggers\' back', (_, change, problem) => {
    const { path } = sessionDatabase();
    tamper(path, change);
    const result = verify(path);
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.problem).toMatch(problem);
  });

  it('a log cut short with its head rewritten is caught against the head kept elsewhere, which may be any earlier head', () => {
    const { path, head } = sessionDatabase();
    const db = new Database(path, { readonly: true });
    const earlier = hashesOf(db).get(20) as string;
    db.close();
    expect(verify(path, earlier)).toMatchObject({ ok: true, anchorRow: 20 });
    // Cut where a command ends, its commands and head put right: a log that verifies on its own.
    tamper(
      path,
      `CREATE TEMP TABLE cut AS SELECT max(last) AS last FROM command WHERE last <= (SELECT max(seq) - 5 FROM log);
       DELETE FROM log WHERE seq > (SELECT last FROM cut); DELETE FROM command WHERE last > (SELECT last FROM cut);
       UPDATE head SET seq = (SELECT last FROM cut), hash = (SELECT lower(hex(hash)) FROM command WHERE last = (SELECT last FROM cut));`,
    );
    const result = verify(path, head);
    expect(result.ok === false && result.problem).toMatch(/is not in this chain/);
  });

  it('the command ids are in the chain too, and removed triggers show', () => {
    const changed = sessionDatabase();
    tamper(changed.path, "UPDATE command SET id = 'forged' WHERE last = (SELECT min(last) FROM command WHERE last >= 10)");
    expect(verify(changed.path)).toMatchObject({ ok: false, problem: expect.stringMatching(/not give the hash kept .*\(command 'forged'\)/) });
    const unguarded = sessionDatabase();
    const db = new Database(unguarded.path);
    db.exec('DROP TRIGGER log_no_update');
    db.close();
    expect(verify(unguarded.path)).toMatchObject({ ok: false, problem: "the log's append-only triggers were removed" });
  });

  it('a trigger changed to never fire, or one added beside them, shows', () => {
    const never = sessionDatabase();
    const db = new Database(never.path);
    db.exec("DROP TRIGGER log_no_delete; CREATE TRIGGER log_no_delete BEFORE DELETE ON log WHEN 0 BEGIN SELECT RAISE(ABORT, 'x'); END;");
    db.close();
    expect(verify(never.path)).toMatchObject({ ok: false, row: 0, problem: "the log's append-only trigger 'log_no_delete' was changed" });
    // A trigger that silently drops the rows the table writes: the screen would go on as if they were kept.
    const swallowing = sessionDatabase();
    tamper(swallowing.path, 'CREATE TRIGGER keep_nothing BEFORE INSERT ON log BEGIN SELECT RAISE(IGNORE); END;');
    expect(verify(swallowing.path)).toMatchObject({ ok: false, row: 0, problem: "a trigger that is not Felt's is on the database ('keep_nothing')" });
    const unknown = sessionDatabase();
    tamper(unknown.path, "INSERT INTO schema_migrations (id, applied_at) VALUES ('2099-01-01T00:00-hologram-cards', 0)");
    expect(verify(unknown.path)).toMatchObject({ ok: false, row: 0, problem: expect.stringContaining("which this version of Felt does not know") });
  });

  it('the commands kept beside the log are checked: removed, planted, moved or applied twice shows', () => {
    // A command row removed: a retry of that command would be applied again...
    const removed = join(mkdtempSync(join(tmpdir(), 'felt-commands-')), 'table.db');
    const clock = { now: () => Date.UTC(2026, 10, 29, 18) };
    const topUp = { id: 't3', command: { type: 'top-up', seat: 1, amount: 100 } } as const;
    const first = Store.open(removed);
    const table = TableController.open(first, clock, CASINO_5_10);
    table.submit({ id: 't1', command: { type: 'sit', seat: 1, name: 'Ada', buyIn: 500 } });
    table.submit({ id: 't2', command: { type: 'sit', seat: 4, name: 'Ben', buyIn: 500 } });
    table.submit(topUp);
    first.close();
    tamper(removed, "DELETE FROM command WHERE id = 't3'");
    const rows = (() => {
      const db = new Database(removed, { readonly: true });
      const count = db.prepare('SELECT max(seq) FROM log').pluck().get() as number;
      db.close();
      return count;
    })();
    expect(verify(removed)).toMatchObject({ ok: false, row: rows, problem: `row ${rows} belongs to no command kept beside the log (its command's row was removed, or rows were added outside Felt)` });
    // ...but the packed log keeps a command's rows under it (D81): without it, the table does not open, so
    // no retry of it is applied again.
    expect(() => Store.open(removed)).toThrow("the log's head does not match its last row");
    // A command row planted under an id the table would give later: that command would be swallowed.
    const planted = sessionDatabase();
    tamper(planted.path, `INSERT INTO command (last, id, command, hash) VALUES (${planted.rows + 1}, '#dealer-999', '', zeroblob(32))`);
    expect(verify(planted.path)).toMatchObject({ ok: false, row: planted.rows + 1, problem: `the log ends at row ${planted.rows}, but command '#dealer-999' is kept as ending at row ${planted.rows + 1}: rows were cut off its end (or the command was added)` });
    // A command's end moved into its rows: the rows after it now belong to the next command, and the chain shows it.
    const moved = sessionDatabase();
    tamper(moved.path, (db) => {
      const row = rowsOf(db).find((one) => one.seq < one.commandLast) as { commandLast: number; commandId: string };
      db.prepare('UPDATE command SET last = last - 1 WHERE last = ?').run(row.commandLast);
    });
    expect(verify(moved.path)).toMatchObject({ ok: false, problem: expect.stringMatching(/not give the hash kept/) });
  });

  it('a payload with a line break (the hash\'s parts cut anew), with its hash recomputed, shows', () => {
    const { path } = sessionDatabase();
    // The packed format cannot hold one: a control character is a code of the format's words (D81), so the
    // text a row unpacks to never holds a line break, and packing one is refused.
    expect(() => packJson('{\n"type":"fold"}')).toThrow('canonical JSON holds no control character');
    let last = { seq: 0, commandLast: 0 };
    tamper(path, (db) => {
      last = rowsOf(db).at(-1) as typeof last;
      const row = rowsOf(db).at(-1) as { seq: number; payload: string };
      db.prepare('UPDATE log SET payload = ? WHERE seq = ?').run(JSON.stringify(JSON.parse(row.payload), null, 1), row.seq);
      rechain(db);
    });
    expect(verify(path)).toMatchObject({ ok: false, row: last.seq, problem: expect.stringMatching(/^it does not replay|its payload is not JSON/) });
  });

  it('a row of no kind Felt writes, chained and kept like any other, does not replay', () => {
    const { path } = sessionDatabase();
    const store = Store.open(path);
    store.append('forged', [{ type: 'bonus', seat: 1, amount: 1000 } as unknown as TableLogEntry]);
    store.close();
    expect(verify(path)).toMatchObject({ ok: false, problem: "it does not replay: 'bonus' is not an operation" });
  });

  it('a log cut short with care — head, triggers and facts put right — still shows without a head kept elsewhere', () => {
    const { path, rows } = sessionDatabase();
    const opened = Store.open(path);
    opened.close();
    tamper(path, (db) => {
      const keep = (rowsOf(db).find((row) => row.seq >= rows - 30) as { commandLast: number }).commandLast;
      db.exec(`DELETE FROM log WHERE seq > ${keep}; DELETE FROM fact_block; DELETE FROM fact_cursor;`);
      db.prepare('UPDATE head SET seq = ?, hash = ? WHERE id = 1').run(keep, hashesOf(db).get(keep));
    });
    expect(verify(path)).toMatchObject({ ok: false });
    // The commands kept past the end show, and the table does not open on it to derive the facts again.
    expect(() => Store.open(path)).toThrow("the log's head does not match its last row");
    const result = verify(path);
    expect(result.ok === false && result.problem).toMatch(/the report facts are missing|is kept as ending at row/);
  });

  it('a pot paid to the wrong player is caught even with the chain recomputed', () => {
    const { path } = sessionDatabase();
    tamper(path, (db) => {
    const rows = rowsOf(db);
    // Pay the first contested award to another seat of the hand, and move the chips in the settlement to match.
    const award = rows.find((row) => row.payload.includes('"type":"award"') && row.payload.includes('"words":{'));
    expect(award).toBeDefined();
    const parsed = JSON.parse(award?.payload ?? '{}') as { seat: number; amount: number };
    const settled = rows.find((row) => row.seq > (award?.seq ?? 0) && row.payload.includes('"type":"hand-settled"'));
    const settlement = JSON.parse(settled?.payload ?? '{}') as { stacks: { seat: number; stack: number }[] };
    const other = settlement.stacks.find((stack) => stack.seat !== parsed.seat) as { seat: number; stack: number };
    const forgedAward = canonicalJson({ ...JSON.parse(award?.payload ?? '{}'), seat: other.seat });
    const forgedSettlement = canonicalJson({ ...settlement, stacks: settlement.stacks.map((stack) => (stack.seat === other.seat ? { ...stack, stack: stack.stack + parsed.amount } : stack.seat === parsed.seat ? { ...stack, stack: stack.stack - parsed.amount } : stack)) });
    writePayload(db, award?.seq ?? 0, forgedAward);
    writePayload(db, settled?.seq ?? 0, forgedSettlement);
    rechain(db);
    });
    const result = verify(path);
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.problem).toMatch(/the pots were awarded as .*, but the hands shown give/);
  });

  it('refuses to open a log whose head does not match its last row, and verify says so', () => {
    const { path } = sessionDatabase();
    tamper(path, 'UPDATE head SET seq = seq + 4');
    expect(() => Store.open(path)).toThrow("the log's head does not match its last row");
    expect(verify(path)).toMatchObject({ ok: false, problem: expect.stringContaining('rows are missing at the end, or the head was changed') });
  });

  it('verify refuses a file that is not a table, and never writes to it', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'felt-foreign-')), 'other.db');
    const db = new Database(path);
    db.exec('CREATE TABLE notes (text TEXT)');
    db.close();
    expect(verify(path)).toEqual({ ok: false, row: 0, problem: "this is not a Felt table's database (no 'log' table)" });
    const after = new Database(path, { readonly: true });
    expect((after.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'log'").get() as { n: number }).n).toBe(0);
    after.close();
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

  it('is written by one process at a time, under any name, and lets go of its lock when it cannot open', () => {
    const dir = mkdtempSync(join(tmpdir(), 'felt-lock-'));
    const path = join(dir, 'table.db');
    const first = Store.open(path);
    symlinkSync(path, join(dir, 'alias.db'));
    for (const name of [path, join(dir, 'alias.db')]) expect(() => Store.open(name)).toThrow(`the database ${name} is open in another Felt (${path}.lock is held)`);
    // Read while it is written.
    expect(verify(path)).toMatchObject({ ok: true });
    first.close();
    Store.open(join(dir, 'alias.db')).close();
    // A file that is not a database: refused, and refused again the same way (the lock was let go).
    const broken = join(dir, 'broken.db');
    writeFileSync(broken, 'not a database, but long enough to be read as one '.repeat(100));
    for (let attempt = 0; attempt < 2; attempt++) expect(() => Store.open(broken)).toThrow(/cannot use the database .*broken\.db: file is not a database/);
  });

  it('names a database it cannot open', () => {
    expect(() => Store.open('/nonexistent-dir/felt.db')).toThrow(/cannot open the database \/nonexistent-dir\/felt.db/);
  });

  it('keeps the report facts with their rows, derives them once for a log from before them, and verify checks them', () => {
    const { path } = sessionDatabase();
    const store = Store.open(path);
    const facts = store.reportFacts();
    // The facts name players as the log keeps them: by reference (D102).
    expect(facts).toEqual(factsOf(store.storedEntries()));
    expect(facts.hands.seq.length).toBeGreaterThanOrEqual(12);
    expect(facts.events.some((fact) => fact.entry.type === 'time-collected')).toBe(true);
    store.close();
    // Facts emptied out of a table that had them (derived data, without triggers): verify says so (a
    // log cut short with its facts removed would otherwise pass), and the table derives them again when it opens.
    const emptied = join(mkdtempSync(join(tmpdir(), 'felt-facts-')), 'table.db');
    copyFileSync(path, emptied);
    const wiped = new Database(emptied);
    wiped.exec('DELETE FROM fact_block; DELETE FROM fact_cursor;');
    wiped.close();
    expect(verify(emptied)).toMatchObject({ ok: false, problem: expect.stringMatching(/^the report facts are missing/) });
    const refilled = Store.open(emptied);
    expect(refilled.reportFacts()).toEqual(facts);
    refilled.close();
    expect(verify(emptied)).toMatchObject({ ok: true });
    // The facts' tables dropped with their migration's row: not taken for a table from before them (D50) —
    // a table written before them gets them when it is next opened, and then verifies.
    const dropped = join(mkdtempSync(join(tmpdir(), 'felt-facts-')), 'table.db');
    copyFileSync(path, dropped);
    const db = new Database(dropped);
    db.exec(`DROP TABLE fact_block; DROP TABLE fact_cursor; DELETE FROM schema_migrations WHERE id = '${MIGRATIONS.find((migration) => migration.id.endsWith('report-facts'))?.id ?? ''}';`);
    db.close();
    const lacks = "the database lacks migration '2026-11-29T22:00-report-facts', though it has '2026-12-02T12:00-packed-log', which comes after it: the migration was removed, with what it made";
    expect(verify(dropped)).toEqual({ ok: false, row: 0, problem: lacks });
    expect(() => Store.open(dropped)).toThrow(lacks);
    // Facts without their cursor: verify says so, and the table derives them afresh when it opens.
    const cut = join(mkdtempSync(join(tmpdir(), 'felt-facts-')), 'table.db');
    copyFileSync(path, cut);
    const raw = new Database(cut);
    raw.exec('DELETE FROM fact_cursor');
    raw.close();
    expect(verify(cut)).toMatchObject({ ok: false, problem: 'report facts are kept without their cursor (the cursor row was removed)' });
    const rederived = Store.open(cut);
    expect(rederived.reportFacts()).toEqual(facts);
    rederived.close();
    expect(verify(cut)).toMatchObject({ ok: true });
    // A pot made larger in the facts, a fact removed, an invented one: each shows.
    for (const [, sql, problem] of [
      ['a pot changed', "UPDATE fact_block SET facts = json_set(facts, '$[0]', json_extract(facts, '$[0]') + 100) WHERE kind = 'hand.awarded' AND block = 0", /the report facts kept for it are not what the log gives/],
      ['a fact removed', "UPDATE fact_block SET facts = json_remove(facts, '$[#-1]') WHERE kind = 'seat' AND block = 0", /the report facts kept for it are not what the log gives/],
      ['a fact invented', `UPDATE fact_block SET facts = json_insert(facts, '$[#]', json('[999999, 0, 1, {"type": "topped-up", "seat": 1, "amount": 500}]')) WHERE kind = 'seat' AND block = 0`, /the report facts do not end where the log does/],
    ] as const) {
      const copy = join(mkdtempSync(join(tmpdir(), 'felt-facts-')), 'table.db');
      copyFileSync(path, copy);
      const target = new Database(copy);
      target.exec(sql);
      target.close();
      expect(verify(copy)).toMatchObject({ ok: false, problem: expect.stringMatching(problem) });
    }
  });

  it('keeps more than a block of facts, across the blocks, as the log gives them', () => {
    const store = Store.open(':memory:');
    let commands = 0;
    simulateSession({ hands: BLOCK + 50, seed: 11, players: 3, structure: 'nl', button: 'dead', dealers: 2 }, (entries: readonly TableLogEntry[]) => {
      store.append(`c${++commands}`, entries);
    });
    const facts = store.reportFacts();
    expect(facts.hands.seq.length).toBeGreaterThan(BLOCK);
    // The facts name players as the log keeps them: by reference (D102).
    expect(facts).toEqual(factsOf(store.storedEntries()));
    // Each report reads only its kinds and fields of facts, and says the same as over all of them.
    const table = replayTable([...store.entries()]);
    for (const kind of REPORT_KINDS) {
      const cut = { from: facts.hands.at[100] ?? null, to: null };
      for (const window of [WHOLE_LOG, cut]) expect(floorReport(kind, store.reportFacts(REPORT_FACTS[kind]), { table, window })).toEqual(floorReport(kind, facts, { table, window }));
    }
    store.close();
  });
});
