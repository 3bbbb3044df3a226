import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DeckRegistration } from '../../drivers/rfid/deck-registration.js';
import type { TagUid } from '../../drivers/rfid/tag-uid.js';
import { SimulatedMetratecReader } from '../../drivers/sim/metratec-device.js';
import { SimulatedPn532 } from '../../drivers/sim/pn532-device.js';
import { SimulatedRfidReader, simulatedDeckUids, simulatedNtagDeckUids } from '../../drivers/sim/rfid-device.js';
import { formatCard } from '../../src/cards/notation.js';
import type { Card } from '../../src/cards/card.js';
import { runDevices } from '../../src/cli/commands/devices.js';
import { DeviceEnd, PtyCable } from '../../src/hardware/pty-wiring.js';
import { SerialBinding } from '../../drivers/transport/serial-binding.js';
import { until } from '../support/until.js';
import { cliIo, scratch } from './cli-io.js';

type Line = { event: string; antenna?: number; uid?: string; card?: string | null; problem?: string };

/**
 * `felt devices monitor` on one end of a socat pseudo-terminal pair, a reader's simulator on the other,
 * speaking the reader's protocol byte for byte: what a technician sees for each fault a reader has.
 */
async function monitored(kind: 'pn532' | 'metratec' | 'felt', uids: readonly TagUid[], simulator: (end: DeviceEnd) => { hear(bytes: Uint8Array): void }) {
  const folder = scratch();
  const deck = join(folder, 'deck.csv');
  writeFileSync(deck, DeckRegistration.fromUidsInCardOrder([...uids]).toCsv());
  const cable = await PtyCable.lay(folder, kind);
  let device: { hear(bytes: Uint8Array): void } | null = null;
  const end = new DeviceEnd(cable, (bytes) => device?.hear(bytes));
  device = simulator(end);
  await end.open();
  const io = cliIo();
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const exit = runDevices(['monitor', '--device', kind, '--port', cable.tablePath, '--json', '--deck', deck, ...(kind === 'metratec' ? ['--antennas', '4'] : [])], io, { stop: stopped });
  const lines = (): Line[] =>
    io.written.out
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Line);
  const seen = async (what: (line: Line) => boolean, message: string): Promise<void> => until(() => lines().some(what), `${message}; the monitor printed:\n${io.written.out}${io.written.err}`, 10_000);
  return {
    cable,
    end,
    lines,
    seen,
    async finish(): Promise<number> {
      stop();
      const code = await exit;
      await end.close();
      await cable.unplug();
      return code;
    },
  };
}

