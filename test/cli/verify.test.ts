import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runVerify } from '../../src/cli/commands/verify.js';
import { rechain, rowsOf, tamper, writePayload } from '../store/tamper.js';
import { GENESIS_HASH, Store } from '../../src/store/store.js';
import { cliIo, scratch, simulatedTable } from './cli-io.js';

describe('felt verify', () => {
  it('counts one hand and one of anything in the singular', async () => {
    const io = cliIo();
    expect(await runVerify(['--db', await simulatedTable(1)], io)).toBe(0);
    expect(io.written.out).toMatch(/: \d+ operations in an unbroken chain, 1 hand replayed, every chip/);
  });

  it('--full adds SQLite\'s check of every page, and says so', async () => {
    const db = await simulatedTable(1);
    const io = cliIo();
    expect(await runVerify(['--db', db, '--full'], io)).toBe(0);
    expect(io.written.out).toMatch(/: \d+ operations in an unbroken chain, 1 hand replayed, every chip accounted for and every pot to the best hand shown; every page of the file sound; head [0-9a-f]{64}\n$/);
  });

  it('says plainly that a file does not exist, is a folder, or is not a table database: no "row 0"', async () => {
    const folder = scratch();
    const notADatabase = join(folder, 'notadb.txt');
    writeFileSync(notADatabase, 'hello, this is not a database at all\n');
    const empty = join(folder, 'empty.db');
    writeFileSync(empty, '');
    const cases: [string, string, string][] = [
      [join(folder, 'nosuch.db'), '', `felt verify: ${join(folder, 'nosuch.db')} does not exist\n`],
      [folder, '', `felt verify: ${folder} is a folder, not a Felt table database\n`],
      [notADatabase, '', `felt verify: ${notADatabase} is not a Felt table database (it is not an SQLite database file)\n`],
      // SQLite takes an empty file for an empty database: verify finds no log in it.
      [empty, `${empty}: this is not a Felt table's database (no 'log' table)\n`, ''],
    ];
    for (const [db, out, err] of cases) {
      const io = cliIo();
      expect(await runVerify(['--db', db], io)).toBe(1);
      expect(io.written).toEqual({ out, err });
    }
  });

  it('takes an expected head copied in upper case, as a printout may give it back', async () => {
    const db = await simulatedTable(1);
    const store = Store.open(db);
    const head = store.headOfChain().hash;
    store.close();
    const io = cliIo();
    expect(await runVerify(['--db', db, '--expect-head', head.toUpperCase()], io)).toBe(0);
    expect(io.written.out).toContain(`head ${head}`);
  });

  it('refuses the genesis as the expected head of a log that has rows: it is in every chain, so it proves nothing', async () => {
    const db = await simulatedTable(1);
    const io = cliIo();
    expect(await runVerify(['--db', db, '--expect-head', GENESIS_HASH], io)).toBe(1);
    expect(io.written).toEqual({ out: `${db}: the head kept elsewhere is the genesis (64 zeros, an empty log's head): it proves nothing about a log that has rows — give a head this log had once, as felt verify or felt sim printed it\n`, err: '' });
    // An empty log's head is the genesis: expected, it says that nothing was written since.
    const empty = join(scratch(), 'empty.db');
    Store.open(empty).close();
    const none = cliIo();
    expect(await runVerify(['--db', empty, '--expect-head', GENESIS_HASH], none)).toBe(0);
    expect(none.written.out).toBe(`${empty}: 0 operations in an unbroken chain, 0 hands replayed, every chip accounted for and every pot to the best hand shown; head ${GENESIS_HASH}; the expected head is the empty log's\n`);
  });

  it('says the log or the facts were changed when they disagree: a stack edited with the chain recomputed after it', async () => {
    const db = await simulatedTable(2);
    let seated = { seq: 0 };
    tamper(db, (raw) => {
      const row = rowsOf(raw).find((one) => one.payload.includes('"type":"seated"')) as { seq: number; payload: string };
      seated = row;
      writePayload(raw, row.seq, row.payload.replace(/"stack":(\d+)/, (_, stack: string) => `"stack":${Number(stack) + 1000}`));
      rechain(raw);
    });
    const io = cliIo();
    expect(await runVerify(['--db', db], io)).toBe(1);
    expect(io.written.out).toBe(`${db}: row ${seated.seq} is bad: the report facts kept for it are not what the log gives (the log or the facts were changed)\n`);
  });
});
