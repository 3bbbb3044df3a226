import { type AntennaLayout, type AntennaPlace, BOARD_ANTENNA, BURN_ANTENNA, DEFAULT_ANTENNA_LAYOUT, MUCK_ANTENNA } from '../../drivers/rfid/antenna-layout.js';
import type { ReaderKind } from '../../drivers/rfid/reader-kinds.js';
import type { TagUid } from '../../drivers/rfid/tag-uid.js';
import type { SimulatedMetratecReader } from '../../drivers/sim/metratec-device.js';
import type { SimulatedPepper } from '../../drivers/sim/pepper-device.js';
import type { SimulatedPn532 } from '../../drivers/sim/pn532-device.js';
import type { SimulatedRfidReader } from '../../drivers/sim/rfid-device.js';

/** A place on the table where an antenna lies, as a key (`seat 3`, `board`). */
export function placeKey(place: AntennaPlace): string {
  return place.kind === 'seat' ? `seat ${place.seat}` : place.kind;
}

/** The faults a reader's antennas can be asked for beyond sim-faults.ts' (pty sessions only: the screen's panel has its own list). */
export const READER_FAULTS = [
  /** The next card is read by the neighbouring antenna too (overlapping fields). */
  'rfid-two-antennas',
  /** The next card drops out of a few reads right after it is read, and comes back (a hand over it). */
  'rfid-flicker',
] as const;
export type ReaderFault = (typeof READER_FAULTS)[number];

/**
 * The antennas of the simulated table, whatever reader reads them: the simulated table puts tags down at
 * places (a seat, the board, the burn, the muck) and lifts them, and the reader behind says so in its own
 * protocol — Felt's frames, a metratec reader's inventories, a PN532 board's answers. Faults are the
 * reader's own ways of going wrong, each where it has one.
 */
export interface SimulatedAntennas {
  readonly kind: ReaderKind;
  /** Every place with an antenna. */
  readonly places: readonly AntennaPlace[];
  place(where: AntennaPlace, uid: TagUid): void;
  lift(where: AntennaPlace, uid: TagUid): void;
  tagsAt(where: AntennaPlace): readonly TagUid[];
  /** Every present tag reported again (a reader that reports on its own does so anyway). */
  repeat(): void;
  /** Once a second (Felt's reader's heartbeat; the others speak on their own). */
  beat(seconds: number): void;
  /** The tag is put down and not reported at first. */
  missedRead(where: AntennaPlace, uid: TagUid): void;
  /** The tag is put down and the reader's report of it is cut short, or fails its check, then comes whole. */
  spoiled(where: AntennaPlace, uid: TagUid, how: 'cut' | 'bad-crc'): void;
  /** The tag, present, drops out of a few reads and comes back. */
  flicker(where: AntennaPlace, uid: TagUid): void;
  /** Whether the reader has this fault at all (a PN532 reports no antenna faults). */
  antennaFaults: boolean;
  antennaFault(where: AntennaPlace): void;
  antennaCleared(where: AntennaPlace): void;
  garbage(bytes: Uint8Array): void;
  /**
   * For a polled reader, a tag put down and taken away at once is never read: `later` runs after the
   * reader has read every antenna again (counted by the reader's own asking, at most 2 s; at once for a
   * reader that reports each change).
   */
  later(then: () => void): void;
  stop(): void;
}

/** Felt's own reader (drivers/sim/rfid-device.ts), antennas as the default layout numbers them. */
export class FeltAntennas implements SimulatedAntennas {
  readonly kind = 'felt';
  readonly antennaFaults = true;
  readonly places: readonly AntennaPlace[] = [...DEFAULT_ANTENNA_LAYOUT.values()];

  constructor(readonly reader: SimulatedRfidReader) {}

  place(where: AntennaPlace, uid: TagUid): void {
    this.reader.place(feltAntenna(where), uid);
  }

  lift(where: AntennaPlace, uid: TagUid): void {
    this.reader.lift(feltAntenna(where), uid);
  }

  tagsAt(where: AntennaPlace): readonly TagUid[] {
    return this.reader.tagsAt(feltAntenna(where));
  }

  repeat(): void {
    this.reader.round();
  }

  beat(seconds: number): void {
    this.reader.heartbeat(seconds);
  }

  missedRead(where: AntennaPlace, uid: TagUid): void {
    this.reader.missedRead(feltAntenna(where), uid);
  }

  spoiled(where: AntennaPlace, uid: TagUid, how: 'cut' | 'bad-crc'): void {
    if (how === 'cut') this.reader.truncated(feltAntenna(where), uid);
    else this.reader.badCrc(feltAntenna(where), uid);
    this.place(where, uid);
  }

  flicker(where: AntennaPlace, uid: TagUid): void {
    // TAG_GONE, then TAG_SEEN within the flicker window.
    this.reader.lift(feltAntenna(where), uid);
    this.reader.place(feltAntenna(where), uid);
  }

  antennaFault(where: AntennaPlace): void {
    this.reader.antennaFault(feltAntenna(where));
  }

  antennaCleared(where: AntennaPlace): void {
    this.reader.antennaCleared(feltAntenna(where));
  }

  garbage(bytes: Uint8Array): void {
    this.reader.garbage(bytes);
  }

  later(then: () => void): void {
    then();
  }

  stop(): void {}
}

function feltAntenna(where: AntennaPlace): number {
  return where.kind === 'seat' ? where.seat : { board: BOARD_ANTENNA, burn: BURN_ANTENNA, muck: MUCK_ANTENNA }[where.kind];
}

/**
 * The longest a polled reader's simulation waits for the reader to read every antenna again: one that stopped
 * asking (unplugged, set up again) is not waited for past it.
 */
