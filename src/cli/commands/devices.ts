import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { DeviceConnection, type Disconnection } from '../../../drivers/device-connection.js';
import { type DeckRegistration, DeckRegistrationError, importDeckCsv } from '../../../drivers/rfid/deck-registration.js';
import { isReaderKind, openTagReader, READER_BAUD_RATE, READER_KINDS, type ReaderKind, type TagReader } from '../../../drivers/rfid/reader-kinds.js';
import type { RfidEvent } from '../../../drivers/rfid/rfid-reader.js';
import type { AntennaLayout, AntennaPlace } from '../../../drivers/rfid/antenna-layout.js';
import { SerialBinding } from '../../../drivers/transport/serial-binding.js';
import { listHidDevices, listSerialDevices, type SysfsRoot, SYSTEM_ROOT } from '../../../drivers/transport/sysfs-devices.js';
import type { TransportBinding } from '../../../drivers/transport/transport.js';
import { formatCard } from '../../cards/notation.js';
import { printable } from '../../printable.js';
import { type Inventory, type InventoryRow, takeInventory } from '../../hardware/device-inventory.js';
import { type ConfiguredDevice, configuredDeck, configuredDevices, HardwareConfigError, hardwareConfigPath } from '../../hardware/hardware-config.js';
import { counted } from '../counted.js';
import { readArgs } from '../args.js';
import { CliUsageError, type CommandIo } from '../io.js';

/** What tests give instead of the machine: its sysfs, a serial binding, and when a monitor stops (else Ctrl-C). */
export type DevicesContext = { readonly root?: SysfsRoot; readonly serial?: TransportBinding; readonly stop?: Promise<void> };

/**
 * `felt devices list|monitor`: a technician's tools. `list` shows the serial and HID devices present —
 * ids, serial numbers, stable paths — and which configured device each is; `monitor` talks to one reader
 * and prints every tag seen and gone, with its antenna and card, until Ctrl-C: how the antennas under a
 * table are checked.
 */
export async function runDevices(args: readonly string[], io: CommandIo, context: DevicesContext = {}): Promise<number> {
  const [action, ...rest] = args;
  if (action === 'list') return list(rest, io, context);
  if (action === 'monitor') return monitor(rest, io, context);
  throw new CliUsageError(action === undefined ? 'say what to do: list or monitor' : `'${action}' is not list or monitor`);
}

async function list(args: readonly string[], io: CommandIo, context: DevicesContext): Promise<number> {
  const { values } = readArgs(args, { json: { type: 'boolean' }, db: { type: 'string' }, config: { type: 'string' } });
  const json = values.json === true;
  const config = values.config ?? null;
  const db = values.db ?? null;
  if (db !== null && config !== null) throw new CliUsageError('give --db or --config, not both');
  const file = config ?? hardwareConfigPath(db ?? defaultDatabase());
  // The default table's configuration is read where there is one; a file named is read or refused.
  const named = config !== null || db !== null;
  let configured: ReturnType<typeof configuredDevices> = [];
  if (named || existsSync(file)) {
    try {
      configured = configuredDevices(file);
    } catch (error) {
      if (!(error instanceof HardwareConfigError)) throw error;
      io.err(`felt devices: ${error.message}\n`);
      return 1;
    }
  }
  const root = context.root ?? SYSTEM_ROOT;
  const inventory = takeInventory([...listSerialDevices(root), ...listHidDevices(root)], configured);
  if (json) {
    io.out(`${JSON.stringify({ config: named || existsSync(file) ? file : null, devices: inventory.rows, missing: inventory.missing.map(({ name, what, target }) => ({ name, what, ...target })) })}\n`);
    return 0;
  }
  io.out(listing(inventory, named || existsSync(file) ? file : null));
  return 0;
}

