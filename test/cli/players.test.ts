import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { addStaffMember, newStaffFile, saveStaff, staffPath } from '../../src/api/staff.js';
import { runPlayers } from '../../src/cli/commands/players.js';
import { reopenedTable } from '../../src/store/reopen.js';
import { Store } from '../../src/store/store.js';
import { verifyDatabase } from '../../src/store/verify.js';
import { cliIo, simulatedTable } from './cli-io.js';
import { copyOfOlderTable } from '../support/older-table.js';

const felt = fileURLToPath(new URL('../../bin/felt', import.meta.url));

/** A simulated table with a manager (#1, PIN 135790) and a croupier (#7, PIN 246802); a player who has left it. */
async function tableWithStaff(): Promise<{ db: string; gone: { id: number; name: string } }> {
  const db = await simulatedTable(20, 9);
  let staff = addStaffMember(newStaffFile(), { number: '1', name: 'Mara', role: 'manager', pin: '135790' });
  staff = addStaffMember(staff, { number: '7', name: 'Cleo', role: 'croupier', pin: '246802' });
  saveStaff(staffPath(db), staff);
  const store = Store.open(db);
  const seated = new Set(reopenedTable(store).state.seats.flatMap((player) => (player === null ? [] : [player.name])));
  const gone = store.playerList().find((player) => player.name !== null && !seated.has(player.name));
  store.close();
  if (gone === undefined) throw new Error('every player of the session is still seated');
  return { db, gone: { id: gone.id, name: gone.name as string } };
}

function copyOf(db: string): string {
  const to = join(mkdtempSync(join(tmpdir(), 'felt-players-kill-')), 'table.db');
  copyFileSync(db, to);
  copyFileSync(staffPath(db), staffPath(to));
  return to;
}

