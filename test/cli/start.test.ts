import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runStart } from '../../src/cli/commands/start.js';
import { Store } from '../../src/store/store.js';
import { reopenedTable } from '../../src/store/reopen.js';
import type { TableState } from '../../src/engine/table/table-state.js';
import { builtDist, cliIo, simulatedTable } from './cli-io.js';

/** The table a database holds, as a start would open it. */
function openedTable(db: string): TableState {
  const store = Store.open(db);
  try {
    return reopenedTable(store).state;
  } finally {
    store.close();
  }
}

const felt = fileURLToPath(new URL('../../bin/felt', import.meta.url));

/** The screen's address with its key, from the launcher a start writes beside the table (D56). */
function launcherAddress(db: string): string {
  const href = /<a href="([^"]+)">/.exec(readFileSync(`${db}.screen.html`, 'utf8'))?.[1];
  if (href === undefined) throw new Error(`${db}.screen.html holds no address`);
  return href;
}

/**
 * Starts `felt start` with its output on pipes (as a service's is: no terminal) and resolves once it says
 * where the screen is: the address with its key (read from the launcher it names), and its output so far.
 */
function start(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ url: string; output: string; stop: () => Promise<number | null> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(felt, ['start', ...args], { env });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no address after 15 s:\n${output}`)), 15_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = /^Croupier screen at http:\/\/\S+\/, with the table's screen key: open (\S+)\.screen\.html in a browser/m.exec(output);
      if (line === null) return;
      clearTimeout(timer);
      resolve({ url: launcherAddress(line[1] as string), output, stop: () => new Promise((done) => (child.on('exit', (code) => done(code)), child.kill('SIGTERM'))) });
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`felt start exited with ${String(code)}:\n${output}`)));
  });
}

describe('felt start', () => {
  it('serves the croupier screen in browser mode, keeps the log, and prints neither the PIN it made up nor the screen key when no terminal reads it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'felt-start-'));
    const db = join(folder, 'table.db');
    const started = await start(['--browser', '--port', '0', '--db', db]);
    expect(started.output).toMatch(/^Felt in browser mode \(--browser was given\), simulated hardware\.$/m);
    expect(started.output).toContain(`Table log: ${db}`);
    // The PIN is in a file of the table's user's only, which the output names; the output holds no PIN.
    expect(started.output).toContain(`Manager's PIN (staff number 1), made up for this table: in ${db}.manager-pin, readable by the table's user only`);
    const pin = /made up at its first start: (\d{6})\n/.exec(readFileSync(`${db}.manager-pin`, 'utf8'))?.[1];
    expect(pin).toMatch(/^\d{6}$/);
    expect(started.output).not.toContain(pin);
    expect(statSync(`${db}.manager-pin`).mode & 0o777).toBe(0o600);
    // The screen key: in its file and the launcher, both the table's user's only; never in the output.
    const key = readFileSync(`${db}.screen-key`, 'utf8').trim();
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(started.output).not.toContain(key);
    expect(statSync(`${db}.screen-key`).mode & 0o777).toBe(0o600);
    expect(statSync(`${db}.screen.html`).mode & 0o777).toBe(0o600);
    expect(started.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/#key=${key}$`));
    const page = await fetch(started.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"');
    // The PIN from the file opens the floor over a socket that shows the key.
    const { WebSocket } = await import('ws');
    const socketUrl = started.url.replace(/^http/, 'ws').replace(/\/#key=/, '/socket?key=');
    const unlocked = await new Promise<unknown>((resolve, reject) => {
      const ws = new WebSocket(socketUrl);
      ws.on('open', () => ws.send(JSON.stringify({ id: 'u', name: 'floor-unlock', args: { staff: '1', pin } })));
      ws.on('message', (data) => {
        const message = JSON.parse(String(data)) as { id?: string };
        if (message.id === 'u') resolve((ws.close(), message));
      });
      ws.on('error', reject);
    });
    expect(unlocked).toMatchObject({ ok: true, result: { unlocked: true } });
    // The running table's database is read while it runs: verified, reported, exported.
    const verified = spawnSync(felt, ['verify', '--db', db], { encoding: 'utf8' });
    expect(verified.stderr).toBe('');
    expect(verified.status).toBe(0);
    const report = spawnSync(felt, ['report', '--db', db, '--kind', 'session'], { encoding: 'utf8' });
    expect(report.status).toBe(0);
    expect(JSON.parse(report.stdout)).toMatchObject({ handsPlayed: 0 });
    expect(spawnSync(felt, ['export', '--db', db, '--format', 'phh', '--out', join(folder, 'hands')], { encoding: 'utf8' }).stdout).toContain('Wrote 0 hands');
    expect(await started.stop()).toBe(0);
    expect(existsSync(db)).toBe(true);
    expect(existsSync(`${db}.staff.json`)).toBe(true);
    // The second start keeps the table, its PIN and its screen key; it reminds that the PIN's file is still there.
    const again = await start(['--browser', '--port', '0', '--db', db]);
    expect(again.output).not.toMatch(/Manager's PIN/);
    expect(again.output).toContain(`felt start: ${db}.manager-pin still holds the manager's first PIN: keep it somewhere safe and delete the file`);
    expect(again.url).toContain(`#key=${key}`);
    expect(await again.stop()).toBe(0);
  });

  it('on a terminal, prints the PIN it made up and the screen’s address with the key, and writes no PIN file', () => {
    const folder = mkdtempSync(join(tmpdir(), 'felt-start-'));
    const db = join(folder, 'table.db');
    // `script` gives felt start a pseudo-terminal; the start is stopped once it has printed the address.
    const shell = `${felt} start --browser --port 0 --db ${db} & pid=$!; for i in $(seq 150); do grep -q '#key=' ${join(folder, 'typed')} 2>/dev/null && break; sleep 0.1; done; kill -TERM $pid; wait $pid`;
    const run = spawnSync('script', ['-qfec', shell, join(folder, 'typed')], { encoding: 'utf8', timeout: 30_000 });
    const typed = readFileSync(join(folder, 'typed'), 'utf8').replace(/\r/g, '');
    expect(run.status, typed).toBe(0);
    expect(typed).toMatch(/^Manager's PIN \(staff number 1\), made up for this table and shown only now: \d{6} /m);
    const key = readFileSync(`${db}.screen-key`, 'utf8').trim();
    expect(typed).toMatch(new RegExp(`^Open the croupier screen at:\nhttp://127\\.0\\.0\\.1:\\d+/#key=${key}$`, 'm'));
    expect(existsSync(`${db}.manager-pin`)).toBe(false);
  });

  it('makes no table on a port that is taken, and leaves a running table and its PIN alone', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'felt-start-'));
    const db = join(folder, 'table.db');
    const running = await start(['--browser', '--port', '0', '--db', db, '--floor-pin', '135790']);
    const pinFile = readFileSync(`${db}.staff.json`, 'utf8');
    const port = new URL(running.url).port;
    // Another table on the running one's port: refused before it is made.
    const other = spawnSync(felt, ['start', '--browser', '--port', port, '--db', join(folder, 'other.db')], { encoding: 'utf8' });
    expect(other.status).toBe(1);
    expect(other.stdout).toBe('');
    expect(other.stderr).toContain(`cannot listen on 127.0.0.1:${port}`);
    expect(existsSync(join(folder, 'other.db'))).toBe(false);
    // A second start on the running table's database fails on its lock, before touching the PIN.
    const second = spawnSync(felt, ['start', '--browser', '--port', '0', '--db', db, '--floor-pin', '246802'], { encoding: 'utf8' });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`the database ${db} is open in another Felt (${db}.lock is held)`);
    expect(readFileSync(`${db}.staff.json`, 'utf8')).toBe(pinFile);
    expect(statSync(db).mode & 0o777).toBe(0o600);
    expect(await running.stop()).toBe(0);
  });

  it('uses the data folder by default', async () => {
    const home = mkdtempSync(join(tmpdir(), 'felt-home-'));
    const started = await start(['--browser', '--port', '0'], { ...process.env, XDG_DATA_HOME: home });
    expect(started.output).toContain(`Table log: ${join(home, 'felt', 'table.db')}`);
    expect(await started.stop()).toBe(0);
  });

  it.each([
    [['--port', 'eighty'], 2, "--port needs a port number 0–65535 (0: any free port), got 'eighty'"],
    [['--hardware', 'usb'], 2, "--hardware is sim or real, got 'usb'"],
    [['--port', ''], 2, '--port needs a value'],
    [['--db', '/no/such/folder/table.db'], 2, '--db: the folder /no/such/folder does not exist'],
    [['--browser', '--floor-pin', '12', '--db', ':memory:'], 1, '--floor-pin: a PIN is 6 to 12 digits'],
    [['--browser', '--hardware', 'real', '--db', ':memory:'], 1, 'real hardware needs a table file: its configuration is kept beside it'],
    [['--browser', '--hardware', 'real', '--db', join(mkdtempSync(join(tmpdir(), 'felt-real-')), 'table.db')], 1, 'table.db.hardware.json: no hardware configuration (docs/operations.md, "Real hardware"); write one, or start with --hardware sim'],
  ])('refuses %j with a reason', (args, status, message) => {
    const result = spawnSync(felt, ['start', ...args], { encoding: 'utf8' });
    expect(result.status).toBe(status);
    expect(result.stderr).toContain(message);
  });
});

