import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runVerify } from '../../src/cli/commands/verify.js';
import { cliIo, scratch, simulatedTable } from './cli-io.js';

describe('felt verify', () => {
  it('counts one hand and one of anything in the singular', async () => {
    const io = cliIo();
    expect(await runVerify(['--db', await simulatedTable(1)], io)).toBe(0);
    expect(io.written.out).toMatch(/: \d+ operations in an unbroken chain, 1 hand replayed, every chip/);
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
});