const POLLED_ROUND_MAX_MS = 2_000;

/** What a polled reader's simulation does after a round, until it stops: each timer forgotten once run. */
class PendingTimers {
  private readonly pending = new Set<ReturnType<typeof setTimeout>>();

  after(ms: number, then: () => void): void {
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      then();
    }, ms);
    this.pending.add(timer);
  }

  /**
   * `then` once `done` holds (asked every 10 ms), or after `maxMs`: what is counted is the reader's own
   * asking, so a host slowed down waits as long as the reader took — a timer alone would not (a card laid
   * down and gathered before the reader's next round is read after the gathering, as a card come from nowhere).
   */
  when(done: () => boolean, maxMs: number, then: () => void): void {
    const until = Date.now() + maxMs;
    const check = (): void => {
      if (done() || Date.now() >= until) then();
      else this.after(10, check);
    };
    this.after(10, check);
  }

  clear(): void {
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
  }
}

/** A metratec reader's antenna ports (drivers/sim/metratec-device.ts): `layout` maps ports to places; inventories every `tickMs`. */
export class MetratecAntennas implements SimulatedAntennas {
  readonly kind = 'metratec';
  readonly antennaFaults = false;
  readonly places: readonly AntennaPlace[];
  private readonly ports = new Map<string, number>();
  private readonly ticker: ReturnType<typeof setInterval>;
  private readonly timers = new PendingTimers();

  constructor(
    readonly reader: SimulatedMetratecReader,
    layout: AntennaLayout,
    tickMs = 5,
  ) {
    for (const [port, place] of layout) this.ports.set(placeKey(place), port);
    this.places = [...layout.values()];
    this.ticker = setInterval(() => reader.tick(), tickMs);
    this.ticker.unref();
  }

  place(where: AntennaPlace, uid: TagUid): void {
    this.reader.place(this.port(where), uid);
  }

  lift(where: AntennaPlace, uid: TagUid): void {
    this.reader.lift(this.port(where), uid);
  }

  tagsAt(where: AntennaPlace): readonly TagUid[] {
    return this.reader.tagsAt(this.port(where));
  }

  repeat(): void {}

  beat(): void {}

  missedRead(where: AntennaPlace, uid: TagUid): void {
    this.place(where, uid);
    this.reader.flicker(this.port(where), uid, 2);
  }

  spoiled(where: AntennaPlace, uid: TagUid, how: 'cut' | 'bad-crc'): void {
    this.reader.spoilNextInventory(how);
    this.place(where, uid);
  }

  flicker(where: AntennaPlace, uid: TagUid): void {
    this.reader.flicker(this.port(where), uid, 2);
  }

  antennaFault(): void {}

  antennaCleared(): void {}

  garbage(bytes: Uint8Array): void {
    this.reader.garbage(bytes);
  }

  later(then: () => void): void {
    // Every port inventoried twice more: the round under way when asked may have begun before.
    const from = this.reader.inventories;
    this.timers.when(() => this.reader.inventories >= from + 2 * this.ports.size, POLLED_ROUND_MAX_MS, then);
  }

  stop(): void {
    clearInterval(this.ticker);
    this.timers.clear();
  }

  private port(where: AntennaPlace): number {
    const port = this.ports.get(placeKey(where));
    if (port === undefined) throw new RangeError(`no antenna at ${placeKey(where)}`);
    return port;
  }
}

/** One PN532 board (drivers/sim/pn532-device.ts) or one Pepper C1 (drivers/sim/pepper-device.ts) per place. */
export class Pn532Antennas implements SimulatedAntennas {
  readonly antennaFaults = false;
  readonly places: readonly AntennaPlace[];
  private readonly timers = new PendingTimers();

  constructor(
    readonly boards: ReadonlyMap<string, { readonly place: AntennaPlace; readonly board: SimulatedPn532 | SimulatedPepper }>,
    readonly kind: 'pn532' | 'pepper' = 'pn532',
  ) {
    this.places = [...boards.values()].map((entry) => entry.place);
  }

  place(where: AntennaPlace, uid: TagUid): void {
    this.board(where).place(uid);
  }

  lift(where: AntennaPlace, uid: TagUid): void {
    this.board(where).lift(uid);
  }

  tagsAt(where: AntennaPlace): readonly TagUid[] {
    return this.boards.get(placeKey(where))?.board.tags() ?? [];
  }

  repeat(): void {}

  beat(): void {}

  missedRead(where: AntennaPlace, uid: TagUid): void {
    this.place(where, uid);
    this.board(where).flicker(uid, 2);
  }

  spoiled(where: AntennaPlace, uid: TagUid, how: 'cut' | 'bad-crc'): void {
    this.board(where).spoilNextAnswer(how === 'cut' ? 'cut' : 'bad-checksum');
    this.place(where, uid);
  }

  flicker(where: AntennaPlace, uid: TagUid): void {
    this.board(where).flicker(uid, 3);
  }

  antennaFault(): void {}

  antennaCleared(): void {}

  garbage(bytes: Uint8Array): void {
    this.boards.values().next().value?.board.garbage(bytes);
  }

  later(then: () => void): void {
    // Every board asked twice more: the round under way when asked may have counted before.
    const from = [...this.boards.values()].map(({ board }) => ({ board, polls: board.polls }));
    this.timers.when(() => from.every(({ board, polls }) => board.polls >= polls + 2), POLLED_ROUND_MAX_MS, then);
  }

  stop(): void {
    this.timers.clear();
  }

  private board(where: AntennaPlace): SimulatedPn532 | SimulatedPepper {
    const entry = this.boards.get(placeKey(where));
    if (entry === undefined) throw new RangeError(`no board at ${placeKey(where)}`);
    return entry.board;
  }
}