describe('felt start stopped by its service (systemctl stop, an update)', () => {
  it('plays the hand in play to its end first: SIGTERM waits for it and says so; a second signal stops at once, the hand kept', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'felt-start-')), 'table.db');
    // A hand in play, written by a table that then closed: the start takes it up where it stands.
    const { Core } = await import('../../src/api/core.js');
    const core = await Core.open({ dbPath: db, hardware: 'sim', floorPin: '246813', seed: 4 });
    const connection = core.connect(() => undefined);
    const send = (name: string, args?: unknown): void => void connection.handle(JSON.stringify({ id: name, name, args }));
    for (const seat of [1, 2, 3]) send('table-submit', { commandId: `s${seat}`, command: { type: 'sit', seat, name: `P${seat}`, buyIn: 500 } });
    for (let guard = 0; core.controller.view().prompt.kind === 'draw-for-button' && guard < 20; guard++) send('sim-deal');
    send('table-submit', { commandId: 'h1', command: { type: 'start-hand' } });
    expect(core.controller.view().handInPlay).toBe(true);
    core.close();
    const child = spawn(felt, ['start', '--browser', '--port', '0', '--db', db]);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await expect.poll(() => output, { timeout: 15_000 }).toContain('Croupier screen at');
    child.kill('SIGTERM');
    await expect.poll(() => output, { timeout: 5_000 }).toContain('felt start: stopping once the hand in play is over (no new hand starts; a second signal stops now)');
    // Still running, for the croupier to finish the hand.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(child.exitCode).toBeNull();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(openedTable(db).hand).not.toBeNull();
    expect(spawnSync(felt, ['verify', '--db', db], { encoding: 'utf8' }).status).toBe(0);
  }, 30_000);
});

