import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadStaff, saveStaff, staffPath, withMember } from '../../src/api/staff.js';
import { runStart } from '../../src/cli/commands/start.js';
import { builtDist, cliIo, simulatedTable } from './cli-io.js';

/** What happens when the port is free when asked and taken by the time the server listens: another program came first. */
const listening = vi.hoisted(() => ({ before: (): void => undefined }));
vi.mock('../../src/server/browser-server.js', () => ({
  startBrowserServer: () => {
    listening.before();
    return Promise.reject(Object.assign(new Error('listen EADDRINUSE: address already in use 127.0.0.1:8431'), { code: 'EADDRINUSE' }));
  },
}));

describe('felt start when the port is taken between asking and listening', () => {
  it('takes back exactly what it made — a new table entirely, only the staff file beside a table that was there — and shows no PIN', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'felt-start-race-'));
    const dist = builtDist(folder);
    const fresh = cliIo();
    expect(await runStart(['--browser', '--port', '8431', '--db', join(folder, 'new.db')], fresh, dist)).toBe(1);
    expect(fresh.written.out).toBe('');
    expect(fresh.written.err).toBe('felt start: cannot listen on 127.0.0.1:8431: listen EADDRINUSE: address already in use 127.0.0.1:8431\n');
    expect(readdirSync(folder)).toEqual(['dist']);

    const simulated = await simulatedTable(1);
    const files = readdirSync(dirname(simulated)).sort();
    const io = cliIo();
    expect(await runStart(['--browser', '--port', '8431', '--db', simulated], io, dist)).toBe(1);
    expect(io.written.out).toBe('');
    expect(readdirSync(dirname(simulated)).sort()).toEqual(files);
  });

  it('keeps a staff file somebody changed meanwhile, and then shows the PIN it holds', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'felt-start-race-'));
    const db = join(folder, 'table.db');
    // felt staff adds a croupier while the server is starting.
    listening.before = () => {
      const file = staffPath(db);
      const staff = loadStaff(file);
      if (staff !== null) saveStaff(file, withMember(staff, { number: '12', name: 'Dana', role: 'croupier', pin: null, badge: 'a'.repeat(64) }));
    };
    const io = cliIo();
    try {
      expect(await runStart(['--browser', '--port', '8431', '--db', db], io, builtDist(folder), true)).toBe(1);
    } finally {
      listening.before = () => undefined;
    }
    expect(io.written.out).toMatch(/^Manager's PIN \(staff number 1\), made up for this table and shown only now: \d{6} /);
    expect(readFileSync(staffPath(db), 'utf8')).toContain('Dana');
    expect(readdirSync(folder)).toContain('table.db');
  });
});
