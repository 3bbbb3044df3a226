import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../src/cards/random.js';
import { TableController } from '../../src/controller/table-controller.js';
import { CASINO_5_10 } from '../../src/engine/table/table-config.js';
import { configuredDevices, loadHardwareConfig } from '../../src/hardware/hardware-config.js';
import { ptyTable } from '../../src/hardware/pty-table.js';
import { SimulatedCroupier } from '../../src/hardware/simulated-croupier.js';
import { Store } from '../../src/store/store.js';
import { verifyDatabase } from '../../src/store/verify.js';
import { DeckRegistration } from '../../drivers/rfid/deck-registration.js';
import type { TagUid } from '../../drivers/rfid/tag-uid.js';
import { SimulatedPepper } from '../../drivers/sim/pepper-device.js';
import { simulatedDeck, simulatedNtagDeckUids } from '../../drivers/sim/rfid-device.js';
import { SimulatedBinding } from '../../drivers/sim/simulated-binding.js';
import { runDevices } from '../../src/cli/commands/devices.js';
import { DeviceEnd, PtyCable } from '../../src/hardware/pty-wiring.js';
import { until } from '../support/until.js';
import { cliIo } from '../cli/cli-io.js';

/** A session at the pty table, each place read by its own simulated Pepper C1 on its own serial line. */
async function session(hands: number, faults: boolean, seed: number) {
  const folder = mkdtempSync(join(tmpdir(), 'felt-pepper-table-'));
  const dbPath = join(folder, 'table.db');
  const store = Store.open(dbPath);
  const controller = TableController.open(store, { now: () => Date.now() }, CASINO_5_10);
  const { table, close } = await ptyTable(controller, new SeededRandom(seed), folder, { reader: 'pepper' });
  try {
    const report = await new SimulatedCroupier(controller, table, new SeededRandom(seed + 1), { hands, faults, patienceMs: faults ? 600 : 2_000 }).play();
    const { buyIns, cashOuts, timeCollected, rake, adjustments } = controller.table.totals;
    const onTable = controller.table.seats.reduce((sum, player) => sum + (player?.stack ?? 0), 0);
    return { report, balance: buyIns - cashOuts - timeCollected - rake + adjustments - onTable, dbPath };
  } finally {
    await close();
    store.close();
  }
}

describe('Eccel Pepper C1 readers over real serial lines (socat pseudo-terminals, serialport)', () => {
  it('plays hands on a Pepper C1 per place, through a cut answer, a CRC error and the reader unplugged: no chip or card lost', async () => {
    const clean = await session(2, false, 8);
    expect(clean.report.hands).toBe(2);
    expect(clean.report.touchEntries).toBe(0);
    expect(clean.report.refusals).toEqual([]);
    expect(clean.report.statuses.filter((line) => / (fault|disconnected):/.test(line))).toEqual([]);
    expect(clean.balance).toBe(0);
    const { report, balance, dbPath } = await session(7, true, 9);
    for (const fault of ['rfid-unplug', 'rfid-replug', 'rfid-truncated', 'rfid-bad-crc', 'rfid-flicker', 'rfid-garbage'] as const) expect(report.faults).toContain(fault);
    const shown = report.statuses.join('\n');
    expect(shown).toMatch(/^rfid disconnected: connection lost: is it plugged in and switched on\?$/m);
    expect(report.refusals).toEqual([]);
    expect(balance).toBe(0);
    expect(verifyDatabase(dbPath).ok).toBe(true);
  }, 120_000);
});

describe('a Pepper C1 in the hardware configuration', () => {
  it('is a reader at one place, zod-checked like a PN532 board', () => {
    const folder = mkdtempSync(join(tmpdir(), 'felt-pepper-config-'));
    writeFileSync(join(folder, 'deck.csv'), simulatedDeck(0).toCsv());
    const file = join(folder, 'table.db.hardware.json');
    writeFileSync(file, JSON.stringify({ deck: 'deck.csv', readers: [{ kind: 'pepper', id: 'seat-2', transport: 'serial', vendorId: '0403', productId: '6015', serialNumber: 'DK0F1A2B', place: 'seat 2' }] }));
    const setup = loadHardwareConfig(file, { serial: new SimulatedBinding(), hid: new SimulatedBinding() });
    expect(setup.readers?.map((reader) => ({ id: reader.id, kind: reader.kind, layout: [...reader.layout], options: reader.options }))).toEqual([{ id: 'seat-2', kind: 'pepper', layout: [[0, { kind: 'seat', seat: 2 }]], options: { antenna: 0 } }]);
    expect(configuredDevices(file).map((device) => device.what)).toEqual(['reader seat-2 (Eccel Pepper C1 (binary protocol), seat 2)']);
    writeFileSync(file, JSON.stringify({ deck: 'deck.csv', readers: [{ kind: 'pepper', transport: 'serial', path: '/dev/ttyUSB0', antennas: { '0': 'seat 2' } }] }));
    expect(() => loadHardwareConfig(file, { serial: new SimulatedBinding(), hid: new SimulatedBinding() })).toThrow(/readers\.0/);
  });
});

describe('felt devices monitor --device pepper, over a socat pseudo-terminal', () => {
  it('prints each tag seen and gone with its card, goes on through a spoilt answer, and says the reader unplugged', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'felt-pepper-monitor-'));
    const uids = simulatedNtagDeckUids(0);
    const deck = join(folder, 'deck.csv');
    writeFileSync(deck, DeckRegistration.fromUidsInCardOrder([...uids]).toCsv());
    const cable = await PtyCable.lay(folder, 'pepper');
    let pepper: SimulatedPepper | null = null;
    const end = new DeviceEnd(cable, (bytes) => pepper?.hear(bytes));
    pepper = new SimulatedPepper(end);
    const reader = pepper;
    await end.open();
    const io = cliIo();
    let stop: () => void = () => undefined;
    const exit = runDevices(['monitor', '--device', 'pepper', '--port', cable.tablePath, '--json', '--deck', deck], io, { stop: new Promise<void>((resolve) => (stop = resolve)) });
    const lines = (): { event: string; uid?: string; card?: string | null }[] => io.written.out.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as { event: string });
    try {
      reader.place(uids[0] as TagUid);
      await until(() => lines().some((line) => line.event === 'tag-seen' && line.uid === uids[0]), `the tag seen; the monitor printed:\n${io.written.out}${io.written.err}`, 10_000);
      reader.spoilNextAnswer('bad-checksum');
      const polls = reader.polls;
      await until(() => reader.polls > polls + 3, 'polls go on after a spoilt answer', 10_000);
      reader.lift(uids[0] as TagUid);
      await until(() => lines().some((line) => line.event === 'tag-gone' && line.uid === uids[0]), `the tag gone; the monitor printed:\n${io.written.out}${io.written.err}`, 10_000);
      expect(lines().find((line) => line.event === 'tag-seen')?.card).toBe('2c');
      await cable.unplug();
      await until(() => /disconnected|lost/.test(io.written.out + io.written.err), `the unplug said; the monitor printed:\n${io.written.out}${io.written.err}`, 10_000);
    } finally {
      stop();
      expect(await exit).toBe(0);
      await end.close();
      await cable.unplug();
    }
  }, 30_000);
});