describe('felt start and the table’s screen key (D56)', () => {
  it('refuses a key file others may read, saying what to do, and takes back the table it made', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'felt-start-'));
    const dist = builtDist(folder);
    const db = join(folder, 'table.db');
    writeFileSync(`${db}.screen-key`, `${'k'.repeat(43)}\n`, { mode: 0o644 });
    chmodSync(`${db}.screen-key`, 0o644);
    const io = cliIo();
    expect(await runStart(['--browser', '--port', '0', '--db', db], io, dist, false)).toBe(1);
    expect(io.written.err).toBe(`felt start: ${db}.screen-key can be read by every user of this machine, and it lets a screen drive the table: chmod 600 ${db}.screen-key (or delete it while the table is stopped: the next start makes a new key, and each screen is opened again)\n`);
    expect(io.written.out).toBe('');
    expect(readdirSync(folder).sort()).toEqual(['dist', 'table.db.screen-key']);
  });
});

describe('felt start on a table whose devices are configured (D58)', () => {
  it('runs it on real hardware without being told, and refuses to simulate it: no simulated shoe deals into its log', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'felt-start-'));
    const dist = builtDist(folder);
    const db = join(folder, 'table.db');
    writeFileSync(`${db}.hardware.json`, JSON.stringify({ shoe: { transport: 'serial', path: join(folder, 'no-such-shoe') } }));
    const simulated = cliIo();
    expect(await runStart(['--browser', '--port', '0', '--db', db, '--hardware', 'sim'], simulated, dist)).toBe(1);
    expect(simulated.written.err).toBe(`felt start: ${db}.hardware.json configures this table's devices: it starts with real hardware only (--hardware real; move the file away to simulate)\n`);
    expect(readdirSync(folder).sort()).toEqual(['dist', 'table.db.hardware.json']);
    const started = await start(['--browser', '--port', '0', '--db', db]);
    expect(started.output).toMatch(/^Felt in browser mode \(--browser was given\), real hardware\.$/m);
    const { WebSocket } = await import('ws');
    const replies = await new Promise<unknown[]>((resolve, reject) => {
      const ws = new WebSocket(started.url.replace(/^http/, 'ws').replace(/\/#key=/, '/socket?key='));
      const seen: unknown[] = [];
      ws.on('open', () => ['app-info', 'sim-deal', 'sim-fault'].forEach((name) => ws.send(JSON.stringify({ id: name, name, args: name === 'sim-fault' ? { fault: 'shoe-unplug' } : undefined }))));
      ws.on('message', (data) => {
        const message = JSON.parse(String(data)) as { id?: string };
        if (message.id !== undefined) seen.push(message);
        if (seen.length === 3) resolve((ws.close(), seen));
      });
      ws.on('error', reject);
    });
    expect(replies).toEqual([
      { id: 'app-info', ok: true, result: { hardware: 'real', version: expect.any(String), build: expect.any(String) } },
      { id: 'sim-deal', ok: false, error: { code: 'not-simulated', words: expect.anything() } },
      { id: 'sim-fault', ok: false, error: { code: 'not-simulated', words: expect.anything() } },
    ]);
    expect(await started.stop()).toBe(0);
  });
});

