import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Core } from '../../src/api/core.js';
import { loadStaff, staffPath, withStaffLock } from '../../src/api/staff.js';
import { runStaff } from '../../src/cli/commands/staff.js';
import type { CommandIo } from '../../src/cli/io.js';
import { scratch, simulatedTable } from './cli-io.js';

/** A command's io with these standard input lines; what it wrote. */
function io(input: readonly string[] = []): CommandIo & { written: string[]; errors: string[] } {
  const written: string[] = [];
  const errors: string[] = [];
  return {
    written,
    errors,
    out: (text) => void written.push(text),
    err: (text) => void errors.push(text),
    lines: async function* () {
      yield* input;
    },
  };
}

describe('felt staff', () => {
  it('adds, changes and removes staff; the PIN comes from the environment or standard input, never the command line', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'felt-staff-cli-')), 'table.db');
    const core = await Core.open({ dbPath: db, hardware: 'sim', floorPin: '246813', seed: 1 });
    const send = (args: unknown) => JSON.parse(JSON.stringify(core.connect(() => undefined).handle(JSON.stringify({ id: 'q', name: 'floor-unlock', args })))) as { ok: boolean; error?: { code: string } };

    expect(await runStaff(['add', '--db', db, '--number', '20', '--name', 'Sam', '--role', 'supervisor'], io(['202020']))).toBe(0);
    expect(await runStaff(['add', '--db', db, '--number', '12', '--name', 'Dana', '--role', 'croupier'], io(), { FELT_STAFF_BADGE: 'BADGE0012' })).toBe(0);
    // A number taken is the staff's state, not the command's form: bad input (1), not wrong usage (2).
    const taken = io(['121212']);
    expect(await runStaff(['add', '--db', db, '--number', '12', '--name', 'X', '--role', 'croupier'], taken)).toBe(1);
    expect(taken.errors.join('')).toContain("staff number 12 is Dana's already: use change");
    await expect(runStaff(['add', '--db', db, '--number', '13', '--name', 'X', '--role', 'croupier', '--pin', '131313'], io())).rejects.toThrow('--pin: a PIN or badge on the command line shows in the process list');
    const short = io(['123']);
    expect(await runStaff(['add', '--db', db, '--number', '14', '--name', 'Y', '--role', 'croupier'], short)).toBe(1);
    expect(short.errors.join('')).toContain('staff member 14: a PIN is 6 to 12 digits');

    const listed = io();
    expect(await runStaff(['list', '--db', db], listed)).toBe(0);
    expect(listed.written.join('')).toBe('1\tManager\tmanager\tPIN\tno badge\n12\tDana\tcroupier\tno PIN\tbadge\n20\tSam\tsupervisor\tPIN\tno badge\n');
    expect(readFileSync(`${db}.staff.json`, 'utf8')).not.toContain('202020');
    // The running table reads the file at each sign-in.
    expect(send({ staff: '20', pin: '202020' }).ok).toBe(true);

    // A change keeps what it does not name: Sam's PIN stays, the role changes.
    expect(await runStaff(['change', '--db', db, '--number', '20', '--role', 'manager'], io())).toBe(0);
    expect(send({ staff: '20', pin: '202020' }).ok).toBe(true);
    expect(await runStaff(['change', '--db', db, '--number', '20'], io(), { FELT_STAFF_PIN: '303030' })).toBe(0);
    expect(send({ staff: '20', pin: '202020' }).error?.code).toBe('floor-pin-wrong');
    expect(send({ staff: '20', pin: '303030' }).ok).toBe(true);

    // The last manager who can sign in stays.
    expect(await runStaff(['remove', '--db', db, '--number', '1'], io())).toBe(0);
    const refused = io();
    expect(await runStaff(['remove', '--db', db, '--number', '20'], refused)).toBe(1);
    expect(refused.errors.join('')).toContain('the table would have no manager who can sign in');
    expect(await runStaff(['remove', '--db', db, '--number', '12'], io())).toBe(0);
    core.close();
  });
});

