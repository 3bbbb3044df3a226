import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/dispatch.js';
import { TableController } from '../../src/controller/table-controller.js';
import { CASINO_5_10 } from '../../src/engine/table/table-config.js';
import { simulateSession } from '../../src/sim/session.js';
import { appendOnlyTriggers, MIGRATIONS } from '../../src/store/migrations.js';
import { LogTables } from '../../src/store/log-rows.js';
import { packJson, storedId } from '../../src/store/log-format.js';
import { PersistenceError } from '../../src/store/persistence-error.js';
import { Store } from '../../src/store/store.js';
import { verifyDatabase } from '../../src/store/verify.js';
import { walDamage } from '../../src/store/write-ahead-log.js';
import { cliIo } from '../cli/cli-io.js';

/**
 * A damaged table file, for real (issue 23, D49, D50): a frame of the write-ahead log, a page of the
 * database, a command kept beside the log, the report facts' tables. Each is found, by the opening and by
 * `felt verify`, as a finding in words — never a silent loss, never a stack trace.
 */

const FRAME_HEADER = 24;

/** A new scratch folder. */
function folder(): string {
  return mkdtempSync(join(tmpdir(), 'felt-damage-'));
}

/**
 * A table played through the controller (its commands kept) for `hands` hands, in a database of its own,
 * still open: its store, its path, the clock's last time.
 */
function playedTable(hands: number, seed = 4): { store: Store; path: string; now: number } {
  const path = join(folder(), 'table.db');
  const store = Store.open(path);
  let controller: TableController | null = null;
  let now = 0;
  simulateSession({ hands, seed, players: 4, structure: 'nl', button: 'dead' }, undefined, {
    open: (config, at) => {
      now = at;
      controller = TableController.open(store, { now: () => now }, config);
    },
    command: (id, command) => {
      if ('at' in command) now = command.at;
      controller?.submit({ id, command });
    },
  });
  return { store, path, now };
}

/**
 * The files of a running table as a crash leaves them: the database and its write-ahead log, copied while
 * the table has them open (every transaction committed, none copied into the database yet). The table is
 * closed after; the copy is returned with the rows it holds and its log's page size.
 */
function crashedTable(hands: number): { path: string; rows: number; pageSize: number } {
  const { store, path } = playedTable(hands);
  const copy = join(folder(), 'table.db');
  copyFileSync(path, copy);
  copyFileSync(`${path}-wal`, `${copy}-wal`);
  const rows = store.headOfChain().seq;
  store.close();
  return { path: copy, rows, pageSize: readFileSync(`${copy}-wal`).readUInt32BE(8) };
}

/** The write-ahead log's frames: their numbers (1 for the first) that end a transaction. */
function commitFrames(path: string, pageSize: number): number[] {
  const wal = readFileSync(`${path}-wal`);
  const frames = Math.floor((wal.length - 32) / (FRAME_HEADER + pageSize));
  const commits: number[] = [];
  for (let frame = 1; frame <= frames; frame++) if (wal.readUInt32BE(32 + (frame - 1) * (FRAME_HEADER + pageSize) + 4) !== 0) commits.push(frame);
  return commits;
}

/** Flips a byte of frame `frame`'s page (`at` bytes into it), as a bad sector or a stray write would. */
function flipFrameByte(path: string, pageSize: number, frame: number, at = 1000): void {
  const wal = readFileSync(`${path}-wal`);
  const offset = 32 + (frame - 1) * (FRAME_HEADER + pageSize) + FRAME_HEADER + at;
  wal[offset] = (wal[offset] as number) ^ 0xff;
  writeFileSync(`${path}-wal`, wal);
}

/** Writes `bytes` over the database's page `page` (1 for the first), `at` bytes into it. */
function overwritePage(path: string, page: number, at: number, bytes: Buffer): void {
  const file = readFileSync(path);
  const pageSize = file.readUInt16BE(16);
  bytes.copy(file, (page - 1) * pageSize + at);
  writeFileSync(path, file);
}

/** The pages of a table (or index) in the database, in key order, as SQLite's page statistics give them. */
function pagesOf(path: string, name: string): { pageno: number; pagetype: string; ncell: number }[] {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare('SELECT pageno, pagetype, ncell FROM dbstat WHERE name = ? ORDER BY path').all(name) as { pageno: number; pagetype: string; ncell: number }[];
  } finally {
    db.close();
  }
}