describe('felt start on a port that is taken', () => {
  it('says so before it makes the table\'s files or a PIN: nothing is printed but why, nothing is left behind', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'felt-start-'));
    const dist = builtDist(folder);
    // A table felt sim made: it has a log, and no staff yet.
    const simulated = await simulatedTable(1);
    const simulatedFiles = readdirSync(dirname(simulated)).sort();
    const simulatedLog = readFileSync(simulated);
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = String((taken.address() as AddressInfo).port);
    try {
      for (const [db, floorPin] of [[join(folder, 'new.db'), []], [join(folder, 'given.db'), ['--floor-pin', '135790']], [simulated, []]] as const) {
        const io = cliIo();
        expect(await runStart(['--browser', '--port', port, '--db', db, ...floorPin], io, dist), db).toBe(1);
        expect(io.written.out).toBe('');
        expect(io.written.err).toBe(`felt start: cannot listen on 127.0.0.1:${port}: listen EADDRINUSE: address already in use 127.0.0.1:${port} (another table, or another program, listens there: give another --port, or --port 0 for any free one)\n`);
      }
      expect(readdirSync(folder)).toEqual(['dist']);
      expect(readdirSync(dirname(simulated)).sort()).toEqual(simulatedFiles);
      expect(readFileSync(simulated)).toEqual(simulatedLog);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('a start that fails while opening the table takes back the database it made', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'felt-start-'));
    const dist = builtDist(folder);
    const io = cliIo();
    expect(await runStart(['--browser', '--port', '0', '--hardware', 'real', '--db', join(folder, 'table.db')], io, dist)).toBe(1);
    expect(io.written.err).toContain('table.db.hardware.json: no hardware configuration');
    expect(readdirSync(folder)).toEqual(['dist']);
  });
});

