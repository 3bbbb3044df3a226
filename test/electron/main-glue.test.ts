import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { electronBuildOptions } from '../../electron/build.mjs';
import { CONTENT_SECURITY_POLICY, hardenedWebPreferences } from '../../electron/security.js';

/**
 * The real main bundle, run in a child Node process with `electron` resolved to a recording stub
 * (support/electron-stub.mjs): the glue of main.ts — order, wiring, closing — checked without Electron.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const DRIVER = join(import.meta.dirname, 'support', 'drive-main.mjs');
let place = '';
let main = '';

type Logged = Record<string, unknown>;
type Attempt = { reply?: { ok: boolean; result?: Record<string, unknown>; error?: { code: string } }; thrown?: string };
type Run = {
  log: Logged[];
  appInfo?: Attempt;
  notText?: Attempt;
  otherWindow?: Attempt;
  subframe?: Attempt;
  sit?: Attempt;
  simDeal?: Attempt;
  pushed?: string[];
  prevented?: Record<string, boolean>;
  served?: { status: number; csp: string | null; body: string };
  afterQuit?: boolean;
};

beforeAll(async () => {
  place = mkdtempSync(join(tmpdir(), 'felt-main-glue-'));
  const out = join(place, 'dist', 'electron');
  const options = electronBuildOptions(ROOT, out);
  await build({ ...options.main, sourcemap: false, logLevel: 'silent' });
  await build({ ...options.preload, sourcemap: false, logLevel: 'silent' });
  mkdirSync(join(place, 'dist', 'renderer'), { recursive: true });
  writeFileSync(join(place, 'dist', 'renderer', 'index.html'), '<!doctype html><title>Felt</title>');
  writeFileSync(join(place, 'package.json'), '{"type":"module"}');
  symlinkSync(join(ROOT, 'node_modules'), join(place, 'node_modules'), 'dir');
  main = join(out, 'main.js');
});

afterAll(() => {
  if (place !== '') rmSync(place, { recursive: true, force: true });
});

/** Runs the main bundle with these kiosk arguments (its output on a pipe, as a service's); `printed` is what it wrote before the run's record. */
function drive(...args: string[]): Run & { printed: string } {
  const output = execFileSync(process.execPath, [DRIVER, main, ...args], { cwd: place, encoding: 'utf8', env: { ...process.env, XDG_DATA_HOME: join(place, 'data') } });
  const lines = output.trim().split('\n');
  return { ...(JSON.parse(lines.at(-1) as string) as Run), printed: lines.slice(0, -1).join('\n') };
}

/** The same, as a packaged kiosk; the exit code and standard error too (a refusal exits before the run's record). */
function drivePackaged(...args: string[]): { status: number | null; stderr: string; run: Run } {
  const child = spawnSync(process.execPath, [DRIVER, main, ...args], { cwd: place, encoding: 'utf8', env: { ...process.env, XDG_DATA_HOME: join(place, 'data'), FELT_STUB_PACKAGED: '1' } });
  return { status: child.status, stderr: child.stderr, run: JSON.parse(child.stdout.trim().split('\n').at(-1) as string) as Run };
}

function indexOf(log: Logged[], key: string): number {
  return log.findIndex((entry) => key in entry);
}

