import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Core } from '../../src/api/core.js';
import { dailyCheckPath, dailyCheckStatus, writeDailyCheck } from '../../src/api/daily-check.js';
import { runVerify } from '../../src/cli/commands/verify.js';
import type { DeviceStatus } from '../../src/controller/view-model.js';
import { CASINO_5_10 } from '../../src/engine/table/table-config.js';
import { Store } from '../../src/store/store.js';
import { cliIo, simulatedTable } from '../cli/cli-io.js';

const SIX_AM = Date.UTC(2026, 11, 2, 6);
const HOUR = 60 * 60 * 1000;

function dailyCheckOf(devices: readonly DeviceStatus[]): DeviceStatus | undefined {
  return devices.find((device) => device.id === 'daily-check');
}

describe('the daily check on the croupier\'s screen (felt verify --full --daily, the package\'s timer)', () => {
  it('felt verify --daily leaves its result beside the table, readable by the table\'s user only', async () => {
    const db = await simulatedTable(1);
    const good = cliIo();
    expect(await runVerify(['--db', db, '--full', '--daily'], good)).toBe(0);
    const kept = JSON.parse(readFileSync(dailyCheckPath(db), 'utf8')) as { ok: boolean; said: string };
    expect(kept.ok).toBe(true);
    expect(good.written.out).toBe(`${db}: ${kept.said}\n`);
    expect(statSync(dailyCheckPath(db)).mode & 0o777).toBe(0o600);
    // A check that fails says so in the file, with what verify printed.
    const bad = cliIo();
    expect(await runVerify(['--db', db, '--daily', '--expect-head', 'ab'.repeat(32)], bad)).toBe(1);
    const failed = JSON.parse(readFileSync(dailyCheckPath(db), 'utf8')) as { ok: boolean; said: string };
    expect(failed.ok).toBe(false);
    expect(bad.written.out).toBe(`${db}: ${failed.said}\n`);
    // Without --daily nothing is written.
    writeFileSync(dailyCheckPath(db), 'untouched');
    expect(await runVerify(['--db', db], cliIo())).toBe(0);
    expect(readFileSync(dailyCheckPath(db), 'utf8')).toBe('untouched');
  });

  it('shows nothing for a table never checked daily, a tick for a fresh pass, and a fault for a failure, a stopped timer or a spoilt file', async () => {
    const db = await simulatedTable(1);
    expect(dailyCheckStatus(db, SIX_AM)).toBeNull();
    writeDailyCheck(db, { ok: true, at: SIX_AM, said: '12 operations in an unbroken chain' });
    expect(dailyCheckStatus(db, SIX_AM + 25 * HOUR)).toEqual({ id: 'daily-check', kind: 'daily-check', state: 'connected', detail: null });
    // The timer stopped: a check that never runs never fails, so its age is a fault of its own.
    expect(dailyCheckStatus(db, SIX_AM + 27 * HOUR)).toMatchObject({ state: 'fault', detail: { en: 'The daily check has not run since 2026-12-02 06:00 UTC: is its timer on? (systemctl status felt-verify.timer)' } });
    writeDailyCheck(db, { ok: false, at: SIX_AM, said: 'row 7 is bad: its hash is not the hash of its contents' });
    expect(dailyCheckStatus(db, SIX_AM + HOUR)).toMatchObject({
      state: 'fault',
      incident: 'device-fault',
      detail: { en: 'The daily check of 2026-12-02 06:00 UTC failed: row 7 is bad: its hash is not the hash of its contents — call the floor; the log must be checked before the next report' },
    });
    for (const spoilt of ['', '{"ok":true}', '{"ok":"yes","at":1,"said":""}', 'x'.repeat(5000)]) {
      writeFileSync(dailyCheckPath(db), spoilt);
      expect(dailyCheckStatus(db, SIX_AM)?.detail?.en).toBe(`The daily check's result (${dailyCheckPath(db)}) cannot be read: run felt verify --full --daily`);
    }
  });

  it('a running table shows a failed check on its status bar and writes it into the log, as the floor\'s incident', async () => {
    const db = await simulatedTable(1);
    const clock = { now: () => SIX_AM + HOUR };
    writeDailyCheck(db, { ok: true, at: SIX_AM, said: 'fine' });
    const core = await Core.open({ dbPath: db, hardware: 'sim', floorPin: '246813', clock, tableConfig: CASINO_5_10, seed: 3 });
    try {
      expect(dailyCheckOf(core.controller.view().devices)).toMatchObject({ state: 'connected' });
      writeDailyCheck(db, { ok: false, at: SIX_AM + HOUR, said: 'row 7 is bad' });
      // The table looks at the file with its other clocked work, every few seconds.
      await expect.poll(() => dailyCheckOf(core.controller.view().devices)?.state, { timeout: 8_000, interval: 200 }).toBe('fault');
    } finally {
      core.close();
    }
    // Opened again with the same failure: the log gets it once per start, not at every look.
    const again = await Core.open({ dbPath: db, hardware: 'sim', floorPin: '246813', clock, tableConfig: CASINO_5_10, seed: 3 });
    expect(dailyCheckOf(again.controller.view().devices)?.detail?.en).toContain('failed: row 7 is bad');
    again.close();
    const store = Store.open(db);
    const incidents = [...store.entries()].filter((entry) => entry.type === 'device-incident');
    store.close();
    expect(incidents).toHaveLength(2);
    expect(incidents[0]).toMatchObject({ device: 'daily-check', kind: 'daily-check', incident: 'device-fault' });
  }, 20_000);
});
