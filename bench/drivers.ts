/**
 * npm run bench:drivers — a card read's latency, end to end: from the dealing shoe's sentence written on
 * one end of a pseudo-terminal pair (socat, 115,200 baud set on the port) to the table's view model
 * published with the card in it, through serialport, the shoe's parser and reader, the controller's
 * mapping, the engine and the durable log (a file database, synchronous=FULL). The peer in the same run
 * is the transport alone: the same sentence from one end of the pair to a listener on the other.
 * Target: p99 ≤ 10 ms over 10,000 reads.
 *
 * Then each card reader (D67): Felt's open reader protocol, a metratec QuasarMX (three antenna ports
 * multiplexed) and three PN532 boards (one per seat), each a simulator speaking its protocol on a socat
 * pty: a hole card's tag put on its seat's antenna → the view model published with the card, through
 * serialport, the reader's adapter, presence, the RFID mapping, the engine and the durable log. Timed from
 * the reader's report of the tag (its bytes written on the line: Felt's part, target p99 ≤ 10 ms) and,
 * for information, from the tag's placement (which adds the reader's own polling or inventory cycle).
 * Board and burn cards are entered untimed. Options: --reads N per reader (default 2,000).
 * Options: --hands N (cards are read until N × 21 reads, default 480 hands ≈ 10,080 reads), --seed N.
 *
 * Each reader's run has a peer of its own at the same moments, under the same load: after each read, the
 * report's own bytes through the transport alone (another pty pair). And where each read's time went: the
 * line (the report written → its bytes handed to the table's port), Felt's code (those bytes → the view
 * published, the durable write left out) and the durable write (one SQLite transaction, fsync'd).
 * `--readers-only` skips the shoe (the first peer still runs); `--spin` waits as the bench first did, by
 * looking on every turn of the event loop (see `until`), to compare with runs made so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Card } from '../src/cards/card.js';
import { shuffledDeck } from '../src/cards/deck.js';
import { SeededRandom } from '../src/cards/random.js';
import { ShoeMapping } from '../src/controller/shoe-mapping.js';
import { TableController } from '../src/controller/table-controller.js';
import { CASINO_5_10 } from '../src/engine/table/table-config.js';
import { Store } from '../src/store/store.js';
import { PtyCable } from '../src/hardware/pty-wiring.js';
import { encodeShoeMessage, SEQ_MODULO } from '../drivers/shoe/shoe-protocol.js';
import { ShoeReader } from '../drivers/shoe/shoe-reader.js';
import { SerialBinding } from '../drivers/transport/serial-binding.js';
import type { TransportPort } from '../drivers/transport/transport.js';
import { parseBenchOptions } from './options.js';
import { DeckRegistration } from '../drivers/rfid/deck-registration.js';
import { type AntennaLayout } from '../drivers/rfid/antenna-layout.js';
import { openTagReader, type ReaderKind } from '../drivers/rfid/reader-kinds.js';
import type { RfidEvent } from '../drivers/rfid/rfid-reader.js';
import type { TagUid } from '../drivers/rfid/tag-uid.js';
import { SimulatedMetratecReader } from '../drivers/sim/metratec-device.js';
import { SimulatedPepper } from '../drivers/sim/pepper-device.js';
import { SimulatedPn532 } from '../drivers/sim/pn532-device.js';
import { SimulatedRfidReader, simulatedDeckUids, simulatedNtagDeckUids } from '../drivers/sim/rfid-device.js';
import type { DeviceLine } from '../drivers/sim/device-line.js';
import { RfidMapping } from '../src/controller/rfid-mapping.js';
import { DeviceEnd } from '../src/hardware/pty-wiring.js';

const readsArg = process.argv.indexOf('--reads');
const readsPerReader = readsArg > 0 ? Number(process.argv[readsArg + 1]) : 2_000;
if (!Number.isSafeInteger(readsPerReader) || readsPerReader < 1) throw new Error('--reads must be a whole number above 0');
const options = parseBenchOptions(process.argv.slice(2).filter((arg, index, all) => arg !== '--reads' && all[index - 1] !== '--reads'), { hands: 480, rounds: 1, seed: 11 }, ['--readers-only', '--spin']);
const spin = options.switches.has('--spin');
const dir = mkdtempSync(join(tmpdir(), 'felt-bench-drivers-'));

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const ms = (value: number): string => `${value.toFixed(3)} ms`;

/** What the bench waits for, and how to go on once it holds. */
let waiting: { readonly check: () => boolean; readonly resolve: () => void } | null = null;