describe('felt staff on a table with no staff yet (made by felt sim, never started)', () => {
  it('says how the first manager is made, leaves no lock behind when it refuses, and takes a manager first', async () => {
    const db = await simulatedTable(1);
    const files = readdirSync(dirname(db)).sort();
    const firstManager = `its first start makes its manager, staff number 1 (felt start --db ${db}; the PIN from FELT_FLOOR_PIN, or made up and shown once), or add the manager now: FELT_STAFF_PIN=… felt staff add --db ${db} --number 1 --name NAME --role manager\n`;
    const refused = io();
    expect(await runStaff(['add', '--db', db, '--number', '20', '--name', 'Sam', '--role', 'supervisor'], refused, { FELT_STAFF_PIN: '202020' })).toBe(1);
    expect(refused.errors.join('')).toBe(`felt staff: the table ${db} has no manager yet, and the first staff member must be one: ${firstManager}`);
    const listed = io();
    expect(await runStaff(['list', '--db', db], listed)).toBe(1);
    expect(listed.errors.join('')).toBe(`felt staff: the table ${db} has no staff yet: ${firstManager}`);
    expect(readdirSync(dirname(db)).sort()).toEqual(files);
    expect(await runStaff(['add', '--db', db, '--number', '1', '--name', 'Alex', '--role', 'manager'], io(), { FELT_STAFF_PIN: '101010' })).toBe(0);
    expect(await runStaff(['add', '--db', db, '--number', '20', '--name', 'Sam', '--role', 'supervisor'], io(), { FELT_STAFF_PIN: '202020' })).toBe(0);
    expect(statSync(staffPath(db)).mode & 0o777).toBe(0o600);
  });

  it("is the README's example once the table has had its first start", async () => {
    const db = await simulatedTable(1);
    (await Core.open({ dbPath: db, hardware: 'sim', seed: 1 })).close();
    expect(await runStaff(['add', '--db', db, '--number', '20', '--name', 'Sam', '--role', 'supervisor'], io(), { FELT_STAFF_PIN: '202020' })).toBe(0);
  });
});

describe('felt staff on something that is no table', () => {
  it.each([
    ['missing.db', (folder: string) => join(folder, 'missing.db'), 'does not exist'],
    ['a file that is no database', (folder: string) => (writeFileSync(join(folder, 'notes.txt'), 'not a table\n'), join(folder, 'notes.txt')), 'is not a Felt table database (it is not an SQLite database file)'],
  ])('%s: says so, and makes nothing beside it', async (_, make, problem) => {
    const folder = scratch();
    const db = make(folder);
    const files = readdirSync(folder);
    for (const args of [['list'], ['add', '--number', '1', '--name', 'Alex', '--role', 'manager']]) {
      const said = io();
      expect(await runStaff([...args, '--db', db], said, { FELT_STAFF_PIN: '101010' })).toBe(1);
      expect(said.errors.join('')).toBe(`felt staff: ${db} ${problem}: --db names a table's database (a table's first felt start makes it)\n`);
    }
    expect(readdirSync(folder)).toEqual(files);
  });
});

describe('the staff file under its lock', () => {
  it('loses no change when several felt staff runs change it at the same moment', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'felt-staff-lock-')), 'table.db');
    (await Core.open({ dbPath: db, hardware: 'sim', floorPin: '123456', seed: 1 })).close();
    const felt = fileURLToPath(new URL('../../bin/felt', import.meta.url));
    const runs = Array.from({ length: 6 }, (_, index) =>
      new Promise<number>((resolve, reject) => {
        const child = spawn(felt, ['staff', 'add', '--db', db, '--number', String(20 + index), '--name', `Dealer ${index}`, '--role', 'croupier'], { env: { ...process.env, FELT_STAFF_PIN: `55555${index}` }, stdio: 'ignore' });
        child.on('error', reject);
        child.on('exit', (code) => resolve(code ?? -1));
      }),
    );
    expect(await Promise.all(runs)).toEqual([0, 0, 0, 0, 0, 0]);
    const numbers = loadStaff(staffPath(db))?.staff.map((member) => member.number) ?? [];
    expect([...numbers].sort()).toEqual(['1', '20', '21', '22', '23', '24', '25']);
  });

  it('is free again when the process holding it dies, and names a lock that is held', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'felt-staff-lock-')), 'table.db.staff.json');
    const root = fileURLToPath(new URL('../..', import.meta.url));
    // Another process takes the lock and keeps it until it is killed.
    const holder = spawn(process.execPath, ['-e', `const db = new (require('better-sqlite3'))(${JSON.stringify(`${file}.lock`)}); db.exec('BEGIN EXCLUSIVE'); console.log('held'); setInterval(() => {}, 1000);`], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    expect(() => withStaffLock(file, () => 'changed', 200)).toThrow(`the staff file is being changed by another process (${file}.lock); try again`);
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    expect(withStaffLock(file, () => 'changed', 200)).toBe('changed');
  });
});