describe('felt players', () => {
  it("lists a table's players and lets a manager erase one's name, once; refuses anyone else, in words", async () => {
    const { db, gone } = await tableWithStaff();
    const listed = cliIo();
    expect(await runPlayers(['list', '--db', db], listed)).toBe(0);
    expect(listed.written.out).toContain(`${gone.id}\t${gone.name}\tfirst at row `);

    // A croupier, a wrong PIN, a badge that is no one's, a PIN on the command line: nothing erased.
    const croupier = cliIo();
    expect(await runPlayers(['erase', '--db', db, '--player', String(gone.id), '--staff', '7'], croupier, { FELT_STAFF_PIN: '246802' })).toBe(1);
    expect(croupier.written.err).toContain("Cleo (#7) is a croupier: only a manager may erase a player's name; nothing was erased");
    const wrong = cliIo(['000000']);
    expect(await runPlayers(['erase', '--db', db, '--player', String(gone.id), '--staff', '1'], wrong, {})).toBe(1);
    expect(wrong.written.err).toContain('wrong staff number or PIN: nothing was erased');
    const badge = cliIo();
    expect(await runPlayers(['erase', '--db', db, '--name', gone.name], badge, { FELT_STAFF_BADGE: 'NOBODY0001' })).toBe(1);
    expect(badge.written.err).toContain("that badge is no one's at this table");
    await expect(runPlayers(['erase', '--db', db, '--player', String(gone.id), '--staff', '1', '--pin', '135790'], cliIo())).rejects.toThrow('--pin: a PIN or badge on the command line shows in the process list');
    await expect(runPlayers(['erase', '--db', db, '--player', 'x1', '--staff', '1'], cliIo())).rejects.toThrow("--player is a player's number (felt players list), got 'x1'");
    await expect(runPlayers(['erase', '--db', db, '--player', '1', '--name', 'Ada', '--staff', '1'], cliIo())).rejects.toThrow('erase names one player');
    const nobody = cliIo(['135790']);
    expect(await runPlayers(['erase', '--db', db, '--player', '999', '--staff', '1'], nobody, {})).toBe(1);
    expect(nobody.written.err).toContain('this table has no player 999');
    expect(new Database(db, { readonly: true }).prepare('SELECT count(*) FROM player WHERE name IS NULL').pluck().get()).toBe(0);

    const erased = cliIo(['135790']);
    expect(await runPlayers(['erase', '--db', db, '--name', gone.name, '--staff', '1'], erased, {})).toBe(0);
    expect(erased.written.out).toMatch(new RegExp(`^player ${gone.id} erased by Mara \\(manager #1\\): the name left the table's database, and row \\d+ of its log records the erasure\\n$`));
    const again = cliIo();
    expect(await runPlayers(['erase', '--db', db, '--player', String(gone.id), '--staff', '1'], again, { FELT_STAFF_PIN: '135790' })).toBe(1);
    expect(again.written.err).toContain(`player ${gone.id}'s name was erased already`);
    const after = cliIo();
    expect(await runPlayers(['list', '--db', db, '--json'], after)).toBe(0);
    const list = JSON.parse(after.written.out) as { namesBesideTheLog: boolean; players: { id: number; name: string | null; erased: { by: string } | null }[] };
    expect(list.namesBesideTheLog).toBe(true);
    expect(list.players.find((player) => player.id === gone.id)).toMatchObject({ name: null, erased: { by: 'Mara (manager #1)' } });
    expect(verifyDatabase(db).ok).toBe(true);
  });

  it('sends a manager to the running table’s own screen when the table holds its database', async () => {
    const { db, gone } = await tableWithStaff();
    const running = Store.open(db);
    try {
      const io = cliIo();
      expect(await runPlayers(['erase', '--db', db, '--player', String(gone.id), '--staff', '1'], io, { FELT_STAFF_PIN: '135790' })).toBe(1);
      expect(io.written.err).toMatch(/is open in another Felt .*: erase the name from the table's screen while it runs \(the floor functions, Players: a manager's\), or stop it first; nothing was erased\n$/);
    } finally {
      running.close();
    }
    const after = Store.open(db);
    expect(after.playerList().find((player) => player.id === gone.id)?.name).toBe(gone.name);
    after.close();
  });

  it('an erasure killed (SIGKILL) at any moment leaves the table before it or after it, never between (the built command)', { timeout: 120_000 }, async () => {
    const { db, gone } = await tableWithStaff();
    const erase = (copy: string) => spawn(felt, ['players', 'erase', '--db', copy, '--player', String(gone.id), '--staff', '1'], { env: { ...process.env, FELT_STAFF_PIN: '135790' }, stdio: 'ignore' });
    // How long a whole erasure takes here (start-up, the PIN's scrypt, the opening, the erasure): the kills
    // spread over it — the longer of two, as a busy machine (the other test files run beside) slows one.
    let took = 0;
    for (let run = 0; run < 2; run++) {
      const started = Date.now();
      const whole = erase(copyOf(db));
      expect(await new Promise((resolve) => whole.once('exit', resolve))).toBe(0);
      took = Math.max(took, Date.now() - started);
    }
    const outcomes = new Set<string>();
    const trials = 16;
    for (let trial = 0; trial < trials; trial++) {
      const copy = copyOf(db);
      const child = erase(copy);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // From the command's start-up to well past its end: the kill lands before, inside and after the transaction.
      const delay = Math.round((took * 2 * (trial + 1)) / trials);
      await new Promise((resolve) => setTimeout(resolve, delay));
      child.kill('SIGKILL');
      await exited;
      const verified = verifyDatabase(copy);
      expect(verified, `trial ${trial} (killed after ${delay} ms)`).toMatchObject({ ok: true });
      const read = new Database(copy, { readonly: true });
      const player = read.prepare('SELECT name, erased_row FROM player WHERE id = ?').get(gone.id) as { name: string | null; erased_row: number | null };
      const records = read.prepare("SELECT count(*) FROM log WHERE instr(payload, 'player-erased') > 0").pluck().get() as number;
      read.close();
      if (player.name === null) {
        expect(records).toBe(1);
        expect(player.erased_row).not.toBeNull();
        outcomes.add('after');
      } else {
        expect(player.name).toBe(gone.name);
        expect(records).toBe(0);
        outcomes.add('before');
      }
    }
    // Both sides seen: the kills did land on both sides of the erasure.
    expect([...outcomes].sort()).toEqual(['after', 'before']);
  });

  it("moves an older table's names out of its log once (a manager's), and a move killed (SIGKILL) half-way leaves the table as it was (the built command)", { timeout: 120_000 }, async () => {
    const older = copyOfOlderTable();
    saveStaff(staffPath(older), addStaffMember(addStaffMember(newStaffFile(), { number: '1', name: 'Mara', role: 'manager', pin: '135790' }), { number: '7', name: 'Cleo', role: 'croupier', pin: '246802' }));
    // Opened once by today's Felt (its log packed), as a table that ran after the update is.
    Store.open(older).close();
    const listed = cliIo();
    expect(await runPlayers(['list', '--db', older], listed)).toBe(0);
    expect(listed.written.out).toContain('felt players migrate moves them out, D113');
    const croupier = cliIo();
    expect(await runPlayers(['migrate', '--db', older, '--staff', '7'], croupier, { FELT_STAFF_PIN: '246802' })).toBe(1);
    expect(croupier.written.err).toContain("Cleo (#7) is a croupier: only a manager may move the players' names out of the log; nothing was moved");
    await expect(runPlayers(['migrate', '--db', older, '--name', 'Player 1', '--staff', '1'], cliIo())).rejects.toThrow('it takes no --player or --name');

    // Killed as soon as the rows are rewritten, inside the move's one transaction: the table as it was.
    const outcomes = new Set<string>();
    for (let trial = 0; trial < 3; trial++) {
      const copy = copyOf(older);
      const child = spawn(felt, ['players', 'migrate', '--db', copy, '--staff', '1'], { env: { ...process.env, FELT_STAFF_PIN: '135790' }, stdio: ['ignore', 'ignore', 'pipe'] });
      let killed = false;
      child.stderr.on('data', (chunk: Buffer) => {
        if (!chunk.toString().includes('rows rewritten')) return;
        killed = true;
        child.kill('SIGKILL');
      });
      expect(await new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)))).toBe('SIGKILL');
      expect(killed).toBe(true);
      const verified = verifyDatabase(copy);
      const read = new Database(copy, { readonly: true });
      const moved = read.prepare('SELECT count(*) FROM names_moved').pluck().get() as number;
      const names = read.prepare("SELECT count(*) FROM log WHERE instr(payload, 'Player 1') > 0").pluck().get() as number;
      read.close();
      if (moved === 0) {
        expect(verified, `trial ${trial}`).toMatchObject({ ok: true, rows: 1627 });
        expect(names).toBeGreaterThan(0);
        outcomes.add('before');
      } else {
        expect(verified, `trial ${trial}`).toMatchObject({ ok: true, rows: 1628 });
        expect(names).toBe(0);
        outcomes.add('after');
      }
    }
    expect(outcomes.has('before')).toBe(true);

    const done = cliIo(['135790']);
    expect(await runPlayers(['migrate', '--db', older, '--staff', '1'], done, {})).toBe(0);
    expect(done.written.out).toMatch(/^the players' names left the table's log, moved by Mara \(manager #1\): 11 players beside the log, the rows of \d+ commands rewritten, each pinned by the record at row 1628; felt verify --db .* checks it/);
    expect(verifyDatabase(older)).toMatchObject({ ok: true, rows: 1628 });
    const again = cliIo(['135790']);
    expect(await runPlayers(['migrate', '--db', older, '--staff', '1'], again, {})).toBe(0);
    expect(again.written.out).toContain('names its players by reference already');
  });
});