const card = (number: number): string => formatCard(number as Card);
const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('felt devices monitor, over socat pseudo-terminals, through each reader’s faults', () => {
  it('a PN532 board: tags seen and gone with their cards, a flicker and spoilt answers unseen, a stranger named, the board unplugged and back', async () => {
    const uids = simulatedNtagDeckUids(3);
    let board: SimulatedPn532 | null = null;
    const run = await monitored('pn532', uids, (end) => (board = new SimulatedPn532(end)));
    const pn532 = board as unknown as SimulatedPn532;
    try {
      await run.seen((line) => line.event === 'connected', 'connected');
      pn532.place(uids[0] as TagUid);
      await run.seen((line) => line.event === 'tag-seen' && line.uid === uids[0], 'the first tag seen');
      // A flicker: the tag drops out of three polls and is back within the flicker window — no gone, no seen again.
      pn532.flicker(uids[0] as TagUid, 3);
      // A frame cut short, then one with a wrong checksum: the driver asks again (NACK) or polls again.
      pn532.spoilNextAnswer('cut');
      const polls = pn532.polls;
      await until(() => pn532.polls > polls + 5, 'polls go on after a cut answer', 10_000);
      pn532.spoilNextAnswer('bad-checksum');
      const after = pn532.polls;
      await until(() => pn532.polls > after + 5, 'polls go on after a spoilt checksum', 10_000);
      const stranger = '04AABBCCDDEEFF' as TagUid;
      pn532.place(stranger);
      await run.seen((line) => line.event === 'tag-seen' && line.uid === stranger, 'the stranger seen');
      pn532.lift(uids[0] as TagUid);
      await run.seen((line) => line.event === 'tag-gone', 'the first tag gone');
      expect(run.lines().filter((line) => line.event.startsWith('tag-'))).toEqual([
        { event: 'tag-seen', antenna: 0, uid: uids[0], card: card(0) },
        { event: 'tag-seen', antenna: 0, uid: stranger, card: null, problem: 'not a card of this deck' },
        { event: 'tag-gone', antenna: 0, uid: uids[0], card: card(0) },
      ]);
      expect(run.lines().filter((line) => line.event === 'unreadable').map((line) => line.problem)).toEqual([
        'a frame begun and not finished: 00 FF 03 FD',
        expect.stringMatching(/^data checksum 2D does not check/) as unknown as string,
      ]);
      // Unplugged: said once, and the board read afresh when it is back (it woke up asleep, as after a power cut).
      await run.cable.unplug();
      await run.seen((line) => line.event === 'disconnected', 'the board unplugged');
      await wait(1_500);
      expect(run.lines().filter((line) => line.event === 'disconnected')).toHaveLength(1);
      pn532.reset();
      await run.cable.plug();
      await run.end.open();
      await run.seen((line) => line.event === 'tag-seen' && line.uid === stranger && run.lines().filter((other) => other.event === 'connected').length === 2, 'the stranger seen again after the replug');
    } finally {
      expect(await run.finish()).toBe(0);
    }
  }, 40_000);

  it('a metratec QuasarMX: a tag in two antennas shown at both, a flicker unseen, cut and damaged inventories dropped whole', async () => {
    const uids = simulatedDeckUids(4);
    let reader: SimulatedMetratecReader | null = null;
    const run = await monitored('metratec', uids, (end) => (reader = new SimulatedMetratecReader(end)));
    const quasar = reader as unknown as SimulatedMetratecReader;
    const ticker = setInterval(() => quasar.tick(), 5);
    try {
      await run.seen((line) => line.event === 'connected', 'connected');
      await until(() => quasar.inventoryRunning, 'the host started continuous inventories', 10_000);
      // One tag between two antennas' fields: both read it.
      quasar.place(1, uids[12] as TagUid);
      quasar.place(2, uids[12] as TagUid);
      await run.seen((line) => line.event === 'tag-seen' && line.antenna === 2, 'the tag at the second antenna');
      quasar.flicker(1, uids[12] as TagUid, 2);
      quasar.spoilNextInventory('cut');
      let inventories = quasar.inventories;
      await until(() => quasar.inventories > inventories + 12, 'inventories go on after a cut one', 10_000);
      quasar.spoilNextInventory('bad-crc');
      inventories = quasar.inventories;
      await until(() => quasar.inventories > inventories + 12, 'inventories go on after a damaged one', 10_000);
      quasar.lift(2, uids[12] as TagUid);
      await run.seen((line) => line.event === 'tag-gone', 'the tag gone from the second antenna');
      expect(run.lines().filter((line) => line.event.startsWith('tag-'))).toEqual([
        { event: 'tag-seen', antenna: 1, uid: uids[12], card: card(12) },
        { event: 'tag-seen', antenna: 2, uid: uids[12], card: card(12) },
        { event: 'tag-gone', antenna: 2, uid: uids[12], card: card(12) },
      ]);
      expect(run.lines().filter((line) => line.event === 'unreadable').length).toBeGreaterThanOrEqual(1);
    } finally {
      clearInterval(ticker);
      expect(await run.finish()).toBe(0);
    }
  }, 40_000);

  it('Felt’s open reader protocol: an antenna fault and its end, frames cut or with a wrong CRC reported unreadable', async () => {
    const uids = simulatedDeckUids(5);
    let reader: SimulatedRfidReader | null = null;
    const run = await monitored('felt', uids, (end) => (reader = new SimulatedRfidReader(end)));
    const felt = reader as unknown as SimulatedRfidReader;
    try {
      await run.seen((line) => line.event === 'connected', 'connected');
      await wait(200);
      felt.truncated(7, uids[5] as TagUid);
      felt.badCrc(7, uids[5] as TagUid);
      felt.place(7, uids[5] as TagUid);
      await run.seen((line) => line.event === 'tag-seen', 'the tag seen');
      felt.antennaFault(20);
      await run.seen((line) => line.event === 'antenna-fault', 'the antenna fault');
      felt.antennaCleared(20);
      await run.seen((line) => line.event === 'antenna-recovered', 'the antenna back');
      expect(run.lines().filter((line) => line.event !== 'connected' && line.event !== 'unreadable')).toEqual([
        { event: 'tag-seen', antenna: 7, uid: uids[5], card: card(5) },
        { event: 'antenna-fault', antenna: 20, code: 1, problem: expect.stringMatching(/open circuit/) as unknown as string },
        { event: 'antenna-recovered', antenna: 20 },
      ]);
      expect(run.lines().filter((line) => line.event === 'unreadable').length).toBeGreaterThanOrEqual(1);
    } finally {
      expect(await run.finish()).toBe(0);
    }
  }, 40_000);

  it('runs as `felt devices monitor` until Ctrl-C, and ends with exit 0', async () => {
    const folder = scratch();
    const cable = await PtyCable.lay(folder, 'felt');
    let reader: SimulatedRfidReader | null = null;
    const end = new DeviceEnd(cable, (bytes) => reader?.hear(bytes));
    reader = new SimulatedRfidReader(end);
    await end.open();
    const child = spawn(fileURLToPath(new URL('../../bin/felt', import.meta.url)), ['devices', 'monitor', '--device', 'felt', '--port', cable.tablePath], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await until(() => out.includes('connected: '), `the monitor connected; it said: ${out}${err}`, 15_000);
      (reader as SimulatedRfidReader).place(3, simulatedDeckUids(0)[0] as TagUid);
      await until(() => out.includes('seen  antenna 3  E004FE1700000000'), `the tag seen; it said: ${out}${err}`, 10_000);
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(err).toBe(`Reading ${cable.tablePath} as felt (no deck: cards not named); Ctrl-C to stop.\n`);
    } finally {
      child.kill('SIGKILL');
      await end.close();
      await cable.unplug();
    }
  }, 40_000);

  it('names each antenna’s place from the table’s configuration, and says when the port is no reader of it', async () => {
    const folder = scratch();
    const cable = await PtyCable.lay(folder, 'seat4');
    let board: SimulatedPn532 | null = null;
    const end = new DeviceEnd(cable, (bytes) => board?.hear(bytes));
    board = new SimulatedPn532(end);
    await end.open();
    const uids = simulatedNtagDeckUids(6);
    writeFileSync(join(folder, 'deck.csv'), DeckRegistration.fromUidsInCardOrder(uids).toCsv());
    const config = join(folder, 'table.db.hardware.json');
    writeFileSync(config, JSON.stringify({ deck: 'deck.csv', readers: [{ kind: 'pn532', transport: 'serial', path: cable.tablePath, place: 'seat 4' }] }));
    const io = cliIo();
    let stop: () => void = () => undefined;
    const exit = runDevices(['monitor', '--device', 'pn532', '--port', cable.tablePath, '--config', config], io, { stop: new Promise<void>((resolve) => (stop = resolve)) });
    try {
      (board as SimulatedPn532).place(uids[40] as TagUid);
      await until(() => io.written.out.includes('seen'), `the tag seen; the monitor said: ${io.written.out}${io.written.err}`, 10_000);
      expect(io.written.out).toContain(`seen  antenna 0 (seat 4)  ${uids[40] ?? ''}  ${card(40)}\n`);
      stop();
      expect(await exit).toBe(0);
      const elsewhere = config.replace('table.db', 'other.db');
      writeFileSync(elsewhere, JSON.stringify({ deck: 'deck.csv', readers: [{ kind: 'pn532', transport: 'serial', path: '/dev/ttyUSB7', place: 'seat 4' }] }));
      const other = cliIo();
      expect(await runDevices(['monitor', '--device', 'pn532', '--port', cable.tablePath, '--config', elsewhere], other, { stop: Promise.resolve() })).toBe(0);
      expect(other.written.err).toContain(`felt devices: no reader of the configuration is at ${cable.tablePath}: places are not shown\n`);
      const wrongKind = cliIo();
      expect(await runDevices(['monitor', '--device', 'metratec', '--port', cable.tablePath, '--config', config], wrongKind, { stop: Promise.resolve() })).toBe(0);
      expect(wrongKind.written.err).toContain(`the configuration has ${cable.tablePath} as reader rfid-1 (NXP PN532 board (HSU), seat 4), not a metratec reader`);
    } finally {
      stop();
      await end.close();
      await cable.unplug();
    }
  }, 40_000);

  it('ends at once, naming why, on a port another program holds (the table)', async () => {
    const cable = await PtyCable.lay(scratch(), 'held');
    const table = await new SerialBinding().open(cable.tablePath, {});
    try {
      const io = cliIo();
      expect(await runDevices(['monitor', '--device', 'pn532', '--port', cable.tablePath], io, { stop: new Promise(() => undefined) })).toBe(1);
      expect(io.written.err).toMatch(/^Reading .*; Ctrl-C to stop\.\nfelt devices: .*held-table cannot be opened: .*\(another program has it open: the table\? stop it first\)\n$/);
    } finally {
      await table.close();
      await cable.unplug();
    }
  });

  it('refuses a port with nothing at it, an unknown kind, and a deck it cannot read, in words', async () => {
    const nothing = cliIo();
    expect(await runDevices(['monitor', '--device', 'pn532', '--port', join(scratch(), 'ttyUSB9')], nothing)).toBe(1);
    expect(nothing.written.err).toMatch(/^felt devices: nothing at .*ttyUSB9: `felt devices list` shows the devices present\n$/);
    await expect(runDevices(['monitor', '--device', 'acme', '--port', '/dev/null'], cliIo())).rejects.toThrow("--device must be one of felt, metratec, pn532, pepper, got 'acme'");
    await expect(runDevices(['monitor', '--device', 'pn532', '--port', '/dev/null', '--antennas', '4'], cliIo())).rejects.toThrow('--antennas is for a metratec reader');
    const deck = join(scratch(), 'deck.csv');
    writeFileSync(deck, 'uid,card\n04A1B2C3D4E5F6,Ah\n');
    const short = cliIo();
    expect(await runDevices(['monitor', '--device', 'pn532', '--port', '/dev/null', '--deck', deck], short)).toBe(1);
    expect(short.written.err).toMatch(/^felt devices: .*deck\.csv: .*52/);
  });
});
