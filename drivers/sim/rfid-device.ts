import { DeckRegistration } from '../rfid/deck-registration.js';
import { encodeFrame } from '../rfid/encode.js';
import { RfidFrameParser } from '../rfid/frame-parser.js';
import { ACK_STATUS, ANTENNA_FAULT_CODE, HEARTBEAT_FLAG, hex, type RfidMessage } from '../rfid/messages.js';
import type { TagUid } from '../rfid/tag-uid.js';

import type { DeviceLine } from './device-line.js';

/** The RSSI a simulated tag is read with unless told otherwise: a card lying flat on its antenna. */
export const SIMULATED_RSSI = -45;

const CARDS_PER_DECK = 52;
const MAX_DECK = 0xff;

/**
 * The tags of simulated deck `deck` (0–255), in card order (`uids[card]`, cards numbered as
 * src/cards/card.ts numbers them). Card c of deck d is `E0 04 FE 17 dd 00 00 cc`: `E0 04` an ISO 15693
 * NXP tag as real decks carry, `FE 17` a serial range no test deck uses, then the deck and the card
 * number, one byte each. Distinct across every card of every deck; the same on every run.
 */
export function simulatedDeckUids(deck: number): TagUid[] {
  if (!Number.isInteger(deck) || deck < 0 || deck > MAX_DECK) throw new RangeError(`a simulated deck is numbered 0–${MAX_DECK}, got ${String(deck)}`);
  return Array.from({ length: CARDS_PER_DECK }, (_, card) => `E004FE17${hex(deck)}0000${hex(card)}` as TagUid);
}

/**
 * The tags of simulated NTAG deck `deck` (0–255), in card order: 7-byte ISO 14443A UIDs as NTAG 21x
 * inlays carry, `04 FE 17 dd 00 00 cc` — `04` NXP's maker code, then the same serial range, deck and card
 * as the ISO 15693 deck. For tables read by PN532 boards.
 */
export function simulatedNtagDeckUids(deck: number): TagUid[] {
  if (!Number.isInteger(deck) || deck < 0 || deck > MAX_DECK) throw new RangeError(`a simulated deck is numbered 0–${MAX_DECK}, got ${String(deck)}`);
  return Array.from({ length: CARDS_PER_DECK }, (_, card) => `04FE17${hex(deck)}0000${hex(card)}` as TagUid);
}

/** Simulated deck `deck` registered, as if scanned card by card. */
export function simulatedDeck(deck: number): DeckRegistration {
  return DeckRegistration.fromUidsInCardOrder(simulatedDeckUids(deck));
}

/**
 * An RFID reader as the host sees it on the line (docs/protocols.md, "RFID reader"): it answers the
 * host's commands, reports tags put down and lifted, repeats every present tag each inventory round as
 * real readers do, sends heartbeats, and can be told to misbehave the ways real readers do — a missed
 * read, an antenna fault, noise on the line, a frame cut short or damaged, a reboot.
 *
 * Every frame is built by encode.ts; only the faults touch bytes. What the tests and the simulator
 * drive (`place`, `lift`, …) is sent as it happens, whether or not inventory runs; `round()` reads the
 * table only while it runs, and a START_INVENTORY is followed by one round (the reader reports every
 * tag present, so the host learns the whole table at once, e.g. after it opens the port again).
 */
export class SimulatedRfidReader {
  /** The host's frames: commands may come split across chunks or several in one. */
  private parser = new RfidFrameParser();
  /** What lies in each antenna's field: antenna → tag → the RSSI it is read with, in the order put down. */
  private readonly present = new Map<number, Map<TagUid, number>>();
  /** Antennas with a fault not yet cleared: hardware, so a reboot does not mend them. */
  private readonly faulty = new Set<number>();
  private running = false;

  constructor(private readonly line: DeviceLine) {}

  get inventoryRunning(): boolean {
    return this.running;
  }

  /**
   * Bytes the host wrote. Each command is answered with an ACK naming it (status 0); START_INVENTORY
   * starts inventory and runs a round, STOP stops it. Whatever else comes (bad frames, a reader's own
   * message looped back) is dropped, as a reader drops what it cannot act on.
   */
  hear(bytes: Uint8Array): void {
    for (const result of this.parser.push(bytes)) {
      if (result.kind !== 'message') continue;
      const command = result.message.type;
      if (command !== 'start-inventory' && command !== 'stop' && command !== 'ping') continue;
      this.send({ type: 'ack', command, status: ACK_STATUS.OK });
      if (command === 'stop') this.running = false;
      if (command === 'start-inventory') {
        this.running = true;
        this.round();
      }
    }
  }

