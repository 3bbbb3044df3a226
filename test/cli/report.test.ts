import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runReport } from '../../src/cli/commands/report.js';
import { cliIo, scratch, simulatedTable } from './cli-io.js';

describe('felt report', () => {
  it('says plainly that a database does not exist or is not a table database, as felt verify does: no "row 0"', async () => {
    const folder = scratch();
    const missing = join(folder, 'nosuch.db');
    const notADatabase = join(folder, 'notadb.txt');
    writeFileSync(notADatabase, 'hello, this is not a database at all\n');
    const empty = join(folder, 'empty.db');
    writeFileSync(empty, '');
    const cases: [string, string][] = [
      [missing, `felt report: ${missing} does not exist\n`],
      [notADatabase, `felt report: ${notADatabase} is not a Felt table database (it is not an SQLite database file)\n`],
      [empty, `felt report: ${empty} does not verify: this is not a Felt table's database (no 'log' table); no report over a log that is not the truth — see felt verify\n`],
    ];
    for (const [db, err] of cases) {
      const io = cliIo();
      expect(await runReport(['--db', db, '--kind', 'session'], io)).toBe(1);
      expect(io.written).toEqual({ out: '', err });
    }
  });

  it('names phh only as the format of --kind hand', async () => {
    const db = await simulatedTable(1);
    await expect(runReport(['--db', db, '--kind', 'session', '--format', 'xml'], cliIo())).rejects.toThrow(/^--format is json, csv or pdf \(json or phh for --kind hand\), got 'xml'$/);
    await expect(runReport(['--db', db, '--kind', 'session', '--format', 'phh'], cliIo())).rejects.toThrow(/^--format phh is one hand's history, for --kind hand: a session report is --format json, csv or pdf$/);
  });

  it('says which of --hand and --kind hand is missing', async () => {
    const db = await simulatedTable(1);
    await expect(runReport(['--db', db, '--kind', 'session', '--hand', '3'], cliIo())).rejects.toThrow(/^--hand and --hand-number pick one hand for --kind hand: a session report covers every hand \(limit it with --from\/--to\), so leave them out$/);
    await expect(runReport(['--db', db, '--kind', 'hand'], cliIo())).rejects.toThrow(/^--kind hand needs --hand ID \(1 for the first dealt\) or --hand-number N \(the number the reports give\): the hand to show$/);
    await expect(runReport(['--db', db, '--kind', 'hand', '--hand', '1', '--hand-number', '1'], cliIo())).rejects.toThrow(/^give one hand: --hand ID or --hand-number N$/);
  });

  it('finds a hand by the number the reports give: a number a misdeal dealt again is the hand played, the void named by its id', async () => {
    // Seed 10: hand 3 is voided (a misdeal) and dealt again, so from there ids run one ahead of numbers.
    const db = await simulatedTable(5, 10);
    const io = cliIo();
    expect(await runReport(['--db', db, '--kind', 'hand', '--hand-number', '3'], io)).toBe(0);
    expect(JSON.parse(io.written.out)).toMatchObject({ id: 4, handNumber: 3, summary: { voided: null, complete: true } });
    expect(io.written.err).toBe('felt report: hand number 3 was dealt 2 times (a misdeal): this is hand 4; the others are --hand 3\n');
    const void3 = cliIo();
    expect(await runReport(['--db', db, '--kind', 'hand', '--hand', '3'], void3)).toBe(0);
    expect(JSON.parse(void3.written.out)).toMatchObject({ id: 3, handNumber: 3, summary: { complete: false } });
    expect((JSON.parse(void3.written.out) as { summary: { voided: unknown } }).summary.voided).not.toBeNull();
    const fourth = cliIo();
    expect(await runReport(['--db', db, '--kind', 'hand', '--hand-number', '4', '--format', 'phh'], fourth)).toBe(0);
    expect(fourth.written.out).toMatch(/^_hand_number = 4$/m);
    expect(fourth.written.out).toMatch(/^_hand_id = 5$/m);
    const none = cliIo();
    expect(await runReport(['--db', db, '--kind', 'hand', '--hand-number', '99'], none)).toBe(1);
    expect(none.written.err).toContain('no hand numbered 99 was dealt in');
  });
});