/**
 * Resolves when `check` holds: at once if it does, else in the event loop's check phase after a callback
 * that changed what `check` reads called `poke()` — the turn a loop looking on every turn would have seen
 * it in, so what is timed ends where it always did. The bench once looked on every turn (`--spin`): that
 * kept one of this machine's two cores busy, beside the pty's socat and the other sessions, and made most
 * of the process's allocations, so most of its garbage collections in the timed path were the bench's own.
 */
function until(check: () => boolean): Promise<void> {
  if (spin) {
    return new Promise((resolve) => {
      const look = (): void => (check() ? resolve() : void setImmediate(look));
      look();
    });
  }
  return new Promise((resolve) => {
    if (check()) {
      resolve();
      return;
    }
    waiting = { check, resolve };
  });
}

/** What `until` waits for may have changed. */
function poke(): void {
  if (waiting === null || !waiting.check()) return;
  const { resolve } = waiting;
  waiting = null;
  setImmediate(resolve);
}

/** A pty pair with both ends open: the transport alone, timed as the peer. */
async function peerLine(folder: string, name: string): Promise<{ trip(bytes: Uint8Array): Promise<number>; close(): Promise<void> }> {
  const cable = await PtyCable.lay(folder, name);
  const binding = new SerialBinding();
  const near = await binding.open(cable.tablePath, { baudRate: 115_200 });
  const far = await binding.open(cable.devicePath, { baudRate: 115_200 });
  let received = 0;
  const off = near.onData((chunk) => {
    received += chunk.length;
    poke();
  });
  return {
    async trip(bytes) {
      const expected = received + bytes.length;
      const started = performance.now();
      await far.write(bytes);
      await until(() => received >= expected);
      return performance.now() - started;
    },
    async close() {
      off();
      await near.close();
      await far.close();
      await cable.unplug();
    },
  };
}

/** The shoe's path, and the transport alone (the peer): returns the transport's p99, the readers' peer too. */
async function main(): Promise<number> {
  const cable = await PtyCable.lay(dir, 'shoe');
  const { tablePath: table, devicePath: shoe } = cable;
  const binding = new SerialBinding();
  const tablePort = await binding.open(table, { baudRate: 115_200 });
  const shoePort: TransportPort = await binding.open(shoe, { baudRate: 115_200 });
  const target = options.hands * 21;

  // The peer: the transport alone, sentence in, sentence out.
  const transport: number[] = [];
  let received = 0;
  const off = tablePort.onData((chunk) => {
    received += chunk.length;
    poke();
  });
  const sentence = new TextEncoder().encode(encodeShoeMessage({ type: 'card', seq: 1, card: 0 as Card }));
  for (let read = 0; read < Math.min(target, 5_000); read++) {
    const expected = received + sentence.length;
    const started = performance.now();
    await shoePort.write(sentence);
    await until(() => received >= expected);
    transport.push(performance.now() - started);
  }
  off();

  // Felt: the card through the reader, the mapping, the engine and the durable log to the published view.
  const store = Store.open(join(dir, 'table.db'));
  const controller = TableController.open(store, { now: () => Date.now() }, CASINO_5_10);
  let published = 0;
  controller.subscribe(() => {
    published++;
    poke();
  });
  const mapping = new ShoeMapping(controller);
  new ShoeReader(tablePort, (event) => mapping.handle(event));
  let id = 0;
  const submit = (command: Parameters<TableController['submit']>[0]['command']) => controller.submit({ id: `b${++id}`, command });
  for (const seat of [1, 2, 3]) submit({ type: 'sit', seat, name: `P${seat}`, buyIn: 1_000 });
  // Seat 3 draws the ace of spades: the button.
  for (const [seat, card] of [[1, 0], [2, 1], [3, 51]] as const) submit({ type: 'draw', seat, card: card as Card });
  const random = new SeededRandom(options.seed);
  const reads: number[] = [];
  let seq = 0;
  while (reads.length < (options.switches.has('--readers-only') ? 0 : target)) {
    submit({ type: 'start-hand' });
    const deck = shuffledDeck(random);
    let next = 0;
    for (let guard = 0; guard < 200 && controller.table.hand?.phase.kind !== 'complete'; guard++) {
      const view = controller.view();
      if (view.prompt.kind === 'deal') {
        const before = published;
        const bytes = new TextEncoder().encode(encodeShoeMessage({ type: 'card', seq, card: deck[next++] as Card }));
        seq = (seq + 1) % SEQ_MODULO;
        const started = performance.now();
        await shoePort.write(bytes);
        await until(() => published > before);
        reads.push(performance.now() - started);
        if (controller.view().lastError !== null) throw new Error(`a card was refused: ${controller.view().lastError?.en ?? ''}`);
      } else if (view.prompt.kind === 'action') submit(view.actor?.legal.check ? { type: 'check' } : { type: 'call' });
      else submit({ type: 'show' });
    }
  }
  await tablePort.close();
  await shoePort.close();
  await cable.unplug();
  store.close();
  rmSync(dir, { recursive: true, force: true });

  const feltP99 = percentile(reads, 99);
  const peerP99 = percentile(transport, 99);
  if (reads.length === 0) {
    console.log(`transport alone   p50 ${ms(percentile(transport, 50))}  p99 ${ms(peerP99)}  (${transport.length.toLocaleString('en')} sentences); the shoe skipped (--readers-only)`);
    return peerP99;
  }
  console.log(`${reads.length.toLocaleString('en')} card reads over a socat pty pair, persistence on (WAL, synchronous=FULL), node ${process.version}`);
  console.log(`transport alone   p50 ${ms(percentile(transport, 50))}  p99 ${ms(peerP99)}  (${transport.length.toLocaleString('en')} sentences)`);
  console.log(`card → view model p50 ${ms(percentile(reads, 50))}  p99 ${ms(feltP99)}  max ${ms(Math.max(...reads))}`);
  console.log(`felt / transport at p99: ${(feltP99 / peerP99).toFixed(2)}×; target p99 ≤ 10 ms: ${feltP99 <= 10 ? 'met' : 'NOT met'}`);
  return peerP99;
}

