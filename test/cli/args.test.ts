import { describe, expect, it } from 'vitest';
import { readArgs } from '../../src/cli/args.js';
import { main } from '../../src/cli/dispatch.js';
import { CliUsageError } from '../../src/cli/io.js';
import { cliIo, scratch, simulatedTable } from './cli-io.js';

async function felt(args: string[]): Promise<{ status: number; out: string; err: string }> {
  const io = cliIo();
  const status = await main(args, io);
  return { status, ...io.written };
}

const OPTIONS = { db: { type: 'string' }, full: { type: 'boolean' } } as const;

function refusal(args: string[]): string {
  try {
    readArgs(args, OPTIONS);
  } catch (error) {
    if (error instanceof CliUsageError) return error.message;
    throw error;
  }
  return 'taken';
}

describe('one argument parser for every command (node:util parseArgs, in Felt\'s words)', () => {
  it('takes --flag value and --flag=value alike, and -- ends the options', () => {
    expect(readArgs(['--db', 'a.db', '--full'], OPTIONS).values).toEqual({ db: 'a.db', full: true });
    expect(readArgs(['--db=a.db'], OPTIONS).values).toEqual({ db: 'a.db' });
    // A value that starts with a dash is given with '='.
    expect(readArgs(['--db=-odd.db'], OPTIONS).values).toEqual({ db: '-odd.db' });
    expect(readArgs(['--json', '--', '--not-an-option'], { json: { type: 'boolean' } }, true).positionals).toEqual(['--not-an-option']);
  });

  it('refuses an unknown option, a missing value, a value for a switch, a word, and an option given twice', () => {
    expect(refusal(['--nope'])).toBe('unknown option --nope');
    expect(refusal(['--db'])).toBe('--db needs a value');
    expect(refusal(['--db', '--full'])).toBe('--db needs a value, not an option (write --db=VALUE for a value that starts with -)');
    expect(refusal(['--full=yes'])).toBe('--full takes no value');
    expect(refusal(['table.db'])).toBe("unexpected argument 'table.db': this command takes options only (they start with --)");
    expect(refusal(['--db=a.db', '--db', 'b.db'])).toBe('--db is given twice: give each option once');
    expect(refusal(['--db', ''])).toBe('--db needs a value');
  });

  it('behaves the same in every command: --db=PATH is a table, an unknown option is named with the usage', async () => {
    const db = await simulatedTable(1);
    for (const args of [
      ['migrate', `--db=${db}`],
      ['verify', `--db=${db}`, '--full'],
      ['report', `--db=${db}`, '--kind=session'],
      ['export', `--db=${db}`, '--format=phh', `--out=${scratch()}`],
    ]) {
      const run = await felt(args);
      expect(run.err, args.join(' ')).toBe('');
      expect(run.status, args.join(' ')).toBe(0);
    }
    // The staff's action is a word among the options, wherever it stands.
    expect((await felt(['staff', `--db=${db}`, 'list'])).err).toContain('has no staff yet');
    // The floor's subcommands too, and the technician's.
    for (const args of [['floor', 'enrol', '--bogus'], ['devices', 'list', '--bogus']]) {
      const run = await felt(args);
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.err, args.join(' ')).toMatch(new RegExp(`^felt ${args[0] ?? ''}: unknown option --bogus\\nUsage: felt ${args[0] ?? ''} `));
    }
    for (const command of ['migrate', 'report', 'staff', 'export', 'replay', 'eval', 'verify', 'start', 'sim']) {
      const run = await felt([command, '--bogus']);
      expect(run.status, command).toBe(2);
      expect(run.err, command).toMatch(new RegExp(`^felt ${command}: unknown option --bogus\\nUsage: felt ${command} `));
    }
  });
});
