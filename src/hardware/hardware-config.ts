import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { printable } from '../printable.js';
import { type AntennaLayout, type AntennaPlace, DEFAULT_ANTENNA_LAYOUT } from '../../drivers/rfid/antenna-layout.js';
import { type DeckRegistration, DeckRegistrationError, importDeckCsv } from '../../drivers/rfid/deck-registration.js';
import { READER_BAUD_RATE, READER_NAMES, type ReaderKind } from '../../drivers/rfid/reader-kinds.js';
import { HidBinding } from '../../drivers/transport/hid-binding.js';
import { SerialBinding } from '../../drivers/transport/serial-binding.js';
import { UdevMonitor } from '../../drivers/transport/hot-plug.js';
import type { DeviceTarget } from '../../drivers/device-connection.js';
import type { TransportBinding } from '../../drivers/transport/transport.js';
import type { HardwareSetup, ReaderSetup } from './table-hardware.js';

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
 *
 * Several readers at one table (D68) go in `readers`, with one `deck` for them all: each its kind, where it
 * is, and where its antennas lie — a metratec reader's ports, or the one place of a PN532 board or a Pepper C1:
 *
 *     "deck": "deck-red.csv",
 *     "readers": [
 *       { "kind": "metratec", "transport": "serial", "vendorId": "0403", "productId": "6001", "serialNumber": "QMX00421",
 *         "antennas": { "0": "board", "1": "burn", "2": "muck" } },
 *       { "kind": "pn532", "transport": "serial", "path": "/dev/serial/by-path/pci-0000:00:14.0-usb-0:3.1:1.0-port0", "place": "seat 1" },
 *       { "kind": "pepper", "transport": "serial", "path": "/dev/serial/by-id/usb-FTDI_FT230X_Basic_UART_DK0F1A2B-if00-port0", "place": "seat 2" },
 *       { "kind": "felt", "id": "rfid-east", "transport": "serial", "path": "/dev/ttyACM0" }
 *     ]
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

const READER_ID = /^[a-z][a-z0-9-]{0,31}$/;
const readerId = z.string().regex(READER_ID, 'a name of lower-case letters, digits and -, starting with a letter (e.g. rfid-east)').optional();
const METRATEC_PORT = /^(\d|1[0-5])$/;
const metratecAntennas = z.record(z.string(), antennaPlace).superRefine((given, context) => {
  if (Object.keys(given).length === 0) context.addIssue({ code: 'custom', path: [], message: 'name at least one antenna port (0–15) and its place' });
  for (const port of Object.keys(given)) if (!METRATEC_PORT.test(port)) context.addIssue({ code: 'custom', path: [port], message: `'${port}' is no antenna port of a metratec reader (0–15)` });
});
const reader = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('felt'), id: readerId, transport: z.literal('serial'), antennas: antennas.optional(), ...DEVICE_FIELDS }).strict().superRefine(checkDevice),
  z.object({ kind: z.literal('metratec'), id: readerId, transport: z.literal('serial'), antennas: metratecAntennas, ...DEVICE_FIELDS }).strict().superRefine(checkDevice),
  z.object({ kind: z.literal('pn532'), id: readerId, transport: z.literal('serial'), place: antennaPlace, ...DEVICE_FIELDS }).strict().superRefine(checkDevice),
  z.object({ kind: z.literal('pepper'), id: readerId, transport: z.literal('serial'), place: antennaPlace, ...DEVICE_FIELDS }).strict().superRefine(checkDevice),
]);

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
    /** The deck the `readers` read: the vendor's UID list (or a scanned deck saved) as CSV. */
    deck: z.string().min(1).optional(),
    readers: z.array(reader).min(1, 'list at least one reader, or leave readers out').optional(),
  })
  .strict()
  .superRefine((config, context) => {
    if (config.readers !== undefined && config.deck === undefined) context.addIssue({ code: 'custom', path: ['deck'], message: 'the readers need the deck they read: give deck (a CSV of uid,card)' });
    if (config.deck !== undefined && config.readers === undefined) context.addIssue({ code: 'custom', path: ['deck'], message: 'a deck is read by readers: list them in readers' });
    if (config.readers !== undefined && config.rfid !== undefined) context.addIssue({ code: 'custom', path: ['rfid'], message: 'with readers, put this reader among them ({ "kind": "felt", … }) and its deck in deck' });
    // Two devices at one place would read each other's bytes.
    const devices: (readonly [string, (string | number)[], DeviceFields])[] = (['shoe', 'rfid', 'panel'] as const).flatMap((name) => (config[name] === undefined ? [] : [[`the ${name}`, [name], config[name]] as const]));
    const ids = new Map<string, number>();
    config.readers?.forEach((reader, index) => {
      const id = reader.id ?? defaultReaderId(index);
      const earlier = ids.get(id);
      if (earlier !== undefined || id === 'shoe' || id === 'panel') context.addIssue({ code: 'custom', path: ['readers', index, 'id'], message: earlier === undefined ? `'${id}' is another device's name` : `reader ${earlier + 1} is called ${id} already` });
      ids.set(id, index);
      devices.push([`reader ${index + 1} (${id})`, ['readers', index], reader]);
    });
    for (const [index, [, path, device]] of devices.entries()) {
      for (const [other, , earlier] of devices.slice(0, index)) {
        if (device.path !== undefined && device.path === earlier.path) context.addIssue({ code: 'custom', path: [...path, 'path'], message: `${other} is at ${device.path} already` });
        const sameIdentity = device.vendorId !== undefined && device.vendorId.toLowerCase() === earlier.vendorId?.toLowerCase() && device.productId?.toLowerCase() === earlier.productId?.toLowerCase() && device.serialNumber === earlier.serialNumber;
        if (sameIdentity) context.addIssue({ code: 'custom', path: [...path, 'serialNumber'], message: `${other} has the same vendorId, productId and serial number: give each its serialNumber` });
      }
    }
  });