/** One reader's simulator on a pty, read by its adapter into a table: where each seat's tags go, and when a report left the simulator. */
type ReaderRig = {
  readonly kind: ReaderKind;
  readonly uids: readonly TagUid[];
  place(seat: number, uid: TagUid): void;
  lift(seat: number, uid: TagUid): void;
  /** When the simulator first wrote bytes naming `uid` since it was put down (its report of it), and those bytes; or null. */
  report(uid: TagUid): { readonly at: number; readonly bytes: Uint8Array } | null;
  /** When the last chunk of bytes came to a reader's port (before its adapter heard of it). */
  arrivedAt(): number;
  /** How many lifts the reader's adapter has reported. */
  liftsSeen(): number;
  close(): Promise<void>;
};

const SEATS = [1, 2, 3] as const;

type Reports = Map<TagUid, { readonly at: number; readonly bytes: Uint8Array }>;

/** A line that remembers when each tag's UID last went out on it, and in which bytes. */
function watchedLine(end: DeviceEnd, uids: readonly TagUid[], reported: Reports, ascii: boolean): DeviceLine {
  return {
    send(bytes) {
      const at = performance.now();
      const data = typeof bytes === 'string' ? bytes : ascii ? new TextDecoder().decode(bytes) : Buffer.from(bytes).toString('hex').toUpperCase();
      for (const uid of uids) if (!reported.has(uid) && data.includes(uid)) reported.set(uid, { at, bytes: typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes.slice() });
      end.send(bytes);
    },
  };
}

/** `port`, noting in `arrival` when each chunk comes, before its listeners hear of it. */
function stamped(port: TransportPort, arrival: { at: number }): TransportPort {
  return {
    path: port.path,
    write: (bytes) => port.write(bytes),
    onData: (listener) =>
      port.onData((chunk) => {
        arrival.at = performance.now();
        listener(chunk);
      }),
    onClose: (listener) => port.onClose(listener),
    close: () => port.close(),
  };
}

