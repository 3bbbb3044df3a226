import { ANSWER_ASYNC, COMMAND, encodeAck, encodeError, encodeFrame, PepperFrameParser } from '../pepper/pepper-frame.js';
import { type TagUid, tagUidBytes } from '../rfid/tag-uid.js';
import type { DeviceLine } from './device-line.js';

/** GET_VERSION's answer of the simulated reader: ASCII and a NUL, as the vendor's own fake reader answers (ha-pepper-c1 fake_reader.py). */
export const SIMULATED_PEPPER_VERSION = '2.56.FELT-SIM';
/** How many tags GET_TAG_COUNT counts on one antenna: "up to 5 tags" (Eccel-C1 README, Get_uid). */
export const PEPPER_MAX_TAGS = 5;

/**
 * The tag type byte GET_UID answers with. Felt reads only the UID; the bits are those Eccel's Home
 * Assistant integration tells apart (coordinator.py: 0x10 ICODE, 0x01 MIFARE), the rest of the byte unknown.
 */
function tagType(uid: TagUid): number {
  return uid.length === 16 ? 0x10 : 0x01;
}

/**
 * One Pepper C1 and its antenna as the host sees it on the UART line (Eccel's C1 library; docs/protocols.md,
 * "Eccel Pepper C1"): it answers every command frame it reads — DUMMY, GET_VERSION, SET_POLLING,
 * GET_TAG_COUNT (the tags in its field now, five at most) and GET_UID of each of them, from the list the
 * count made — with an ACK, a command it does not know with an ERROR (0x24, not supported), and a frame
 * whose CRC fails with `FF FF 02` as the vendor's parser does. It can be told to misbehave the ways a
 * reader does: a tag that flickers out of a few counts, an answer cut short or with a wrong CRC, noise,
 * an asynchronous message of its own polling, a reboot (its own polling on again, a command half heard
 * forgotten).
 */
export class SimulatedPepper {
  private parser = new PepperFrameParser();
  /** The tags in the field, in the order they were put down. */
  private readonly field = new Set<TagUid>();
  /** Counts to come that do not see this tag (a hand over the card, a tag at the edge of the field). */
  private readonly hidden = new Map<TagUid, number>();
  /** The tags the last GET_TAG_COUNT found: GET_UID answers from them. */
  private found: TagUid[] = [];
  private nextAnswer: 'cut' | 'bad-checksum' | null = null;
  /** Whether the reader's own polling runs (on after power-up; Felt turns it off). */
  polling = true;
  /** How many GET_TAG_COUNT commands were answered (tests wait on it). */
  polls = 0;

  constructor(private readonly line: DeviceLine) {}

  hear(bytes: Uint8Array): void {
    for (const result of this.parser.push(bytes)) {
      if (result.kind === 'error') {
        // binary_protocol.cpp: a frame whose CRC fails is answered FF FF 02; garbage is not answered.
        if (result.code === 'bad-crc' || result.code === 'cut-short') this.line.send(encodeError(0xff, 0x02));
        continue;
      }
      this.answer(result.payload[0] ?? -1, result.payload.subarray(1));
    }
  }

  place(uid: TagUid): void {
    this.field.add(uid);
  }

  lift(uid: TagUid): void {
    this.field.delete(uid);
    this.hidden.delete(uid);
  }

  /** The tags in the field, in the order put down. */
  tags(): readonly TagUid[] {
    return [...this.field];
  }

  // Faults on demand.

  /** The tag goes unread for the next `polls` counts, then is read again: a flicker. */
  flicker(uid: TagUid, polls: number): void {
    if (this.field.has(uid)) this.hidden.set(uid, polls);
  }

  /** The next answer to GET_TAG_COUNT or GET_UID is cut short (its first half), or carries a wrong CRC. */
  spoilNextAnswer(how: 'cut' | 'bad-checksum'): void {
    this.nextAnswer = how;
  }

  garbage(bytes: Uint8Array): void {
    this.line.send(bytes.slice());
  }

  /** An asynchronous message of the reader's own polling: FE 00 type 00 UID (ha-pepper-c1 fake_reader.py). */
  asyncMessage(uid: TagUid): void {
    this.line.send(encodeFrame([ANSWER_ASYNC, 0x00, tagType(uid), 0x00, ...tagUidBytes(uid)]));
  }

  /** A reboot or brown-out: its own polling on again, a command half heard forgotten. Tags stay. */
  reset(): void {
    this.parser = new PepperFrameParser();
    this.polling = true;
    this.found = [];
  }

  private answer(command: number, parameters: Uint8Array): void {
    switch (command) {
      case COMMAND.DUMMY:
        this.line.send(encodeAck(command));
        return;
      case COMMAND.GET_VERSION:
        this.line.send(encodeAck(command, [...Array.from(SIMULATED_PEPPER_VERSION, (char) => char.charCodeAt(0)), 0x00]));
        return;
      case COMMAND.SET_POLLING:
        if (parameters.length !== 1 || (parameters[0] ?? 2) > 1) {
          this.line.send(encodeError(command, 0x21));
          return;
        }
        this.polling = parameters[0] === 1;
        this.line.send(encodeAck(command));
        return;
      case COMMAND.GET_TAG_COUNT:
        this.polls++;
        this.found = this.visible().slice(0, PEPPER_MAX_TAGS);
        this.send(encodeAck(command, [this.found.length]), this.takeSpoil());
        return;
      case COMMAND.GET_UID: {
        const uid = this.found[parameters[0] ?? PEPPER_MAX_TAGS];
        if (parameters.length !== 1 || uid === undefined) {
          this.line.send(encodeError(command, 0x21));
          return;
        }
        this.send(encodeAck(command, [tagType(uid), 0x00, ...tagUidBytes(uid)]), this.takeSpoil());
        return;
      }
      default:
        this.line.send(encodeError(command & 0xff, 0x24));
    }
  }

  /** The tags this count reads: those not hidden by a flicker (whose count goes down). */
  private visible(): TagUid[] {
    const seen: TagUid[] = [];
    for (const uid of this.field) {
      const hiddenFor = this.hidden.get(uid) ?? 0;
      if (hiddenFor > 0) {
        if (hiddenFor === 1) this.hidden.delete(uid);
        else this.hidden.set(uid, hiddenFor - 1);
        continue;
      }
      seen.push(uid);
    }
    return seen;
  }

  private takeSpoil(): 'cut' | 'bad-checksum' | null {
    const how = this.nextAnswer;
    this.nextAnswer = null;
    return how;
  }

  private send(frame: Uint8Array, how: 'cut' | 'bad-checksum' | null): void {
    if (how === 'cut') {
      this.line.send(frame.slice(0, Math.floor(frame.length / 2)));
      return;
    }
    const bytes = frame.slice();
    if (how === 'bad-checksum') bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0x5a;
    this.line.send(bytes);
  }
}
