import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { until } from '../support/until.js';
import { Core } from '../../src/api/core.js';
import { hardwareConfigPath, loadHardwareConfig } from '../../src/hardware/hardware-config.js';
import { DeviceEnd, PtyCable } from '../../src/hardware/pty-wiring.js';
import { SimulatedShoeDevice } from '../../drivers/sim/shoe-device.js';
import { simulatedDeck } from '../../drivers/sim/rfid-device.js';
import { SimulatedBinding } from '../../drivers/sim/simulated-binding.js';
import type { TagUid } from '../../drivers/rfid/tag-uid.js';

const serial = new SimulatedBinding();
const hid = new SimulatedBinding();

function folderWith(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'felt-hardware-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  return folder;
}

const load = (config: unknown, files: Record<string, string> = {}) => {
  const folder = folderWith({ ...files, 'table.db.hardware.json': typeof config === 'string' ? config : JSON.stringify(config) });
  return () => loadHardwareConfig(join(folder, 'table.db.hardware.json'), { serial, hid });
};

describe("the table's hardware configuration", () => {
  it('finds each device by identity or path, reads the deck registration beside it, and wires the antennas as written', () => {
    const setup = load(
      {
        shoe: { transport: 'serial', vendorId: '0403', productId: '6001', serialNumber: 'A10K3', path: '/dev/ttyUSB0' },
        rfid: { transport: 'serial', path: '/dev/ttyUSB1', baudRate: 57600, deck: 'blue.csv', antennas: { '1': 'seat 1', '9': 'seat 10', '20': 'board', '21': 'burn', '22': 'muck' } },
        panel: { transport: 'hid', vendorId: '1209', productId: 'FE17' },
      },
      { 'blue.csv': simulatedDeck(0).toCsv() },
    )();
    expect(setup.shoe).toEqual({ binding: serial, target: { identity: { vendorId: '0403', productId: '6001', serialNumber: 'A10K3' }, path: '/dev/ttyUSB0' } });
    expect(setup.rfid?.target).toEqual({ identity: null, path: '/dev/ttyUSB1', baudRate: 57600 });
    expect(setup.rfid?.deck.toCsv()).toBe(simulatedDeck(0).toCsv());
    expect([...(setup.rfid?.layout ?? [])]).toEqual([
      [1, { kind: 'seat', seat: 1 }],
      [9, { kind: 'seat', seat: 10 }],
      [20, { kind: 'board' }],
      [21, { kind: 'burn' }],
      [22, { kind: 'muck' }],
    ]);
    expect(setup.panel).toEqual({ binding: hid, framing: 'report', target: { identity: { vendorId: '1209', productId: 'fe17', serialNumber: null }, path: null } });
    expect(load({ panel: { transport: 'serial', path: '/dev/ttyS0' } })().panel?.framing).toBe('stream');
    expect(load({})()).toEqual({});
  });

  it('names the file and every problem in it, and changes nothing', () => {
    expect(() => loadHardwareConfig('/nowhere/table.db.hardware.json')).toThrow('/nowhere/table.db.hardware.json: no hardware configuration (docs/operations.md, "Real hardware"); write one, or start with --hardware sim');
    expect(load('{"shoe": ')).toThrow(/table\.db\.hardware\.json: not JSON/);
    expect(load({ shoe: { transport: 'serial' } })).toThrow(/shoe\.path: give the device’s vendorId and productId, or its path/);
    expect(load({ shoe: { transport: 'serial', path: '/dev/ttyUSB0', vendorId: '0403' } })).toThrow(/shoe\.productId: vendorId and productId go together/);
    expect(load({ shoe: { transport: 'serial', path: '/dev/ttyUSB0', serialNumber: 'A1' } })).toThrow(/shoe\.serialNumber: a serial number is looked for with its vendorId and productId/);
    expect(load({ panel: { transport: 'hid', vendorId: '1209', productId: 'fe17', baudRate: 9600 } })).toThrow(/panel\.baudRate: a USB HID device has no baud rate/);
    expect(load({ shoe: { transport: 'serial', path: '/dev/ttyUSB0' }, panel: { transport: 'serial', path: '/dev/ttyUSB0' } })).toThrow(/panel\.path: the shoe is at \/dev\/ttyUSB0 already/);
    expect(load({ shoe: { transport: 'serial', vendorId: '0403', productId: '6001' }, rfid: { transport: 'serial', vendorId: '0403', productId: '6001', deck: 'd.csv' } }, { 'd.csv': simulatedDeck(0).toCsv() })).toThrow(/rfid\.serialNumber: the shoe has the same vendorId, productId and serial number: give each its serialNumber/);
    expect(load({ shoe: { transport: 'serial', path: '/dev/ttyUSB0', speed: 9600 } })).toThrow(/shoe: Unrecognized key: "speed"/);
    expect(load({ panel: { transport: 'usb', vendorId: '12', productId: 'fe17' } })).toThrow(/panel\.transport: .*; panel\.vendorId: four hex digits, as lsusb shows them \(e\.g\. 0403\)/);
    expect(load({ rfid: { transport: 'serial', path: '/dev/ttyUSB1' } })).toThrow(/rfid\.deck: /);
    expect(load({ rfid: { transport: 'serial', path: '/dev/ttyUSB1', deck: 'd.csv', antennas: { '300': 'board', '5': 'seat 15', '01': 'muck' } } }, { 'd.csv': simulatedDeck(0).toCsv() })).toThrow(/rfid\.antennas\.5: 'seat 1' … 'seat 14'; rfid\.antennas\.300: '300' is no antenna id \(0–255\); rfid\.antennas\.01: '01' is no antenna id/);
    expect(load({ rfid: { transport: 'serial', path: '/dev/ttyUSB1', deck: 'd.csv' } }, { 'd.csv': 'uid,card\nE004FE1700000000,2c\n' })).toThrow(/d\.csv \(rfid\.deck\): .*52/);
    expect(load({ rfid: { transport: 'serial', path: '/dev/ttyUSB1', deck: 'missing.csv' } })).toThrow(/missing\.csv \(rfid\.deck\) cannot be read/);
  });

  it('reads several readers of each kind with one deck of NTAG tags, each with its antennas’ places and a name on the status bar (D68)', () => {
    const ntag = Array.from({ length: 52 }, (_, card) => `04:A1:B2:C3:D4:E5:${card.toString(16).padStart(2, '0')},${['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'][card >> 2] ?? ''}${['c', 'd', 'h', 's'][card & 3] ?? ''}`);
    const setup = load(
      {
        deck: 'red.csv',
        readers: [
          { kind: 'metratec', transport: 'serial', vendorId: '0403', productId: '6001', serialNumber: 'QMX00421', antennas: { '0': 'board', '1': 'burn', '3': 'muck' } },
          { kind: 'pn532', transport: 'serial', path: '/dev/serial/by-path/pci-0000:00:14.0-usb-0:3.1:1.0-port0', place: 'seat 1' },
          { kind: 'pn532', id: 'seat-two', transport: 'serial', path: '/dev/ttyUSB7', baudRate: 57600, place: 'seat 2' },
          { kind: 'felt', transport: 'serial', path: '/dev/ttyACM0' },
        ],
      },
      { 'red.csv': ['uid,card', ...ntag].join('\n') },
    )();
    const readers = setup.readers ?? [];
    expect(readers.map((reader) => [reader.id, reader.kind, reader.target.path, reader.target.baudRate, reader.options])).toEqual([
      ['rfid-1', 'metratec', null, 115_200, { antennas: 4 }],
      ['rfid-2', 'pn532', '/dev/serial/by-path/pci-0000:00:14.0-usb-0:3.1:1.0-port0', 115_200, { antenna: 0 }],
      ['seat-two', 'pn532', '/dev/ttyUSB7', 57_600, { antenna: 0 }],
      ['rfid-4', 'felt', '/dev/ttyACM0', 115_200, undefined],
    ]);
    expect(readers[0]?.target.identity).toEqual({ vendorId: '0403', productId: '6001', serialNumber: 'QMX00421' });
    expect([...(readers[0]?.layout ?? [])]).toEqual([
      [0, { kind: 'board' }],
      [1, { kind: 'burn' }],
      [3, { kind: 'muck' }],
    ]);
    expect([...(readers[2]?.layout ?? [])]).toEqual([[0, { kind: 'seat', seat: 2 }]]);
    expect(readers[3]?.layout.get(22)).toEqual({ kind: 'muck' });
    expect(readers[1]?.deck.lookup('04A1B2C3D4E533' as TagUid)).toBe(51);
    expect(readers.every((reader) => reader.deck === readers[0]?.deck)).toBe(true);
  });

  it('names every problem of the readers, and changes nothing', () => {
    const deck = { 'd.csv': simulatedDeck(0).toCsv() };
    expect(load({ readers: [{ kind: 'pn532', transport: 'serial', path: '/dev/ttyUSB1', place: 'seat 1' }] }, deck)).toThrow(/deck: the readers need the deck they read/);
    expect(load({ deck: 'd.csv' }, deck)).toThrow(/deck: a deck is read by readers: list them in readers/);
    expect(load({ deck: 'd.csv', readers: [] }, deck)).toThrow(/readers: list at least one reader/);
    expect(load({ deck: 'd.csv', readers: [{ kind: 'rfid9000', transport: 'serial', path: '/dev/ttyUSB1' }] }, deck)).toThrow(/readers\.0\.kind: /);
    expect(load({ deck: 'd.csv', readers: [{ kind: 'metratec', transport: 'serial', path: '/dev/ttyUSB1', antennas: { '16': 'board', '2': 'table' } }] }, deck)).toThrow(/readers\.0\.antennas\.2: .*readers\.0\.antennas\.16: '16' is no antenna port of a metratec reader \(0–15\)/);
    expect(load({ deck: 'd.csv', readers: [{ kind: 'metratec', transport: 'serial', path: '/dev/ttyUSB1', antennas: {} }] }, deck)).toThrow(/readers\.0\.antennas: name at least one antenna port/);
    expect(load({ deck: 'd.csv', readers: [{ kind: 'pn532', transport: 'serial', path: '/dev/ttyUSB1' }] }, deck)).toThrow(/readers\.0\.place: /);
    expect(load({ deck: 'd.csv', readers: [{ kind: 'pn532', transport: 'serial', path: '/dev/ttyUSB1', place: 'seat 1' }, { kind: 'pn532', transport: 'serial', path: '/dev/ttyUSB1', place: 'seat 2' }] }, deck)).toThrow(/readers\.1\.path: reader 1 \(rfid-1\) is at \/dev\/ttyUSB1 already/);
    expect(load({ deck: 'd.csv', readers: [{ kind: 'pn532', id: 'x', transport: 'serial', path: '/dev/ttyUSB1', place: 'seat 1' }, { kind: 'pn532', id: 'x', transport: 'serial', path: '/dev/ttyUSB2', place: 'seat 2' }] }, deck)).toThrow(/readers\.1\.id: reader 1 is called x already/);
    expect(load({ deck: 'd.csv', readers: [{ kind: 'pn532', id: 'Shoe!', transport: 'serial', path: '/dev/ttyUSB2', place: 'seat 2' }] }, deck)).toThrow(/readers\.0\.id: a name of lower-case letters/);
    expect(load({ shoe: { transport: 'serial', vendorId: '1a86', productId: '7523' }, deck: 'd.csv', readers: [{ kind: 'pn532', transport: 'serial', vendorId: '1a86', productId: '7523', place: 'seat 2' }] }, deck)).toThrow(/readers\.0\.serialNumber: the shoe has the same vendorId, productId and serial number/);
    expect(load({ rfid: { transport: 'serial', path: '/dev/ttyUSB3', deck: 'd.csv' }, deck: 'd.csv', readers: [{ kind: 'pn532', transport: 'serial', path: '/dev/ttyUSB2', place: 'seat 2' }] }, deck)).toThrow(/rfid: with readers, put this reader among them/);
    expect(load({ deck: 'nothing.csv', readers: [{ kind: 'pn532', transport: 'serial', path: '/dev/ttyUSB2', place: 'seat 2' }] })).toThrow(/nothing\.csv \(deck\) cannot be read/);
  });

  it('runs a table on real hardware: the configured shoe on a serial line is found, checked and shown; the simulation is refused', async () => {
    const folder = folderWith({});
    const cable = await PtyCable.lay(folder, 'shoe');
    let shoe: SimulatedShoeDevice | null = null;
    const end = new DeviceEnd(cable, (bytes) => shoe?.hear(bytes));
    await end.open();
    shoe = new SimulatedShoeDevice(end);
    const dbPath = join(folder, 'table.db');
    writeFileSync(hardwareConfigPath(dbPath), JSON.stringify({ shoe: { transport: 'serial', path: cable.tablePath } }));
    const core = await Core.open({ dbPath, hardware: 'real', floorPin: '246813' });
    try {
      const shoe = () => core.controller.view().devices.find((device) => device.id === 'shoe')?.detail?.en;
      await until(() => shoe() === 'deck checked: 52 cards', 'the shoe’s deck check', 3_000);
      expect(shoe()).toBe('deck checked: 52 cards');
      const reply = core.connect(() => undefined).handle(JSON.stringify({ id: '1', name: 'sim-deal' }));
      expect(reply).toMatchObject({ ok: false, error: { code: 'not-simulated' } });
    } finally {
      core.close();
      await end.close();
      await cable.unplug();
    }
    await expect(Core.open({ dbPath: join(folder, 'other.db'), hardware: 'real' })).rejects.toThrow(/other\.db\.hardware\.json: no hardware configuration/);
  });
});
