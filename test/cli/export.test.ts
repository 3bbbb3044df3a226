import { existsSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runExport } from '../../src/cli/commands/export.js';
import { cliIo, scratch, simulatedTable } from './cli-io.js';

describe('felt export', () => {
  it('says --format is required, and what it takes, when it is left out', async () => {
    const db = await simulatedTable(1);
    await expect(runExport(['--db', db, '--out', join(scratch(), 'hh')], cliIo())).rejects.toThrow(/^--format is required: --format phh \(the one format export writes\)$/);
    await expect(runExport(['--db', db, '--format', 'csv', '--out', join(scratch(), 'hh')], cliIo())).rejects.toThrow("--format must be phh (the one format export writes), got 'csv'");
  });

  it('counts one hand in the singular, and names a database that does not exist', async () => {
    const io = cliIo();
    const out = join(scratch(), 'hh');
    const db = await simulatedTable(1);
    expect(await runExport(['--db', db, '--format', 'phh', '--out', out], io)).toBe(0);
    expect(io.written.out).toBe(`Wrote 1 hand as PHH to ${out}; the export is recorded in ${db}.exports.jsonl\n`);
    const missing = join(scratch(), 'nosuch.db');
    const refused = cliIo();
    expect(await runExport(['--db', missing, '--format', 'phh', '--out', out], refused)).toBe(1);
    expect(refused.written.err).toBe(`felt export: ${missing} does not exist\n`);
  });

  it('records each export beside the table’s database, before a hand is written: who, when, up to which row (D66)', async () => {
    const db = await simulatedTable(2);
    for (const out of ['first', 'second']) expect(await runExport(['--db', db, '--format', 'phh', '--out', join(scratch(), out)], cliIo())).toBe(0);
    const record = `${db}.exports.jsonl`;
    expect(statSync(record).mode & 0o777).toBe(0o600);
    const lines = readFileSync(record, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    // A record file that is a link (planted where the table keeps its records) is refused, and nothing is written.
    const other = await simulatedTable(1);
    symlinkSync(join(scratch(), 'elsewhere'), `${other}.exports.jsonl`);
    const refused = cliIo();
    const out = join(scratch(), 'third');
    expect(await runExport(['--db', other, '--format', 'phh', '--out', out], refused)).toBe(1);
    expect(refused.written.err).toMatch(/^felt export: the export cannot be recorded: .*is a symbolic link.*; nothing written\n$/);
    expect(existsSync(join(out, 'hand-000001.phh'))).toBe(false);
    for (const line of lines) expect(line).toMatchObject({ at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), user: userInfo().username, rows: expect.any(Number), head: expect.stringMatching(/^[0-9a-f]{64}$/), out: expect.stringMatching(/\/(first|second)$/) });
  });

  it('names each file by its hand number, which a misdeal’s redeal keeps', async () => {
    // Seed 10: hand 3 is voided and dealt again; the void has no history.
    const out = join(scratch(), 'hh');
    expect(await runExport(['--db', await simulatedTable(5, 10), '--format', 'phh', '--out', out], cliIo())).toBe(0);
    const files = readdirSync(out).sort();
    expect(files).toEqual(['hand-000001.phh', 'hand-000002.phh', 'hand-000003.phh', 'hand-000004.phh', 'hand-000005.phh']);
    for (const [index, file] of files.entries()) expect(readFileSync(join(out, file), 'utf8')).toMatch(new RegExp(`^_hand_number = ${index + 1}$`, 'm'));
  });
});
