import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DeckRegistration } from '../../drivers/rfid/deck-registration.js';
import { simulatedNtagDeckUids } from '../../drivers/sim/rfid-device.js';
import { runDevices } from '../../src/cli/commands/devices.js';
import { fakeMachine } from '../drivers/transport/fake-machine.js';
import { type ListedDevice, listSerialDevices } from '../../drivers/transport/sysfs-devices.js';
import { takeInventory } from '../../src/hardware/device-inventory.js';
import { cliIo, scratch } from './cli-io.js';

describe('felt devices list', () => {
  const configured = (folder: string, config: unknown): string => {
    const file = join(folder, 'table.db.hardware.json');
    writeFileSync(file, JSON.stringify(config));
    writeFileSync(join(folder, 'deck.csv'), DeckRegistration.fromUidsInCardOrder(simulatedNtagDeckUids(1)).toCsv());
    return file;
  };

  it('lists the serial and HID devices present with ids, serial numbers and stable paths, and which configured device each is', async () => {
    const root = fakeMachine();
    const folder = scratch();
    const file = configured(folder, {
      shoe: { transport: 'serial', vendorId: '0403', productId: '6015', serialNumber: 'SHOE1' },
      panel: { transport: 'hid', vendorId: '1209', productId: 'FE17' },
      deck: 'deck.csv',
      readers: [
        { kind: 'metratec', transport: 'serial', vendorId: '0403', productId: '6001', serialNumber: 'A10K3XYZ', antennas: { '0': 'board' } },
        { kind: 'pn532', id: 'seat-3', transport: 'serial', path: join(root.dev, 'serial/by-path/pci-0000:00:14.0-usb-0:3:1.0-port0'), place: 'seat 3' },
      ],
    });
    const io = cliIo();
    expect(await runDevices(['list', '--config', file], io, { root })).toBe(0);
    const text = io.written.out;
    expect(text).toContain(`  ${join(root.dev, 'ttyUSB0')}  0403:6001  serial A10K3XYZ  FTDI FT232R USB UART\n      ${join(root.dev, 'serial/by-id/usb-FTDI_FT232R_USB_UART_A10K3XYZ-if00-port0')}\n      ${join(root.dev, 'serial/by-path/pci-0000:00:14.0-usb-0:2:1.0-port0')}\n      is reader rfid-1 (metratec QuasarMX (ASCII protocol))\n`);
    expect(text).toContain(`  ${join(root.dev, 'ttyUSB1')}  1a86:7523  no serial number  USB Serial\n      ${join(root.dev, 'serial/by-path/pci-0000:00:14.0-usb-0:3:1.0-port0')}\n      is reader seat-3 (NXP PN532 board (HSU), seat 3)\n`);
    expect(text).toContain(`  ${join(root.dev, 'ttyACM0')}  0483:5740  serial 2069377A5753\n      not in the configuration\n`);
    expect(text).toContain(`HID devices: 1\n  ${join(root.dev, 'hidraw0')}  1209:fe17  serial PANEL-7  Felt Croupier panel\n      ${join(root.dev, 'felt/panel')}\n      is the button panel\n`);
    expect(text).toContain(`Configured in ${file} and not plugged in: 1 device\n  the shoe: 0403:6015, serial SHOE1\n`);

    const json = cliIo();
    expect(await runDevices(['list', '--config', file, '--json'], json, { root })).toBe(0);
    const listed = JSON.parse(json.written.out) as { devices: { path: string; configured: string | null; stablePaths: string[] }[]; missing: { name: string }[] };
    expect(listed.devices.map((device) => [device.path, device.configured])).toEqual([
      [join(root.dev, 'ttyACM0'), null],
      [join(root.dev, 'ttyUSB0'), 'rfid-1'],
      [join(root.dev, 'ttyUSB1'), 'seat-3'],
      [join(root.dev, 'hidraw0'), 'panel'],
    ]);
    expect(listed.missing.map((device) => device.name)).toEqual(['shoe']);
  });

  it('says when two plugged-in devices answer one configured identity, and matches a device by a link that leads to it', () => {
    const root = fakeMachine();
    const [ftdi, ch340] = listSerialDevices(root).slice(1) as [ListedDevice, ListedDevice];
    const twin: ListedDevice = { ...ftdi, path: '/dev/ttyUSB7', stablePaths: [] };
    const { rows, missing } = takeInventory([ftdi, twin, ch340], [
      { name: 'rfid-1', what: 'reader rfid-1', transport: 'serial', target: { identity: { vendorId: '0403', productId: '6001', serialNumber: null }, path: null } },
      { name: 'seat-2', what: 'reader seat-2', transport: 'serial', target: { identity: null, path: ch340.path } },
      { name: 'panel', what: 'the button panel', transport: 'hid', target: { identity: { vendorId: '0403', productId: '6001', serialNumber: null }, path: null } },
    ]);
    expect(rows.map((row) => [row.path, row.configured, row.ambiguous])).toEqual([
      [ftdi.path, 'rfid-1', '2 devices of this identity are plugged in: give rfid-1 its serialNumber (or, for adapters without one, its by-path path)'],
      ['/dev/ttyUSB7', 'rfid-1', '2 devices of this identity are plugged in: give rfid-1 its serialNumber (or, for adapters without one, its by-path path)'],
      [ch340.path, 'seat-2', null],
    ]);
    // A HID device is never a serial one of the same ids.
    expect(missing.map((device) => device.name)).toEqual(['panel']);
  });

  it('names the file and the field of a configuration it cannot read, and lists without one where none is named', async () => {
    const root = fakeMachine();
    const file = configured(scratch(), { readers: [{ kind: 'pn532', transport: 'serial', place: 'seat 15' }] });
    const io = cliIo();
    expect(await runDevices(['list', '--config', file], io, { root })).toBe(1);
    expect(io.written.err).toMatch(/^felt devices: .*table\.db\.hardware\.json: /);
    expect(io.written.err).toContain("readers.0.place: 'seat 1' … 'seat 14'");
    expect(io.written.err).toContain('readers.0.path: give the device’s vendorId and productId, or its path');
    // A binary file: its bytes are not sent to the terminal (an escape sequence would clear the screen).
    const binary = join(scratch(), 'binary.json');
    writeFileSync(binary, Buffer.from([0x51, 0x1b, 0x5b, 0x32, 0x4a, 0x07, 0x00, 0xff]));
    const garbage = cliIo();
    expect(await runDevices(['list', '--config', binary], garbage, { root })).toBe(1);
    expect(garbage.written.err).toMatch(/binary\.json: not JSON \(/);
    expect([...garbage.written.err.slice(0, -1)].filter((char) => char.charCodeAt(0) < 0x20)).toEqual([]);
    const missing = cliIo();
    expect(await runDevices(['list', '--config', join(scratch(), 'none.json')], missing, { root })).toBe(1);
    expect(missing.written.err).toMatch(/none\.json: no hardware configuration/);
    const bare = cliIo();
    process.env['XDG_DATA_HOME'] = scratch();
    expect(await runDevices(['list'], bare, { root })).toBe(0);
    expect(bare.written.out).toContain('Serial devices: 3\n');
    expect(bare.written.out).toContain('No hardware configuration read');
  });

  const xdg = process.env['XDG_DATA_HOME'];
  afterEach(() => {
    if (xdg === undefined) delete process.env['XDG_DATA_HOME'];
    else process.env['XDG_DATA_HOME'] = xdg;
  });
});