/** The rows SQLite itself reads from a database, read-only, and the head it finds: what Felt saw before the log was checked. */
function rowsSqliteReads(path: string): { rows: number; head: number } {
  const copy = join(folder(), 'table.db');
  copyFileSync(path, copy);
  copyFileSync(`${path}-wal`, `${copy}-wal`);
  const db = new Database(copy, { readonly: true });
  try {
    return {
      rows: (db.prepare('SELECT count(*) AS n FROM log').get() as { n: number }).n,
      head: (db.prepare('SELECT seq FROM head').get() as { seq: number }).seq,
    };
  } finally {
    db.close();
  }
}

/** A file database written through the store, closed: every page in the database file itself. */
function closedTable(hands: number): { path: string; rows: number } {
  const { store, path } = playedTable(hands);
  const rows = store.headOfChain().seq;
  store.close();
  return { path, rows };
}

/** `felt ARGS…` in this process: its exit code and what it wrote (a stack trace would be a rejection here). */
async function felt(args: string[]): Promise<{ status: number; out: string; err: string }> {
  const io = cliIo();
  const status = await main(args, io);
  return { status, ...io.written };
}

describe('a damaged write-ahead log', () => {
  it('one frame gone bad: SQLite drops every committed transaction after it without a word; the opening and verify refuse and say so', async () => {
    const { path, rows, pageSize } = crashedTable(3);
    const commits = commitFrames(path, pageSize);
    expect(commits.length).toBeGreaterThan(40);
    // A frame a third of the way in, inside a transaction with many committed after it.
    const bad = (commits[Math.floor(commits.length / 3)] as number) + 1;
    flipFrameByte(path, pageSize, bad);
    const walBefore = readFileSync(`${path}-wal`);
    const frames = Math.floor((walBefore.length - 32) / (FRAME_HEADER + pageSize));
    const lost = commits.filter((frame) => frame >= bad).length;

    // What Felt relied on: SQLite reads the log up to the bad frame and takes that as all there is — rows
    // gone, head and last row agreeing, no error. (The store opened it, and verify passed it.)
    const read = rowsSqliteReads(path);
    expect(read.rows).toBeLessThan(rows - 20);
    expect(read.head).toBe(read.rows);

    expect(walDamage(path)).toEqual({ frame: bad, frames, transactions: lost });
    const words = `its write-ahead log table.db-wal is damaged at frame ${bad} of ${frames}: SQLite reads such a log only up to the frame before, and the ${lost} transactions committed from there on would be lost without a word (committed commands: a log shorter than the table wrote)`;
    expect(() => Store.open(path)).toThrow(new PersistenceError(`the database ${path} is damaged: ${words}. The table does not open on it: run felt verify, keep the database and its -wal file as they are (copy both aside), restore the table from a copy made before the damage, and call the floor`));
    expect(verifyDatabase(path)).toEqual({
      ok: false,
      row: 0,
      problem: `${words} — the log SQLite reads ends at row ${read.rows}, and is not all the table wrote; keep the database and its -wal file as they are (copy both aside), restore the table from a copy made before the damage, and call the floor`,
    });
    const cli = await felt(['verify', '--db', path, '--full']);
    expect(cli).toMatchObject({ status: 1, err: '' });
    expect(cli.out).toContain(`is damaged at frame ${bad}`);
    for (const args of [['report', '--db', path, '--kind', 'session'], ['export', '--db', path, '--format', 'phh', '--out', join(folder(), 'hands')]]) {
      const refused = await felt(args);
      expect(refused).toMatchObject({ status: 1, out: '' });
      expect(refused.err).toContain(`${path} does not verify: ${words}`);
    }
    // Neither the refusals nor the readings changed the log: it can still be taken apart by someone who knows how.
    expect(readFileSync(`${path}-wal`).equals(walBefore)).toBe(true);
  });

  it("a damaged header would have SQLite take none of the log's frames: refused the same way", () => {
    const { path } = crashedTable(2);
    const wal = readFileSync(`${path}-wal`);
    wal[17] = (wal[17] as number) ^ 0x01;
    writeFileSync(`${path}-wal`, wal);
    expect(walDamage(path)).toMatchObject({ frame: 0 });
    expect(() => Store.open(path)).toThrow(/its write-ahead log table\.db-wal has a damaged header: SQLite would take none of its \d+ frames, and the \d+ transactions committed from there on would be lost/);
    expect(verifyDatabase(path)).toMatchObject({ ok: false, problem: expect.stringMatching(/has a damaged header/) });
  });

  it('damage in the last transaction only is what a power cut in the middle of a commit leaves: the table opens without it, as SQLite does', () => {
    const { path, rows, pageSize } = crashedTable(2);
    const commits = commitFrames(path, pageSize);
    // The last transaction's first frame.
    flipFrameByte(path, pageSize, (commits.at(-2) as number) + 1);
    expect(walDamage(path)).toBeNull();
    const store = Store.open(path);
    expect(store.headOfChain().seq).toBeLessThan(rows);
    store.close();
    expect(verifyDatabase(path).ok).toBe(true);
  });

  it('a log a running table writes while it is read is not taken for a damaged one', { timeout: 60_000 }, async () => {
    // Another process commits a transaction after another, the log beginning anew after each checkpoint,
    // while this one reads it over and over (felt verify beside a running table).
    const path = join(folder(), 'busy.db');
    const writer = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import Database from 'better-sqlite3';
         const db = new Database(${JSON.stringify(path)});
         db.pragma('journal_mode = WAL');
         db.exec('CREATE TABLE t (x BLOB)');
         const insert = db.prepare('INSERT INTO t VALUES (randomblob(3000))');
         const until = Date.now() + 4000;
         while (Date.now() < until) insert.run();
         db.close();`,
      ],
      { cwd: process.cwd(), stdio: 'inherit' },
    );
    const finished = new Promise<number | null>((resolve) => writer.on('exit', resolve));
    let readings = 0;
    const found: unknown[] = [];
    let done = false;
    void finished.then(() => (done = true));
    while (!done) {
      if (existsSync(`${path}-wal`)) {
        const damage = walDamage(path);
        if (damage !== null) found.push(damage);
        readings++;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await finished).toBe(0);
    expect(readings).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });

  it("a log whose checksums read big-endian (written on such a machine) is read as SQLite reads it", () => {
    const { path, rows, pageSize } = crashedTable(2);
    // The log rewritten with big-endian checksums, as SQLite on a big-endian machine writes it: SQLite
    // takes every frame of it, so the sums below are SQLite's.
    const wal = readFileSync(`${path}-wal`);
    wal.writeUInt32BE(0x377f0683, 0);
    const sums = [0, 0];
    const add = (start: number, length: number): void => {
      for (let offset = start; offset < start + length; offset += 8) {
        sums[0] = ((sums[0] as number) + wal.readUInt32BE(offset) + (sums[1] as number)) >>> 0;
        sums[1] = ((sums[1] as number) + wal.readUInt32BE(offset + 4) + (sums[0] as number)) >>> 0;
      }
    };
    add(0, 24);
    wal.writeUInt32BE(sums[0] as number, 24);
    wal.writeUInt32BE(sums[1] as number, 28);
    const frames = Math.floor((wal.length - 32) / (FRAME_HEADER + pageSize));
    for (let frame = 0; frame < frames; frame++) {
      const at = 32 + frame * (FRAME_HEADER + pageSize);
      add(at, 8);
      add(at + FRAME_HEADER, pageSize);
      wal.writeUInt32BE(sums[0] as number, at + 16);
      wal.writeUInt32BE(sums[1] as number, at + 20);
    }
    writeFileSync(`${path}-wal`, wal);
    expect(rowsSqliteReads(path).rows).toBe(rows);
    expect(walDamage(path)).toBeNull();
    flipFrameByte(path, pageSize, (commitFrames(path, pageSize)[5] as number) + 1);
    expect(walDamage(path)).toMatchObject({ frame: (commitFrames(path, pageSize)[5] as number) + 1 });
  });

  it('a frame cut off at the end (a write torn by a crash), or no log at all: nothing to say', () => {
    const { path } = crashedTable(1);
    const wal = readFileSync(`${path}-wal`);
    writeFileSync(`${path}-wal`, wal.subarray(0, wal.length - 1000));
    expect(walDamage(path)).toBeNull();
    expect(walDamage(join(folder(), 'nothing.db'))).toBeNull();
    const store = Store.open(path);
    store.close();
    expect(verifyDatabase(path).ok).toBe(true);
  });
});

describe('a damaged database page', () => {
  it('a page of the log SQLite cannot read: verify names the row where reading stops, --full the page, with exit code 1 and no stack trace; report and export refuse in words', async () => {
    const { path } = closedTable(40);
    const leaves = pagesOf(path, 'log').filter((page) => page.pagetype === 'leaf');
    const victim = leaves[Math.floor(leaves.length / 2)] as { pageno: number };
    const before = leaves.slice(0, leaves.indexOf(victim as (typeof leaves)[number])).reduce((sum, page) => sum + page.ncell, 0);
    // The page's kind (its first byte) gone bad: SQLite cannot read the page at all.
    overwritePage(path, victim.pageno, 0, Buffer.from([0x42]));

    const plain = await felt(['verify', '--db', path]);
    expect(plain).toEqual({
      status: 1,
      err: '',
      out: `${path}: row ${before + 1} is bad: the database file is damaged: SQLite cannot read the log past row ${before} (database disk image is malformed) — felt verify --full names the damaged pages; keep the database and its -wal file as they are (copy both aside), restore the table from a copy made before the damage, and call the floor\n`,
    });
    const full = await felt(['verify', '--db', path, '--full']);
    expect(full.status).toBe(1);
    expect(full.out).toContain(`row ${before + 1} is bad: the database file is damaged: SQLite cannot read the log past row ${before}`);
    expect(full.out).toMatch(new RegExp(`SQLite's integrity check (stops at damage it cannot read past \\(database disk image is malformed\\): page ${victim.pageno} of 'log' cannot be read; damaged: 'log'|finds it damaged: page ${victim.pageno} of 'log')`));

    const report = await felt(['report', '--db', path, '--kind', 'session']);
    expect(report).toMatchObject({ status: 1, out: '' });
    expect(report.err).toMatch(new RegExp(`^felt report: ${path} does not verify \\(row ${before + 1}: the database file is damaged: SQLite cannot read the log past row ${before} .*; no report over a log that is not the truth — see felt verify\\n$`));
    const exported = await felt(['export', '--db', path, '--format', 'phh', '--out', join(folder(), 'hands')]);
    expect(exported).toMatchObject({ status: 1, out: '' });
    expect(exported.err).toMatch(new RegExp(`^felt export: ${path} does not verify \\(row ${before + 1}: the database file is damaged: .*; nothing written\\n$`));
  });

  it("a page whose cells point out of it: SQLite's integrity check names it, verify --full says which table's page", async () => {
    const { path } = closedTable(40);
    const leaves = pagesOf(path, 'log').filter((page) => page.pagetype === 'leaf');
    const victim = leaves[Math.floor(leaves.length / 3)] as { pageno: number };
    // The first cell's place on the page (bytes 8–9 of a leaf's header start its cell pointers) past its end.
    overwritePage(path, victim.pageno, 8, Buffer.from([0xff, 0xff]));
    const full = await felt(['verify', '--db', path, '--full']);
    expect(full.status).toBe(1);
    // SQLite words such damage one of two ways from run to run (its check reports the cell, or stops at
    // the page): the page is named either way.
    expect(full.out).toMatch(new RegExp(`SQLite's integrity check (finds it damaged: page ${victim.pageno} of 'log' cell 0: Offset 65535 out of range|stops at damage it cannot read past \\(database disk image is malformed\\): page ${victim.pageno} of 'log' cannot be read)`));
  });

  it('the opening refuses a damaged page among the tables it checks, and among the rows it replays, saying what to do', () => {
    const facts = closedTable(10);
    const [block] = pagesOf(facts.path, 'fact_block').filter((page) => page.pagetype === 'leaf');
    overwritePage(facts.path, (block as { pageno: number }).pageno, 8, Buffer.from([0xff, 0xff]));
    expect(() => Store.open(facts.path)).toThrow(new RegExp(`^the database ${facts.path} is damaged: SQLite's quick check of its table 'fact_block' says: (database disk image is malformed|Tree \\d+ page ${(block as { pageno: number }).pageno} cell 0: Offset 65535 out of range).* — the table does not open on it: run felt verify --full, then keep the database`));

    const recent = closedTable(10);
    const last = pagesOf(recent.path, 'log').filter((page) => page.pagetype === 'leaf').at(-3) as { pageno: number };
    overwritePage(recent.path, last.pageno, 0, Buffer.from([0x42]));
    const store = Store.open(recent.path);
    try {
      expect(() => TableController.open(store, { now: () => Date.UTC(2026, 11, 2) }, CASINO_5_10)).toThrow(
        new RegExp(`^the database ${recent.path} is damaged: SQLite cannot read the rows the opening replays \\(database disk image is malformed\\) — the table does not open on it: run felt verify --full`),
      );
    } finally {
      store.close();
    }
  });
});