  /** A tag comes into an antenna's field: TAG_SEEN, and it is present there from now on (read with `rssi` each round). */
  place(antenna: number, uid: TagUid, rssi: number = SIMULATED_RSSI): void {
    const frame = encodeFrame({ type: 'tag-seen', antenna, uid, rssi });
    this.fieldOf(antenna).set(uid, rssi);
    this.line.send(frame);
  }

  /** A tag leaves an antenna's field: TAG_GONE, and it is no longer present there. Nothing is sent if it was not there. */
  lift(antenna: number, uid: TagUid): void {
    const field = this.present.get(antenna);
    if (field?.delete(uid) !== true) return;
    if (field.size === 0) this.present.delete(antenna);
    this.send({ type: 'tag-gone', antenna, uid });
  }

  /**
   * One inventory round: TAG_SEEN again for every present tag, antenna by antenna, tags in the order they
   * were put down (the host must read a repeat as no news). Nothing while inventory is stopped.
   */
  round(): void {
    if (!this.running) return;
    for (const [antenna, field] of this.present) {
      for (const [uid, rssi] of field) this.send({ type: 'tag-seen', antenna, uid, rssi });
    }
  }

  /** HEARTBEAT: inventory running, any antenna faulty, and the whole seconds since the reader powered up. */
  heartbeat(uptimeSeconds: number): void {
    const flags = (this.running ? HEARTBEAT_FLAG.INVENTORY_RUNNING : 0) | (this.faulty.size > 0 ? HEARTBEAT_FLAG.ANTENNA_FAULT : 0);
    this.send({ type: 'heartbeat', flags, uptimeSeconds });
  }

  /** The tags present now at an antenna, in the order they were put down (for tests and the simulator). */
  tagsAt(antenna: number): readonly TagUid[] {
    return [...(this.present.get(antenna)?.keys() ?? [])];
  }

  /**
   * The reader restarts (a power cycle): it forgets the tags it knew and a command half heard, and
   * inventory stops until the host starts it again. Nothing is sent; the next heartbeat tells the host
   * (its uptime is the caller's: pass a small one). Antenna faults stay: they are in the hardware.
   */
  reboot(): void {
    this.present.clear();
    this.parser = new RfidFrameParser();
    this.running = false;
  }

  // Faults on demand.

  /** The tag is put down at the antenna but the reader never reports it (a missed read): present, nothing sent. A later round reports it. */
  missedRead(antenna: number, uid: TagUid, rssi: number = SIMULATED_RSSI): void {
    // Encoded only to refuse what `place` would refuse.
    encodeFrame({ type: 'tag-seen', antenna, uid, rssi });
    this.fieldOf(antenna).set(uid, rssi);
  }

  /** ANTENNA_FAULT with `code` for the antenna (open circuit unless told); code CLEARED is `antennaCleared`. */
  antennaFault(antenna: number, code: number = ANTENNA_FAULT_CODE.OPEN_CIRCUIT): void {
    const frame = encodeFrame({ type: 'antenna-fault', antenna, code });
    if (code === ANTENNA_FAULT_CODE.CLEARED) this.faulty.delete(antenna);
    else this.faulty.add(antenna);
    this.line.send(frame);
  }

  /** ANTENNA_FAULT with code CLEARED: the antenna works again. */
  antennaCleared(antenna: number): void {
    this.antennaFault(antenna, ANTENNA_FAULT_CODE.CLEARED);
  }

  /** Any bytes on the line: noise, a wrong baud rate. */
  garbage(bytes: Uint8Array): void {
    this.line.send(bytes.slice());
  }

  /** A TAG_SEEN frame for the tag cut short (the first half of its bytes, start byte and LEN included); the tag is not recorded present. */
  truncated(antenna: number, uid: TagUid, rssi: number = SIMULATED_RSSI): void {
    const frame = encodeFrame({ type: 'tag-seen', antenna, uid, rssi });
    this.line.send(frame.slice(0, Math.floor(frame.length / 2)));
  }

  /** A TAG_SEEN frame for the tag with its CRC's high byte inverted (the host must drop it); the tag is not recorded present. */
  badCrc(antenna: number, uid: TagUid, rssi: number = SIMULATED_RSSI): void {
    const frame = encodeFrame({ type: 'tag-seen', antenna, uid, rssi });
    const crcHigh = frame.length - 2;
    frame[crcHigh] = (frame[crcHigh] ?? 0) ^ 0xff;
    this.line.send(frame);
  }

  private send(message: RfidMessage): void {
    this.line.send(encodeFrame(message));
  }

  private fieldOf(antenna: number): Map<TagUid, number> {
    let field = this.present.get(antenna);
    if (field === undefined) {
      field = new Map();
      this.present.set(antenna, field);
    }
    return field;
  }
}
