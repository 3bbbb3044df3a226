import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { type AntennaLayout, type AntennaPlace, DEFAULT_ANTENNA_LAYOUT } from '../../drivers/rfid/antenna-layout.js';
import { DeckRegistrationError, importDeckCsv } from '../../drivers/rfid/deck-registration.js';
import { HidBinding } from '../../drivers/transport/hid-binding.js';
import { SerialBinding } from '../../drivers/transport/serial-binding.js';
import type { DeviceTarget } from '../../drivers/device-connection.js';
import type { TransportBinding } from '../../drivers/transport/transport.js';
import type { HardwareSetup } from './table-hardware.js';

/**
 * A table's hardware, as the installation wrote it: `<table>.db.hardware.json` beside the table's log
 * (docs/operations.md, "Real hardware"). Each device is optional; each is found by its USB identity
 * (vendor, product, serial number) and, where the ports cannot be listed, by its path.
 *
 *   {
 *     "shoe":  { "transport": "serial", "vendorId": "0403", "productId": "6001", "serialNumber": "A10K3", "path": "/dev/ttyUSB0" },
 *     "rfid":  { "transport": "serial", "path": "/dev/ttyUSB1", "deck": "deck-blue.csv", "antennas": { "20": "board", "21": "burn", "22": "muck", "1": "seat 1" } },
 *     "panel": { "transport": "hid", "vendorId": "1209", "productId": "fe17" }
 *   }
 */
const hex4 = z.string().regex(/^[0-9a-fA-F]{4}$/, 'four hex digits, as lsusb shows them (e.g. 0403)');

/** Where a device is: its USB identity, its path, or both; and the line's speed for a serial device. */
const DEVICE_FIELDS = {
  path: z.string().min(1).optional(),
  vendorId: hex4.optional(),
  productId: hex4.optional(),
  serialNumber: z.string().min(1).optional(),
  baudRate: z.number().int().min(300).max(4_000_000).optional(),
};

type DeviceFields = { path?: string | undefined; vendorId?: string | undefined; productId?: string | undefined; serialNumber?: string | undefined; baudRate?: number | undefined };

/** Checks every device's fields together, each problem named at its field. */
function checkDevice(given: DeviceFields & { transport: string }, context: z.RefinementCtx): void {
  const problem = (field: string, message: string): void => context.addIssue({ code: 'custom', path: [field], message });
  if (given.path === undefined && given.vendorId === undefined && given.productId === undefined) problem('path', 'give the device’s vendorId and productId, or its path');
  if ((given.vendorId === undefined) !== (given.productId === undefined)) problem(given.vendorId === undefined ? 'vendorId' : 'productId', 'vendorId and productId go together');
  if (given.serialNumber !== undefined && given.vendorId === undefined) problem('serialNumber', 'a serial number is looked for with its vendorId and productId');
  if (given.baudRate !== undefined && given.transport === 'hid') problem('baudRate', 'a USB HID device has no baud rate');
}

const antennaPlace = z.union([z.literal('board'), z.literal('burn'), z.literal('muck'), z.string().regex(/^seat (1[0-4]|[1-9])$/, "'seat 1' … 'seat 14'")]);
const ANTENNA_ID = /^(0|[1-9]\d?|1\d\d|2[0-4]\d|25[0-5])$/;
const antennas = z.record(z.string(), antennaPlace).superRefine((given, context) => {
  for (const id of Object.keys(given)) if (!ANTENNA_ID.test(id)) context.addIssue({ code: 'custom', path: [id], message: `'${id}' is no antenna id (0–255)` });
});