describe('felt start --tournament FILE: a new table set up as a tournament', () => {
  const sunday = { startingStack: 5000, levelEvery: { minutes: 20 }, levels: [{ smallBlind: 25, bigBlind: 50 }, { smallBlind: 50, bigBlind: 100, bigBlindAnte: 100 }], seats: 9, chipUnit: 25 };

  it('makes the table with the structure: the starting stack seats every player, the first level is the blinds', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'felt-start-'));
    const file = join(folder, 'sunday.json');
    writeFileSync(file, JSON.stringify(sunday));
    const db = join(folder, 'table.db');
    const started = await start(['--browser', '--port', '0', '--db', db, '--tournament', file]);
    expect(await started.stop()).toBe(0);
    const table = openedTable(db);
    expect(table.config.tournament).toEqual({ startingStack: 5000, levelEvery: { minutes: 20 }, levels: [{ smallBlind: 25, bigBlind: 50, ante: 0, bigBlindAnte: 0 }, { smallBlind: 50, bigBlind: 100, ante: 0, bigBlindAnte: 100 }] });
    expect(table.config).toMatchObject({ seatCount: 9, buyIn: { min: 5000, max: 5000 }, timeCollection: null, hand: { smallBlind: 25, bigBlind: 50, chipUnit: 25, rake: null } });
  });

  it('refuses a structure that cannot be played, naming the file and the field, and makes nothing', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'felt-start-'));
    const dist = builtDist(folder);
    const file = join(folder, 'bad.json');
    const db = join(folder, 'table.db');
    const refused = async (structure: unknown): Promise<string> => {
      writeFileSync(file, typeof structure === 'string' ? structure : JSON.stringify(structure));
      const io = cliIo();
      expect(await runStart(['--browser', '--port', '0', '--db', db, '--tournament', file], io, dist)).toBe(1);
      expect(existsSync(db)).toBe(false);
      return io.written.err;
    };
    expect(await refused({ ...sunday, levels: [] })).toBe(`felt start: ${file}: levels: must hold at least one level\n`);
    expect(await refused({ ...sunday, startingStack: 5010 })).toBe(`felt start: ${file}: startingStack 5010 is not a whole number of the chip unit 25\n`);
    expect(await refused({ ...sunday, levels: [{ smallBlind: 25, bigBlind: 60 }] })).toBe(`felt start: ${file}: level 1 bigBlind 60 is not a whole number of the chip unit 25\n`);
    expect(await refused({ ...sunday, levels: [...sunday.levels, { smallBlind: 75, bigBlind: 50 }] })).toBe(`felt start: ${file}: level 3: the big blind must be positive and at least the small blind\n`);
    expect(await refused({ ...sunday, rake: 5 })).toBe(`felt start: ${file}: no such field: 'rake'\n`);
    expect(await refused('{ startingStack: 5000')).toMatch(new RegExp(`^felt start: ${file}: not JSON \\(`));
    const io = cliIo();
    expect(await runStart(['--browser', '--port', '0', '--db', db, '--tournament', join(folder, 'none.json')], io, dist)).toBe(1);
    expect(io.written.err).toBe(`felt start: ${join(folder, 'none.json')}: no such file\n`);
  });

  it('makes only a new table: a table that exists keeps its setup', async () => {
    const db = await simulatedTable(3);
    const folder = mkdtempSync(join(tmpdir(), 'felt-start-'));
    const file = join(folder, 'sunday.json');
    writeFileSync(file, JSON.stringify(sunday));
    const io = cliIo();
    expect(await runStart(['--browser', '--port', '0', '--db', db, '--tournament', file], io, builtDist(folder))).toBe(1);
    expect(io.written.err).toBe(`felt start: --tournament makes a new table, and ${db} holds one already: to go on with it, start it without --tournament; for a new tournament, give a new --db\n`);
  });
});
