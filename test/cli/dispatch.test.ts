import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/dispatch.js';
import { knownFailure } from '../../src/cli/failure.js';
import { LockHeld } from '../../src/store/file-lock.js';
import { PersistenceError } from '../../src/store/persistence-error.js';
import { Store } from '../../src/store/store.js';
import { cliIo, scratch, simulatedTable } from './cli-io.js';

/** `felt ARGS…` in this process: its exit code and what it wrote. */
async function felt(args: string[], input: readonly string[] = []): Promise<{ status: number; out: string; err: string }> {
  const io = cliIo(input);
  const status = await main(args, io);
  return { status, ...io.written };
}

/** Node's error for a failed file call, as fs throws it. */
function fileError(code: string, syscall: string, path: string): Error {
  return Object.assign(new Error(`${code}: something went wrong, ${syscall} '${path}'`), { code, syscall, path, errno: -1 });
}

describe('felt: a file, database or lock that fails is one line naming it, exit 1', () => {
  it('a report written into a folder that does not exist, or onto a folder', async () => {
    const db = await simulatedTable(3);
    const folder = scratch();
    const missing = await felt(['report', '--db', db, '--kind', 'session', '--out', join(folder, 'nonexistent', 'x.json')]);
    expect(missing).toEqual({ status: 1, out: '', err: `felt report: the folder ${join(folder, 'nonexistent')} does not exist (for ${join(folder, 'nonexistent', 'x.json')}): check the path, or make the folder first\n` });
    const onFolder = await felt(['report', '--db', db, '--kind', 'session', '--format', 'pdf', '--out', folder]);
    expect(onFolder).toEqual({ status: 1, out: '', err: `felt report: ${folder} is a folder: give the path of a file\n` });
  });

  it('hands exported into a path that is a file', async () => {
    const db = await simulatedTable(3);
    const file = join(scratch(), 'notadb.txt');
    writeFileSync(file, 'hello\n');
    expect(await felt(['export', '--db', db, '--format', 'phh', '--out', file])).toEqual({ status: 1, out: '', err: `felt export: ${file} is a file, not a folder: give the path of a folder\n` });
  });

  it('a simulation on a file that is not a database, and on the database of a running table', async () => {
    const file = join(scratch(), 'notadb.txt');
    writeFileSync(file, 'hello, this is not a database at all\n');
    expect(await felt(['sim', '--hands', '10', '--seed', '1', '--db', file])).toEqual({ status: 1, out: '', err: `felt sim: ${file} is not a Felt table database (it is not an SQLite database file)\n` });

    const db = await simulatedTable(3);
    const running = Store.open(db);
    try {
      const locked = await felt(['sim', '--hands', '3', '--seed', '9', '--db', db, '--resume']);
      expect(locked).toEqual({ status: 1, out: '', err: `felt sim: the database ${db} is open in another Felt (${db}.lock is held): a table is written by one process at a time\n` });
    } finally {
      running.close();
    }
  });

  it('a staff file that is not one is named in one line', async () => {
    const db = await simulatedTable(1);
    writeFileSync(`${db}.staff.json`, '{ not json');
    const listed = await felt(['staff', 'list', '--db', db]);
    expect(listed.status).toBe(1);
    expect(listed.err.startsWith(`felt staff: ${db}.staff.json: not JSON (`)).toBe(true);
    expect(listed.err.split('\n')).toHaveLength(2);
  });
});

describe('felt: an option given twice is wrong usage, for every command', () => {
  it('names the option, and runs nothing', async () => {
    const db = join(scratch(), 'table.db');
    const sim = await felt(['sim', '--hands', '10', '--seed', '1', '--db', db, '--hands', '20']);
    expect(sim.status).toBe(2);
    expect(sim.err).toMatch(/^felt sim: --hands is given twice: give each option once\nUsage: felt sim /);
    expect(existsSync(db)).toBe(false);
    const report = await felt(['report', '--db', db, '--kind', 'session', '--kind', 'cashflow']);
    expect(report).toMatchObject({ status: 2, out: '' });
    expect(report.err).toMatch(/^felt report: --kind is given twice: give each option once\nUsage: felt report /);
    const replay = await felt(['replay', '--json', 'a.phh', '--json']);
    expect(replay.err).toMatch(/^felt replay: --json is given twice: give each option once\n/);
  });
});

describe('felt: wrong usage said in words', () => {
  it('a stray word is an unexpected argument, not an unknown option; a report kind takes its article', async () => {
    const db = await simulatedTable(3);
    const stray = await felt(['verify', '--db', db, 'extra']);
    expect(stray).toMatchObject({ status: 2, out: '' });
    expect(stray.err).toMatch(/^felt verify: unexpected argument 'extra': this command takes options only \(they start with --\)\n/);
    expect((await felt(['verify', '--db', db, '--quick'])).err).toMatch(/^felt verify: unknown option --quick\n/);
    expect((await felt(['report', '--db', db, '--kind', 'incidents', '--format', 'phh'])).err).toMatch(/^felt report: --format phh is one hand's history, for --kind hand: an incidents report is --format json, csv or pdf\n/);
  });

  it('a head kept elsewhere that is not in the chain names no row as bad: the hash is not found', async () => {
    const db = await simulatedTable(3);
    const result = await felt(['verify', '--db', db, '--expect-head', 'ab'.repeat(32)]);
    expect(result).toEqual({ status: 1, out: `${db}: the head ${'ab'.repeat(32)} kept elsewhere is not in this chain: its history was rewritten or cut before it\n`, err: '' });
  });
});

describe('knownFailure', () => {
  it('words the failures a user can act on, naming the path', () => {
    const folder = scratch();
    mkdirSync(join(folder, 'there'));
    expect(knownFailure(fileError('ENOENT', 'open', join(folder, 'there', 'x.db')))).toBe(`${join(folder, 'there', 'x.db')} does not exist`);
    expect(knownFailure(fileError('ENOTDIR', 'open', '/a/file/x.json'))).toBe('/a/file/x.json: a part of this path is a file, not a folder');
    expect(knownFailure(fileError('EACCES', 'open', '/root/x.json'))).toBe('/root/x.json: permission denied: choose another path, or one this user may use');
    expect(knownFailure(fileError('ELOOP', 'open', '/loop'))).toBe('/loop: something went wrong (ELOOP)');
    expect(knownFailure(new PersistenceError('cannot use the database x.db: file is not a database'))).toBe('cannot use the database x.db: file is not a database');
    expect(knownFailure(new LockHeld('/t/x.lock is held'))).toBe('/t/x.lock is held by another process: try again when it is done');
    expect(knownFailure(new Error('the staff file is being changed by another process (/t/s.lock); try again', { cause: new LockHeld('/t/s.lock is held') }))).toBe('the staff file is being changed by another process (/t/s.lock); try again');
  });

  it('leaves anything else alone: a bug, an error with a code but no path (SQLite)', () => {
    expect(knownFailure(new TypeError("Cannot read properties of undefined (reading 'seats')"))).toBeNull();
    expect(knownFailure(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }))).toBeNull();
    expect(knownFailure('a string')).toBeNull();
    // The store wraps whatever fails as it opens a table: a bug in a migration keeps its stack.
    expect(knownFailure(new PersistenceError('cannot use the database x.db: boom', { cause: new TypeError('boom') }))).toBeNull();
    const sqlite = Object.assign(new Error('file is not a database'), { name: 'SqliteError', code: 'SQLITE_NOTADB' });
    expect(knownFailure(new PersistenceError('cannot open the database x.db: file is not a database', { cause: sqlite }))).toBe('cannot open the database x.db: file is not a database');
  });
});