async function rig(kind: ReaderKind, folder: string, controller: TableController, deck: DeckRegistration, uids: readonly TagUid[]): Promise<ReaderRig> {
  const binding = new SerialBinding();
  const reported: Reports = new Map();
  const arrival = { at: 0 };
  const cables: PtyCable[] = [];
  const ends: DeviceEnd[] = [];
  const closers: (() => Promise<void> | void)[] = [];
  const lifts = { count: 0 };
  /** Opens a reader on a new cable: its simulator made by `device`, its antennas at `layout`. */
  const wire = async <T extends { hear(bytes: Uint8Array): void }>(name: string, layout: AntennaLayout, device: (line: DeviceLine) => T, ascii: boolean, extra: Parameters<typeof openTagReader>[3] = {}): Promise<T> => {
    const cable = await PtyCable.lay(folder, name);
    cables.push(cable);
    let simulator: T | null = null;
    const end = new DeviceEnd(cable, (bytes) => simulator?.hear(bytes));
    ends.push(end);
    simulator = device(watchedLine(end, uids, reported, ascii));
    await end.open();
    const port = stamped(await binding.open(cable.tablePath, { baudRate: 115_200 }), arrival);
    const mapping = new RfidMapping(controller, deck, layout, name);
    // A short flicker window: a card lifted at a hand's end may come back to the same seat in the next.
    const reader = await openTagReader(kind, port, (event: RfidEvent) => {
      if (event.type === 'tag-lifted') {
        lifts.count++;
        poke();
      }
      mapping.handle(event);
    }, { flickerWindowMs: 20, ...extra });
    closers.push(async () => {
      reader.detach();
      await port.close();
    });
    return simulator;
  };
  let place: ReaderRig['place'];
  let lift: ReaderRig['lift'];
  if (kind === 'felt') {
    const reader = await wire('felt', new Map(SEATS.map((seat) => [seat, { kind: 'seat', seat }])), (line) => new SimulatedRfidReader(line), false);
    place = (seat, uid) => reader.place(seat, uid);
    lift = (seat, uid) => reader.lift(seat, uid);
  } else if (kind === 'metratec') {
    const reader = await wire('metratec', new Map(SEATS.map((seat) => [seat - 1, { kind: 'seat', seat }])), (line) => new SimulatedMetratecReader(line), true, { antennas: SEATS.length });
    // One inventory of one antenna every 5 ms, as the simulated table runs it (a real QuasarMX takes longer).
    const ticker = setInterval(() => reader.tick(), 5);
    closers.push(() => clearInterval(ticker));
    place = (seat, uid) => reader.place(seat - 1, uid);
    lift = (seat, uid) => reader.lift(seat - 1, uid);
  } else if (kind === 'pepper') {
    const readers = new Map<number, SimulatedPepper>();
    for (const seat of SEATS) readers.set(seat, await wire(`pepper-${seat}`, new Map([[0, { kind: 'seat', seat }]]), (line) => new SimulatedPepper(line), false, { antenna: 0 }));
    place = (seat, uid) => readers.get(seat)?.place(uid);
    lift = (seat, uid) => readers.get(seat)?.lift(uid);
  } else {
    const boards = new Map<number, SimulatedPn532>();
    for (const seat of SEATS) boards.set(seat, await wire(`pn532-${seat}`, new Map([[0, { kind: 'seat', seat }]]), (line) => new SimulatedPn532(line), false, { antenna: 0 }));
    place = (seat, uid) => boards.get(seat)?.place(uid);
    lift = (seat, uid) => boards.get(seat)?.lift(uid);
  }
  // Let each reader finish its set-up.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return {
    kind,
    uids,
    place: (seat, uid) => {
      reported.delete(uid);
      place(seat, uid);
    },
    lift,
    report: (uid) => reported.get(uid) ?? null,
    arrivedAt: () => arrival.at,
    liftsSeen: () => lifts.count,
    async close() {
      for (const close of closers) await close();
      for (const end of ends) await end.close();
      for (const cable of cables) await cable.unplug();
    },
  };
}

/** Each hole card's times, in ms: from the report and from the placement to the view, the peer's trip, and where the time went. */
type ReaderTimes = { fromReport: number[]; fromPlacement: number[]; peer: number[]; line: number[]; code: number[]; write: number[] };