describe('what verify compares beside the log', () => {
  it('a command kept beside the log, edited: a seat, an amount, the kind of command, its words emptied — each shows at the row its command ends', () => {
    const { path } = closedTable(3);
    const db = new Database(path, { readonly: true });
    const commands = [...new LogTables(db).commandsAfter(0)].map((kept) => ({ id: kept.id as string, command: kept.text as string, seq: kept.last }));
    const sit = commands.find((kept) => kept.command.includes('"type":"sit"')) as { id: string; command: string; seq: number };
    const fold = commands.find((kept) => kept.command.includes('"type":"fold"')) as { id: string; command: string; seq: number };
    db.close();
    const edits: [string, string, RegExp][] = [
      [sit.id, sit.command.replace(/"buyIn":(\d+)/, (_, amount: string) => `"buyIn":${Number(amount) + 100}`), /^the command kept as '.*' names buyIn \d+, but its rows record \d+: the kept command was changed, or its rows were$/],
      [sit.id, sit.command.replace(/"seat":(\d+)/, (_, seat: string) => `"seat":${Number(seat) + 1}`), /names seat \d+, but its rows record \d+/],
      [fold.id, fold.command.replace('"fold"', '"call"'), /^the command kept as '.*' is a 'call', which its rows do not record \(they hold fold/],
      [fold.id, 'fold', /^the command kept as '.*' is not JSON/],
      [fold.id, '', /^command '.*' is kept without its words, where every command before it kept its own \(its words were removed\)$/],
    ];
    for (const [id, text, problem] of edits) {
      const copy = join(folder(), 'table.db');
      copyFileSync(path, copy);
      const raw = new Database(copy);
      raw.exec('DROP TRIGGER command_no_update');
      raw.prepare('UPDATE command SET command = ? WHERE id = ?').run(packJson(text), storedId(id));
      raw.close();
      const row = id === sit.id ? sit.seq : fold.seq;
      expect(verifyDatabase(copy)).toEqual({ ok: false, row: 0, problem: "the log's append-only triggers were removed" });
      // Put back word for word, as someone who covers their tracks would: the command's check shows it.
      const back = new Database(copy);
      back.exec(`${appendOnlyTriggers().get('command_no_update') ?? ''};`);
      back.close();
      expect(verifyDatabase(copy)).toEqual({ ok: false, row, problem: expect.stringMatching(problem) });
    }
    expect(verifyDatabase(path).ok).toBe(true);
  });

  it("the report facts' tables dropped, with their migration's row or without it: not taken for a table from before them", () => {
    const { path } = closedTable(3);
    const facts = MIGRATIONS.find((migration) => migration.id.endsWith('report-facts'))?.id ?? '';
    const cases: [string, string][] = [
      ['DROP TABLE fact_block', `the table 'fact_block' that migration '${facts}' made was removed`],
      ['DROP TABLE fact_cursor; DROP TABLE fact_block', `the table 'fact_block' that migration '${facts}' made was removed`],
      [`DROP TABLE fact_cursor; DROP TABLE fact_block; DELETE FROM schema_migrations WHERE id = '${facts}'`, `the database lacks migration '${facts}', though it has '2026-12-02T12:00-packed-log', which comes after it: the migration was removed, with what it made`],
      ['DROP TRIGGER command_no_delete', "the log's append-only triggers were removed"],
    ];
    for (const [sql, problem] of cases) {
      const copy = join(folder(), 'table.db');
      copyFileSync(path, copy);
      const raw = new Database(copy);
      raw.exec(sql);
      raw.close();
      expect(verifyDatabase(copy)).toEqual({ ok: false, row: 0, problem });
    }
    // A table changed in place (its CHECK taken off, by rewriting the schema): not as its migration made it.
    const copy = join(folder(), 'table.db');
    copyFileSync(path, copy);
    const raw = new Database(copy);
    raw.unsafeMode(true);
    raw.pragma('writable_schema = ON');
    raw.prepare("UPDATE sqlite_master SET sql = replace(sql, 'CHECK (id = 1)', '') WHERE name = 'head'").run();
    raw.pragma('writable_schema = OFF');
    raw.close();
    expect(verifyDatabase(copy)).toEqual({ ok: false, row: 0, problem: "the table 'head' is not as migration '2026-11-29T15:00-operation-log' made it (it was changed)" });
  });
});