function listing(inventory: Inventory, file: string | null): string {
  const lines: string[] = [];
  for (const kind of ['serial', 'hid'] as const) {
    const rows = inventory.rows.filter((row) => row.kind === kind);
    lines.push(`${kind === 'serial' ? 'Serial devices' : 'HID devices'}: ${rows.length === 0 ? 'none' : rows.length}`);
    for (const row of rows) lines.push(...describe(row, file !== null));
  }
  if (file === null) lines.push('', 'No hardware configuration read: --db PATH (the table’s database) or --config FILE names it.');
  else if (inventory.missing.length > 0) {
    lines.push('', `Configured in ${file} and not plugged in: ${counted(inventory.missing.length, 'device')}`);
    for (const device of inventory.missing) {
      const { identity, path } = device.target;
      const where = identity === null ? `at ${path ?? '?'}` : `${identity.vendorId}:${identity.productId}${identity.serialNumber === null ? '' : `, serial ${identity.serialNumber}`}`;
      lines.push(`  ${device.what}: ${where}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function describe(row: InventoryRow, configRead: boolean): string[] {
  const names = [row.manufacturer, row.product].filter((name) => name !== null).join(' ');
  const serial = row.serialNumber === null ? 'no serial number' : `serial ${row.serialNumber}`;
  const ids = row.vendorId === '' ? 'not on USB' : `${row.vendorId}:${row.productId}`;
  const lines = [`  ${row.path}  ${ids}  ${serial}${names === '' ? '' : `  ${names}`}`];
  for (const link of row.stablePaths) lines.push(`      ${link}`);
  // By-path names the USB socket: the only stable name of an adapter without a serial number.
  if (row.serialNumber === null && row.vendorId !== '' && !row.stablePaths.some((link) => link.includes('/by-path/'))) lines.push('      (no stable name: udev’s by-path links are missing here)');
  if (row.what !== null) lines.push(`      is ${row.what}${row.ambiguous === null ? '' : `: ${row.ambiguous}`}`);
  else if (configRead) lines.push('      not in the configuration');
  return lines;
}

/** A monitor's line for each thing the reader says that a technician looks at; null for the rest (heartbeats, answers). */
type MonitorLine = { readonly event: string; readonly [field: string]: unknown };

async function monitor(args: readonly string[], io: CommandIo, context: DevicesContext): Promise<number> {
  const { values } = readArgs(args, {
    json: { type: 'boolean' },
    device: { type: 'string' },
    port: { type: 'string' },
    baud: { type: 'string' },
    antennas: { type: 'string' },
    deck: { type: 'string' },
    config: { type: 'string' },
    db: { type: 'string' },
  });
  const json = values.json === true;
  let kind: ReaderKind | null = null;
  if (values.device !== undefined) {
    if (!isReaderKind(values.device)) throw new CliUsageError(`--device must be one of ${READER_KINDS.join(', ')}, got '${values.device}'`);
    kind = values.device;
  }
  const port = values.port ?? null;
  const baudRate = values.baud === undefined ? READER_BAUD_RATE : whole(values.baud, '--baud', 300, 4_000_000);
  const antennas = values.antennas === undefined ? null : whole(values.antennas, '--antennas', 1, 16);
  const deckFile = values.deck ?? null;
  const config = values.config ?? null;
  const db = values.db ?? null;
  if (kind === null || port === null) throw new CliUsageError(`--device ${READER_KINDS.join('|')} and --port PATH are required`);
  if (antennas !== null && kind !== 'metratec') throw new CliUsageError('--antennas is for a metratec reader, which multiplexes them');
  if ([deckFile, config, db].filter((given) => given !== null).length > 1) throw new CliUsageError('give one of --deck, --config and --db');
  let deck: DeckRegistration | null;
  // The configured reader at this port, if a configuration is named: where its antennas lie.
  let configured: ConfiguredDevice | null = null;
  try {
    const file = config ?? (db === null ? null : hardwareConfigPath(db));
    deck = deckFile !== null ? importDeckCsv(readFileSync(deckFile, 'utf8')) : file !== null ? configuredDeck(file) : null;
    if (file !== null && existsSync(port)) configured = readerAt(port, configuredDevices(file), context.root ?? SYSTEM_ROOT);
  } catch (error) {
    if (error instanceof DeckRegistrationError) {
      io.err(`felt devices: ${deckFile}: ${error.message}\n`);
      return 1;
    }
    if (error instanceof HardwareConfigError) {
      io.err(`felt devices: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
  if (!existsSync(port)) {
    io.err(`felt devices: nothing at ${port}: \`felt devices list\` shows the devices present\n`);
    return 1;
  }

  const say = (line: MonitorLine): void => io.out(json ? `${JSON.stringify(line)}\n` : `${words(line)}\n`);
  const cardOf = (uid: string): string | null => {
    const card = deck?.lookup(uid as Parameters<DeckRegistration['lookup']>[0]) ?? null;
    return card === null ? null : formatCard(card);
  };
  const layout = configured?.reader?.kind === kind ? configured.reader.layout : null;
  const emit = (event: RfidEvent): void => {
    const line = monitorLine(event, cardOf, deck !== null, layout);
    if (line !== null) say(line);
  };

  let reader: TagReader | null = null;
  let failed: string | null = null;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const options = kind === 'metratec' ? { antennas: antennas ?? 16 } : {};
  let connectedOnce = false;
  let connectedNow = false;
  const connection = new DeviceConnection(
    context.serial ?? new SerialBinding(),
    { identity: null, path: port, baudRate },
    {
      onPort: (open) => {
        openTagReader(kind, open, emit, options).then(
          (opened) => (reader = opened),
          (error: unknown) => {
            failed = `the reader at ${port} cannot be read: ${error instanceof Error ? error.message : String(error)}`;
            finish();
          },
        );
      },
      onStatus: (state, detail, why) => {
        if (state === 'connected') {
          connectedOnce = true;
          connectedNow = true;
          say({ event: 'connected', port: detail });
          return;
        }
        reader?.detach();
        reader = null;
        // A port that will not open at first (no permission, in use) is the technician's to put right now.
        if (!connectedOnce && why?.reason !== 'not-plugged-in') {
          failed = `${detail}${why?.reason === 'cannot-open' ? hint(detail) : ''}`;
          finish();
          return;
        }
        // Looked for every second while it is away: said once, when it goes.
        if (connectedNow) say({ event: 'disconnected', port, problem: disconnectionWords(why) });
        connectedNow = false;
      },
    },
  );
  const stop = (): void => finish();
  if (context.stop === undefined) {
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } else void context.stop.then(stop);
  if (!json) io.err(`Reading ${port} as ${kind}${deck === null ? ' (no deck: cards not named)' : ''}; Ctrl-C to stop.\n`);
  if (configured !== null && configured.reader?.kind !== kind) io.err(`felt devices: the configuration has ${port} as ${configured.what}, not a ${kind} reader: its places are not shown\n`);
  else if (configured === null && (config !== null || db !== null)) io.err(`felt devices: no reader of the configuration is at ${port}: places are not shown\n`);
  connection.start();
  try {
    await finished;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    (reader as TagReader | null)?.detach();
    await connection.stop();
  }
  if (failed !== null) {
    io.err(`felt devices: ${failed}\n`);
    return 1;
  }
  return 0;
}

/** The monitor's line for a reader's event: tags seen and gone, antenna faults, what the driver could not read. */
export function monitorLine(event: RfidEvent, cardOf: (uid: string) => string | null, deckGiven: boolean, layout: AntennaLayout | null = null): MonitorLine | null {
  switch (event.type) {
    case 'tag-placed':
    case 'tag-lifted': {
      const card = cardOf(event.uid);
      const place = layout === null ? {} : { place: placeWords(layout.get(event.antenna) ?? null) };
      const line = { event: event.type === 'tag-placed' ? 'tag-seen' : 'tag-gone', antenna: event.antenna, ...place, uid: event.uid, card };
      return deckGiven && card === null ? { ...line, problem: 'not a card of this deck' } : line;
    }
    case 'antenna-fault':
      return { event: 'antenna-fault', antenna: event.antenna, code: event.code, problem: event.words };
    case 'antenna-recovered':
      return { event: 'antenna-recovered', antenna: event.antenna };
    case 'protocol-error':
      return { event: 'unreadable', problem: event.problem };
    default:
      return null;
  }
}

/** A place as the configuration writes it: `seat 3`, `board`; `not wired` for an antenna it names nowhere. */
function placeWords(place: AntennaPlace | null): string {
  if (place === null) return 'not wired';
  return place.kind === 'seat' ? `seat ${place.seat}` : place.kind;
}

/**
 * The configured reader at `port`: one configured by that path or a stable name of it, or by the identity
 * of the device there.
 */
function readerAt(port: string, configured: readonly ConfiguredDevice[], root: SysfsRoot): ConfiguredDevice | null {
  const real = realpathSync(port);
  const listed = listSerialDevices(root).find((device) => device.path === real || device.path === port) ?? null;
  const at = takeInventory(listed === null ? [] : [listed], configured.filter((device) => device.reader !== undefined));
  const name = at.rows[0]?.configured ?? null;
  const byName = name === null ? null : (configured.find((device) => device.name === name) ?? null);
  if (byName !== null) return byName;
  // A port the machine does not list (a pseudo-terminal, a port without sysfs): by its configured path.
  return configured.find((device) => device.reader !== undefined && device.target.path !== null && (device.target.path === port || safeRealpath(device.target.path) === real)) ?? null;
}

function safeRealpath(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

function words(line: MonitorLine): string {
  switch (line.event) {
    case 'tag-seen':
    case 'tag-gone': {
      const card = typeof line['card'] === 'string' ? line['card'] : typeof line['problem'] === 'string' ? `(${line['problem']})` : '';
      const place = typeof line['place'] === 'string' ? ` (${line['place']})` : '';
      return `${line.event === 'tag-seen' ? 'seen' : 'gone'}  antenna ${String(line['antenna'])}${place}  ${String(line['uid'])}  ${card}`.trimEnd();
    }
    case 'antenna-fault':
      return `antenna ${String(line['antenna'])} fault: ${String(line['problem'])}`;
    case 'antenna-recovered':
      return `antenna ${String(line['antenna'])} works again`;
    case 'connected':
      return `connected: ${String(line['port'])}`;
    case 'disconnected':
      return `disconnected: ${String(line['problem'])}; waiting for it to come back`;
    default:
      // What a reader sent, quoted: its control bytes are not for the terminal.
      return `unreadable: ${printable(String(line['problem']))}`;
  }
}

function disconnectionWords(why: Disconnection | null): string {
  switch (why?.reason) {
    case 'not-plugged-in':
      return 'not plugged in';
    case 'went-away':
      return 'the connection was lost (unplugged or switched off?)';
    default:
      return 'it cannot be opened';
  }
}

/** What to do about a port that will not open, where the system's words say why. */
function hint(detail: string): string {
  if (/permission denied|EACCES/i.test(detail)) return ' (the user needs the dialout group: docs/operations.md, “Linux: devices and udev rules”)';
  if (/busy|lock|EBUSY|EAGAIN/i.test(detail)) return ' (another program has it open: the table? stop it first)';
  return '';
}

function whole(value: string, option: string, min: number, max: number): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) throw new CliUsageError(`${option} must be a whole number from ${min} to ${max}, got '${value}'`);
  return number;
}

/** The table's database where `felt start` keeps it by default, found without making its folder (a listing makes no files). */
function defaultDatabase(): string {
  const xdg = process.env['XDG_DATA_HOME'];
  return join(xdg !== undefined && xdg !== '' ? xdg : join(homedir(), '.local', 'share'), 'felt', 'table.db');
}