async function readerBench(kind: ReaderKind): Promise<ReaderTimes> {
  const folder = mkdtempSync(join(tmpdir(), `felt-bench-${kind}-`));
  const store = Store.open(join(folder, 'table.db'));
  // The durable write's time, from the store's own call.
  const append = store.append.bind(store);
  let writing = 0;
  store.append = (...args) => {
    const started = performance.now();
    try {
      return append(...args);
    } finally {
      writing += performance.now() - started;
    }
  };
  const controller = TableController.open(store, { now: () => Date.now() }, CASINO_5_10);
  let published = 0;
  let publishedAt = 0;
  controller.subscribe(() => {
    published++;
    publishedAt = performance.now();
    poke();
  });
  const peer = await peerLine(folder, 'peer');
  const uids = kind === 'pn532' || kind === 'pepper' ? simulatedNtagDeckUids(0) : simulatedDeckUids(0);
  const deck = DeckRegistration.fromUidsInCardOrder(uids);
  const reader = await rig(kind, folder, controller, deck, uids);
  let id = 0;
  const submit = (command: Parameters<TableController['submit']>[0]['command']) => controller.submit({ id: `r${++id}`, command });
  for (const seat of SEATS) submit({ type: 'sit', seat, name: `P${seat}`, buyIn: 1_000 });
  for (const [seat, card] of [[1, 0], [2, 1], [3, 51]] as const) submit({ type: 'draw', seat, card: card as Card });
  const random = new SeededRandom(options.seed);
  const times: ReaderTimes = { fromReport: [], fromPlacement: [], peer: [], line: [], code: [], write: [] };
  while (times.fromReport.length < readsPerReader) {
    submit({ type: 'start-hand' });
    const cards = shuffledDeck(random);
    let next = 0;
    const lying: [number, TagUid][] = [];
    for (let guard = 0; guard < 200 && controller.table.hand?.phase.kind !== 'complete'; guard++) {
      const view = controller.view();
      if (view.prompt.kind === 'deal') {
        const card = cards[next++] as Card;
        const target = view.prompt.target;
        if (typeof target !== 'object') {
          submit({ type: 'deal', card, to: target });
          continue;
        }
        const uid = reader.uids[card] as TagUid;
        const before = published;
        const writtenBefore = writing;
        const placed = performance.now();
        reader.place(target.seat, uid);
        lying.push([target.seat, uid]);
        await until(() => published > before);
        const done = performance.now();
        const report = reader.report(uid);
        if (report === null) throw new Error(`${kind}: the card was dealt before its report left the reader`);
        times.fromReport.push(done - report.at);
        times.fromPlacement.push(done - placed);
        const write = writing - writtenBefore;
        times.line.push(reader.arrivedAt() - report.at);
        times.code.push(publishedAt - reader.arrivedAt() - write);
        times.write.push(write);
        if (controller.view().lastError !== null) throw new Error(`a card was refused: ${controller.view().lastError?.en ?? ''}`);
        // The peer: the same bytes through the transport alone, now, under the load the read had.
        times.peer.push(await peer.trip(report.bytes));
      } else if (view.prompt.kind === 'action') submit(view.actor?.legal.check ? { type: 'check' } : { type: 'call' });
      else submit({ type: 'show' });
    }
    // The croupier clears the table; the next hand begins once the reader has reported every lift.
    const liftsBefore = reader.liftsSeen();
    for (const [seat, uid] of lying) reader.lift(seat, uid);
    await until(() => reader.liftsSeen() >= liftsBefore + lying.length);
  }
  await reader.close();
  await peer.close();
  store.close();
  rmSync(folder, { recursive: true, force: true });
  return times;
}

const transportP99 = await main();
const both = (values: readonly number[]): string => `${ms(percentile(values, 50))} / ${ms(percentile(values, 99))}`;
for (const kind of ['felt', 'metratec', 'pn532', 'pepper'] as const) {
  const times = await readerBench(kind);
  const p99 = percentile(times.fromReport, 99);
  const peerP99 = percentile(times.peer, 99);
  console.log(`${kind.padEnd(8)} tag → view model, from the reader's report  p50 ${ms(percentile(times.fromReport, 50))}  p99 ${ms(p99)}  max ${ms(Math.max(...times.fromReport))}  (${times.fromReport.length.toLocaleString('en')} hole cards); / transport at p99: ${(p99 / transportP99).toFixed(2)}×; target p99 ≤ 10 ms: ${p99 <= 10 ? 'met' : 'NOT met'}`);
  console.log(`${''.padEnd(8)} the transport alone at the same moments (the report's bytes, after each read)  p50 ${ms(percentile(times.peer, 50))}  p99 ${ms(peerP99)}; the reader / it at p99: ${(p99 / peerP99).toFixed(2)}×`);
  console.log(`${''.padEnd(8)} where the time went, p50 / p99: the line (report → the table's port) ${both(times.line)}; Felt's code (→ the view, the write left out) ${both(times.code)}; the durable write ${both(times.write)}`);
  console.log(`${''.padEnd(8)} from the tag's placement (the reader's own cycle included)  p50 ${ms(percentile(times.fromPlacement, 50))}  p99 ${ms(percentile(times.fromPlacement, 99))}`);
}