/** A reader's name on the status bar when the configuration gives none: rfid-1, rfid-2, … */
export function defaultReaderId(index: number): string {
  return `rfid-${index + 1}`;
}

/** A configuration that cannot be used: which file, and every problem in it. */
export class HardwareConfigError extends Error {
  override readonly name = 'HardwareConfigError';
}

/** The bindings the devices are opened through (tests pass simulated ones). */
export type Bindings = { readonly serial: TransportBinding; readonly hid: TransportBinding };

export function hardwareConfigPath(dbPath: string): string {
  return `${dbPath}.hardware.json`;
}

/** The configuration file read and checked: every problem named at its field. */
function readConfig(file: string): z.infer<typeof schema> {
  if (!existsSync(file)) throw new HardwareConfigError(`${file}: no hardware configuration (docs/operations.md, "Real hardware"); write one, or start with --hardware sim`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    // JSON.parse quotes the text: a binary file's control bytes would reach the terminal (an escape sequence).
    throw new HardwareConfigError(`${file}: not JSON (${printable((error as Error).message)})`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.length === 0 ? '(the file)' : issue.path.join('.')}: ${issue.message}`);
    throw new HardwareConfigError(`${file}: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/**
 * Reads and checks the table's hardware configuration, and the deck registration it names. The real
 * bindings (unless given others) come with udev's device events for hot plug (D69).
 */
export function loadHardwareConfig(file: string, given?: Bindings): HardwareSetup {
  const bindings = given ?? { serial: new SerialBinding(), hid: new HidBinding() };
  const config = readConfig(file);
  const setup: { -readonly [K in keyof HardwareSetup]: HardwareSetup[K] } = given === undefined ? { hotPlug: new UdevMonitor() } : {};
  if (config.shoe !== undefined) setup.shoe = { binding: bindings.serial, target: target(config.shoe) };
  if (config.panel !== undefined) {
    const { transport } = config.panel;
    setup.panel = { binding: transport === 'hid' ? bindings.hid : bindings.serial, target: target(config.panel), framing: transport === 'hid' ? 'report' : 'stream' };
  }
  if (config.rfid !== undefined) {
    setup.rfid = { binding: bindings.serial, target: target(config.rfid), deck: readDeck(file, config.rfid.deck, 'rfid.deck'), layout: layout(config.rfid.antennas) };
  }
  if (config.readers !== undefined && config.deck !== undefined) {
    const deck = readDeck(file, config.deck, 'deck');
    setup.readers = config.readers.map((reader, index): ReaderSetup => {
      const common = { binding: bindings.serial, target: withBaudRate(target(reader)), id: reader.id ?? defaultReaderId(index), deck };
      switch (reader.kind) {
        case 'felt':
          return { ...common, kind: 'felt', layout: layout(reader.antennas) };
        case 'metratec': {
          // The reader steps through ports 0 … the highest one wired.
          const ports = Object.keys(reader.antennas).map(Number);
          return { ...common, kind: 'metratec', layout: layout(reader.antennas), options: { antennas: Math.max(...ports) + 1 } };
        }
        case 'pn532':
        case 'pepper':
          return { ...common, kind: reader.kind, layout: layout({ '0': reader.place }), options: { antenna: 0 } };
      }
    });
  }
  return setup;
}

function readDeck(file: string, name: string, field: string): DeckRegistration {
  const deckFile = resolve(dirname(file), name);
  try {
    return importDeckCsv(readFileSync(deckFile, 'utf8'));
  } catch (error) {
    if (error instanceof DeckRegistrationError) throw new HardwareConfigError(`${deckFile} (${field}): ${error.message}`);
    throw new HardwareConfigError(`${deckFile} (${field}) cannot be read: ${(error as Error).message}`);
  }
}

/** A reader's line at the readers' speed unless the configuration gives another. */
function withBaudRate(given: DeviceTarget): DeviceTarget {
  return given.baudRate === undefined ? { ...given, baudRate: READER_BAUD_RATE } : given;
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

/** A device the configuration names, as the technician's tools show it (`felt devices list`). */
export type ConfiguredDevice = {
  /** Its name on the status bar: shoe, rfid, panel, or a reader's id. */
  readonly name: string;
  /** What it is, in words: `the shoe`, `reader rfid-1 (NXP PN532 board (HSU), seat 3)`. */
  readonly what: string;
  readonly transport: 'serial' | 'hid';
  readonly target: DeviceTarget;
  /** A reader's kind and where its antennas lie (antenna number → place); absent for a shoe or a panel. */
  readonly reader?: { readonly kind: ReaderKind; readonly layout: AntennaLayout };
};

/** The devices a configuration names, without opening any or reading the deck (a technician's listing). */
export function configuredDevices(file: string): ConfiguredDevice[] {
  const config = readConfig(file);
  const devices: ConfiguredDevice[] = [];
  if (config.shoe !== undefined) devices.push({ name: 'shoe', what: 'the shoe', transport: 'serial', target: target(config.shoe) });
  if (config.rfid !== undefined) devices.push({ name: 'rfid', what: "the RFID reader (Felt's open reader protocol)", transport: 'serial', target: target(config.rfid), reader: { kind: 'felt', layout: layout(config.rfid.antennas) } });
  if (config.panel !== undefined) devices.push({ name: 'panel', what: 'the button panel', transport: config.panel.transport, target: target(config.panel) });
  config.readers?.forEach((reader, index) => {
    const id = reader.id ?? defaultReaderId(index);
    const onePlace = reader.kind === 'pn532' || reader.kind === 'pepper' ? reader.place : null;
    const where = onePlace === null ? '' : `, ${onePlace}`;
    const antennas = onePlace === null ? layout('antennas' in reader ? reader.antennas : undefined) : layout({ '0': onePlace });
    devices.push({ name: id, what: `reader ${id} (${READER_NAMES[reader.kind]}${where})`, transport: 'serial', target: target(reader), reader: { kind: reader.kind, layout: antennas } });
  });
  return devices;
}

/** The deck the configuration's readers read (`deck`, or the RFID reader's), or null where it names none. */
export function configuredDeck(file: string): DeckRegistration | null {
  const config = readConfig(file);
  if (config.deck !== undefined) return readDeck(file, config.deck, 'deck');
  if (config.rfid !== undefined) return readDeck(file, config.rfid.deck, 'rfid.deck');
  return null;
}
