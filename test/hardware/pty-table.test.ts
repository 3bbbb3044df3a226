import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../src/cards/random.js';
import { TableController } from '../../src/controller/table-controller.js';
import { CASINO_5_10 } from '../../src/engine/table/table-config.js';
import { SIM_FAULTS } from '../../src/hardware/sim-faults.js';
import { READER_FAULTS } from '../../src/hardware/simulated-antennas.js';
import { ptyTable } from '../../src/hardware/pty-table.js';
import { SimulatedCroupier } from '../../src/hardware/simulated-croupier.js';
import { Store } from '../../src/store/store.js';
import { verifyDatabase } from '../../src/store/verify.js';
import type { ReaderKind } from '../../drivers/rfid/reader-kinds.js';

/** A session at the pty table. The croupier waits long for a card or a press (other tests share the CPU): a wait only lasts when something is missing. */
async function session(hands: number, faults: boolean, seed: number, reader: ReaderKind = 'felt') {
  const folder = mkdtempSync(join(tmpdir(), 'felt-pty-table-'));
  const dbPath = join(folder, 'table.db');
  const store = Store.open(dbPath);
  const controller = TableController.open(store, { now: () => Date.now() }, CASINO_5_10);
  const { table, close } = await ptyTable(controller, new SeededRandom(seed), folder, { reader });
  const lines: string[] = [];
  try {
    const report = await new SimulatedCroupier(controller, table, new SeededRandom(seed + 1), { hands, faults, log: (line) => lines.push(line), patienceMs: faults ? 600 : 2_000 }).play();
    const { buyIns, cashOuts, timeCollected, rake, adjustments } = controller.table.totals;
    const onTable = controller.table.seats.reduce((sum, player) => sum + (player?.stack ?? 0), 0);
    return { report, balance: buyIns - cashOuts - timeCollected - rake + adjustments - onTable, lines, dbPath, store };
  } finally {
    await close();
    store.close();
  }
}

describe('complete hands over real serial lines (socat pseudo-terminals, serialport)', () => {
  it('deals from the shoe, reads the antennas and takes every action from the button panel, no touch needed', async () => {
    const { report, balance, dbPath } = await session(4, false, 21);
    expect(report.hands).toBe(4);
    expect(report.touchEntries).toBe(0);
    expect(report.antennaEntries).toBe(0);
    expect(report.refusals).toEqual([]);
    expect(report.statuses.filter((line) => / (fault|disconnected):/.test(line))).toEqual([]);
    expect(balance).toBe(0);
    expect(verifyDatabase(dbPath).ok).toBe(true);
  }, 60_000);

  it('goes on through every fault a device can have: each shows on the status bar, no chip or card is lost', async () => {
    const { report, balance, dbPath } = await session(14, true, 5);
    expect(report.hands).toBe(14);
    expect(new Set(report.faults)).toEqual(new Set([...SIM_FAULTS, ...READER_FAULTS]));
    const shown = report.statuses.join('\n');
    // Each fault's prompt, as the croupier reads it.
    expect(shown).toMatch(/^shoe disconnected: connection lost: is it plugged in and switched on\?$/m);
    expect(shown).toMatch(/^shoe fault: the shoe jammed \(card stuck at the exit\)$/m);
    expect(shown).toMatch(/^shoe fault: The deck failed its check \(52 cards: missing 1; twice 1\): do not deal it$/m);
    expect(shown).toMatch(/^shoe connected: 1 card\(s\) the shoe did not report are on the table$/m);
    expect(shown).toMatch(/^rfid disconnected: connection lost: is it plugged in and switched on\?$/m);
    expect(shown).toMatch(/^rfid fault: a card not of this deck at the board: stop the game and call the floor$/m);
    expect(shown).toMatch(/^rfid fault: antenna 20 \(board\): no antenna connected \(open circuit\)$/m);
    expect(shown).toMatch(/^rfid fault: a card dealt to (seat \d+|the board|the burn) is at (seat 1|the board): call the floor$/m);
    expect(shown).toMatch(/^panel disconnected: connection lost: is it plugged in and switched on\?$/m);
    // Never the driver's words (the pty's path, the system's error) on the status bar.
    expect(shown).not.toMatch(/^\w+ disconnected: .*(went away|felt-pty-table-)/m);
    // A lost sentence was made up by the antenna's read; noise, repeats, cut and damaged frames changed nothing.
    expect(report.antennaEntries).toBeGreaterThan(0);
    expect(report.refusals).toEqual([]);
    expect(balance).toBe(0);
    const verified = verifyDatabase(dbPath);
    expect(verified.ok).toBe(true);
  }, 120_000);

  for (const reader of ['metratec', 'pn532'] as const) {
    it(`plays on a ${reader === 'metratec' ? 'metratec QuasarMX’s simulator (13 antennas multiplexed)' : 'PN532 board per place, each on its own line'}, through the reader's faults: no chip or card lost`, async () => {
      const clean = await session(2, false, 8, reader);
      expect(clean.report.hands).toBe(2);
      expect(clean.report.touchEntries).toBe(0);
      expect(clean.report.refusals).toEqual([]);
      expect(clean.report.statuses.filter((line) => / (fault|disconnected):/.test(line))).toEqual([]);
      expect(clean.balance).toBe(0);
      const { report, balance, dbPath } = await session(7, true, 9, reader);
      for (const fault of ['rfid-unplug', 'rfid-replug', 'rfid-truncated', 'rfid-bad-crc', 'rfid-two-antennas', 'rfid-flicker', 'rfid-garbage'] as const) expect(report.faults).toContain(fault);
      expect(report.faults).not.toContain('rfid-antenna-fault');
      const shown = report.statuses.join('\n');
      expect(shown).toMatch(/^rfid disconnected: connection lost: is it plugged in and switched on\?$/m);
      expect(shown).toMatch(/^rfid[-\w]* fault: a card dealt to (seat \d+|the board|the burn) is at (seat \d+|the board|the burn): call the floor$/m);
      expect(report.refusals).toEqual([]);
      expect(balance).toBe(0);
      expect(verifyDatabase(dbPath).ok).toBe(true);
    }, 120_000);
  }
});