describe('the kiosk main process (against a stub of Electron)', () => {
  it('starts in order: scheme before ready, lock, locked-down session, then the window on felt://app', () => {
    const db = join(place, 'table.db');
    const run = drive('--db', db, '--floor-pin', '246813');
    const { log } = run;
    expect(log[0]).toMatchObject({ privileged: [{ scheme: 'felt', privileges: { standard: true, secure: true } }], beforeReady: true });
    expect(indexOf(log, 'lock')).toBeLessThan(indexOf(log, 'appReady'));
    for (const key of ['permissionRequest', 'permissionCheck', 'devicePermission', 'handle', 'menu', 'ipc']) {
      expect(indexOf(log, key), key).toBeGreaterThan(indexOf(log, 'appReady'));
      expect(indexOf(log, key), key).toBeLessThan(indexOf(log, 'load'));
    }
    expect(log).toContainEqual({ permissionRequest: false });
    expect(log).toContainEqual({ permissionCheck: false });
    expect(log).toContainEqual({ devicePermission: false });
    expect(log).toContainEqual({ webRequest: ['http://*/*', 'https://*/*', 'ws://*/*', 'wss://*/*'], answer: { cancel: true } });
    expect(log).toContainEqual({ menu: null });
    expect(log).toContainEqual({ windowOpen: { action: 'deny' } });
    const window = log.find((entry) => 'window' in entry)?.['window'] as { kiosk: boolean; webPreferences: unknown };
    expect(window.kiosk).toBe(true);
    // The preload is found beside the bundle (import.meta.url), whatever the working folder.
    expect(window.webPreferences).toEqual(hardenedWebPreferences(join(place, 'dist', 'electron', 'preload.cjs'), false));
    expect(log).toContainEqual({ load: 'felt://app/index.html' });
    // --db and --floor-pin reached the core: the staff, with the manager's PIN as a hash, are kept beside the database.
    expect(existsSync(`${db}.staff.json`)).toBe(true);
  });

  it('answers the page over IPC through the core, and refuses other senders and non-text', () => {
    const run = drive('--db', join(place, 'ipc.db'));
    expect(run.appInfo?.reply).toMatchObject({ ok: true, result: { hardware: 'sim' } });
    expect(run.notText?.reply).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(run.otherWindow?.thrown).toMatch(/refused/);
    expect(run.subframe?.thrown).toMatch(/refused/);
    expect(run.sit?.reply, 'a seat taken over IPC').toMatchObject({ ok: true });
    expect(run.pushed).toContain('felt:view');
  });

  it('keeps navigation inside the app and serves it with the CSP', () => {
    const run = drive('--db', join(place, 'nav.db'));
    expect(run.prevented).toEqual({ outside: true, inside: false, redirect: true, frame: true });
    expect(run.served).toEqual({ status: 200, csp: CONTENT_SECURITY_POLICY, body: '<!doctype html><title>Felt</title>' });
  });

  it('closes the IPC door on quit', () => {
    const run = drive('--db', join(place, 'quit.db'));
    expect(run.afterQuit).toBe(false);
    expect(run.log).toContainEqual({ ipcRemoved: 'felt:request' });
  });

  it('shows a PIN it made up only in a file of the table’s user’s, named on its output, when no terminal reads it (D58)', () => {
    const db = join(place, 'pin.db');
    const run = drive('--db', db);
    expect(run.printed).toContain(`Felt: Manager's PIN (staff number 1), made up for this table: in ${db}.manager-pin, readable by the table's user only`);
    const pin = /first start: (\d{6})\n/.exec(readFileSync(`${db}.manager-pin`, 'utf8'))?.[1];
    expect(pin).toMatch(/^\d{6}$/);
    expect(run.printed).not.toContain(pin);
    expect(statSync(`${db}.manager-pin`).mode & 0o777).toBe(0o600);
  });

  it('runs a table whose devices are configured on real hardware: no simulated shoe, no sim-deal; --hardware sim is refused (D58)', () => {
    const db = join(place, 'real.db');
    writeFileSync(`${db}.hardware.json`, JSON.stringify({ shoe: { transport: 'serial', path: join(place, 'no-such-shoe') } }));
    const run = drive('--db', db);
    expect(run.appInfo?.reply).toMatchObject({ ok: true, result: { hardware: 'real' } });
    expect(run.simDeal?.reply).toMatchObject({ ok: false, error: { code: 'not-simulated' } });
    const simulated = spawnSync(process.execPath, [DRIVER, main, '--db', db, '--hardware', 'sim'], { cwd: place, encoding: 'utf8' });
    expect(simulated.stderr).toContain(`${db}.hardware.json configures this table's devices: it starts with real hardware only`);
    expect(indexOf((JSON.parse(simulated.stdout.trim().split('\n').at(-1) as string) as Run).log, 'window')).toBe(-1);
    // A table without devices configured is simulated, and only it offers the simulated shoe.
    expect(drive('--db', join(place, 'sim.db')).simDeal?.reply).toMatchObject({ ok: true });
  });

  it('as a packaged kiosk, takes only the switches a kiosk compositor needs and stops before a window on any other (D58)', () => {
    const taken = drivePackaged('--db', join(place, 'packaged.db'), '--ozone-platform=wayland', '--touch-events');
    expect(taken.status).toBe(0);
    expect(indexOf(taken.run.log, 'window')).toBeGreaterThan(-1);
    for (const refused of ['--no-sandbox', '--disable-gpu-sandbox', '--enable-features=NetworkServiceInProcess', '--disable-features=RendererCodeIntegrity']) {
      const run = drivePackaged('--db', join(place, 'packaged.db'), refused);
      expect(run.stderr, refused).toContain(`${refused.split('=')[0]}: a packaged kiosk takes only the Chromium switches a kiosk compositor needs`);
      expect(run.run.log, refused).toContainEqual({ exit: 2 });
      expect(indexOf(run.run.log, 'window'), refused).toBe(-1);
      expect(indexOf(run.run.log, 'lock'), refused).toBe(-1);
    }
  });

  it('refuses a wrong command line before anything opens, exit code 2', () => {
    const child = spawnSync(process.execPath, [DRIVER, main, '--hardware', 'usb'], { cwd: place, encoding: 'utf8' });
    const run = JSON.parse(child.stdout.trim().split('\n').at(-1) as string) as Run;
    expect(child.stderr).toContain("--hardware must be 'sim' or 'real', not 'usb'");
    expect(run.log).toContainEqual({ exit: 2 });
    expect(indexOf(run.log, 'lock')).toBe(-1);
    expect(indexOf(run.log, 'window')).toBe(-1);
  });
});