const schema = z
  .object({
    shoe: z.object({ transport: z.literal('serial'), ...DEVICE_FIELDS }).strict().superRefine(checkDevice).optional(),
    rfid: z
      .object({
        transport: z.literal('serial'),
        /** The vendor's UID list (or a scanned deck saved) as CSV, beside this file or an absolute path. */
        deck: z.string().min(1),
        /** Antenna id → place; the default wiring (1–14 seats, 20 board, 21 burn, 22 muck) when left out. */
        antennas: antennas.optional(),
        ...DEVICE_FIELDS,
      })
      .strict()
      .superRefine(checkDevice)
      .optional(),
    panel: z.object({ transport: z.union([z.literal('hid'), z.literal('serial')]), ...DEVICE_FIELDS }).strict().superRefine(checkDevice).optional(),
  })
  .strict()
  .superRefine((config, context) => {
    // Two devices at one place would read each other's bytes.
    const devices = (['shoe', 'rfid', 'panel'] as const).flatMap((name) => (config[name] === undefined ? [] : [[name, config[name]] as const]));
    for (const [index, [name, device]] of devices.entries()) {
      for (const [other, earlier] of devices.slice(0, index)) {
        if (device.path !== undefined && device.path === earlier.path) context.addIssue({ code: 'custom', path: [name, 'path'], message: `the ${other} is at ${device.path} already` });
        const sameIdentity = device.vendorId !== undefined && device.vendorId.toLowerCase() === earlier.vendorId?.toLowerCase() && device.productId?.toLowerCase() === earlier.productId?.toLowerCase() && device.serialNumber === earlier.serialNumber;
        if (sameIdentity) context.addIssue({ code: 'custom', path: [name, 'serialNumber'], message: `the ${other} has the same vendorId, productId and serial number: give each its serialNumber` });
      }
    }
  });

/** A configuration that cannot be used: which file, and every problem in it. */
export class HardwareConfigError extends Error {
  override readonly name = 'HardwareConfigError';
}

/** The bindings the devices are opened through (tests pass simulated ones). */
export type Bindings = { readonly serial: TransportBinding; readonly hid: TransportBinding };

export function hardwareConfigPath(dbPath: string): string {
  return `${dbPath}.hardware.json`;
}

/** Reads and checks the table's hardware configuration, and the deck registration it names. */
export function loadHardwareConfig(file: string, bindings: Bindings = { serial: new SerialBinding(), hid: new HidBinding() }): HardwareSetup {
  if (!existsSync(file)) throw new HardwareConfigError(`${file}: no hardware configuration (docs/operations.md, "Real hardware"); write one, or start with --hardware sim`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new HardwareConfigError(`${file}: not JSON (${(error as Error).message})`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.length === 0 ? '(the file)' : issue.path.join('.')}: ${issue.message}`);
    throw new HardwareConfigError(`${file}: ${problems.join('; ')}`);
  }
  const config = parsed.data;
  const setup: { -readonly [K in keyof HardwareSetup]: HardwareSetup[K] } = {};
  if (config.shoe !== undefined) setup.shoe = { binding: bindings.serial, target: target(config.shoe) };
  if (config.panel !== undefined) {
    const { transport } = config.panel;
    setup.panel = { binding: transport === 'hid' ? bindings.hid : bindings.serial, target: target(config.panel), framing: transport === 'hid' ? 'report' : 'stream' };
  }
  if (config.rfid !== undefined) {
    const deckFile = resolve(dirname(file), config.rfid.deck);
    let deck;
    try {
      deck = importDeckCsv(readFileSync(deckFile, 'utf8'));
    } catch (error) {
      if (error instanceof DeckRegistrationError) throw new HardwareConfigError(`${deckFile} (rfid.deck): ${error.message}`);
      throw new HardwareConfigError(`${deckFile} (rfid.deck) cannot be read: ${(error as Error).message}`);
    }
    setup.rfid = { binding: bindings.serial, target: target(config.rfid), deck, layout: layout(config.rfid.antennas) };
  }
  return setup;
}

function target(given: DeviceFields): DeviceTarget {
  const identity = given.vendorId !== undefined && given.productId !== undefined ? { vendorId: given.vendorId.toLowerCase(), productId: given.productId.toLowerCase(), serialNumber: given.serialNumber ?? null } : null;
  return { identity, path: given.path ?? null, ...(given.baudRate === undefined ? {} : { baudRate: given.baudRate }) };
}

function layout(antennas: Record<string, string> | undefined): AntennaLayout {
  if (antennas === undefined) return DEFAULT_ANTENNA_LAYOUT;
  return new Map(
    Object.entries(antennas).map(([id, place]): [number, AntennaPlace] => {
      if (place === 'board' || place === 'burn' || place === 'muck') return [Number(id), { kind: place }];
      return [Number(id), { kind: 'seat', seat: Number(place.slice('seat '.length)) }];
    }),
  );
}
