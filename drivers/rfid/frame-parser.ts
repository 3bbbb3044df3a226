import { crc16 } from './crc16.js';
import {
  COMMAND_BY_CODE,
  FRAME_OVERHEAD,
  hex,
  MAX_FRAME_BYTES,
  MAX_LENGTH,
  MESSAGE_TYPE,
  MIN_LENGTH,
  PAYLOAD_BYTES,
  type RfidMessage,
  START_BYTE,
} from './messages.js';
import { tagUidFromBytes } from './tag-uid.js';

/** What was wrong with bytes the parser skipped (docs/protocols.md, "RFID reader", "Errors and resynchronisation"). */
export type RfidProblemCode =
  /** Bytes outside any frame: noise on the line, or the tail of a frame whose start was missed. */
  | 'garbage'
  /** A start byte followed by a LEN outside 1–32: not a frame start after all. */
  | 'length-out-of-range'
  /** A complete candidate frame whose CRC does not match: corrupted on the line. */
  | 'bad-crc'
  /** A frame whose CRC failed because a new frame began inside it (the reader restarted mid-frame). */
  | 'cut-short'
  /** A frame begun when the bytes stopped (reported by `flush`). */
  | 'truncated'
  /** A frame with a good CRC and a TYPE this host does not know (newer firmware): skipped whole. */
  | 'unknown-type'
  /** A frame with a good CRC whose payload does not fit its TYPE: skipped whole. */
  | 'bad-payload';

/** Skipped bytes: `bytes` of them, and why. */
export type RfidParseError = { readonly kind: 'error'; readonly code: RfidProblemCode; readonly problem: string; readonly bytes: number };

/**
 * A frame read. `bytes` is its length, or one less when its start byte was the last byte of the frame
 * before (see `shared`): every byte pushed is in the `bytes` of exactly one result.
 */
export type RfidParseMessage = { readonly kind: 'message'; readonly message: RfidMessage; readonly bytes: number };

export type RfidParseResult = RfidParseMessage | RfidParseError;

/** A long run of garbage is reported once it reaches this many bytes, so a reader at the wrong baud rate shows at once. */
export const GARBAGE_REPORT_BYTES = 256;

const TYPE_NAMES: ReadonlyMap<number, string> = new Map(Object.entries(MESSAGE_TYPE).map(([name, code]) => [code, name]));

const error = (code: RfidProblemCode, problem: string, bytes: number): RfidParseError => ({ kind: 'error', code, problem, bytes });

/**
 * Bytes from the reader (or, in the simulator, from the host) in, messages and errors out, in any
 * chunking: the results of a stream do not depend on how it was cut into chunks, only on its bytes.
 *
 * Resynchronisation: a candidate frame starts at every 0x02 seen outside a frame. When it fails (LEN out
 * of range, bad CRC, cut short), only the bytes up to the next 0x02 inside it are dropped and the rest is
 * parsed again, so a bad frame never swallows a good one that starts inside it. A frame with a good CRC is
 * trusted and skipped whole even when its TYPE or payload is unknown.
 *
 * Memory: one candidate frame at most (36 bytes, a fixed buffer) plus a count of garbage bytes, whatever
 * the bytes; only the results of one push grow with its chunk. Never throws.
 */
export class RfidFrameParser {
  private readonly frame = new Uint8Array(MAX_FRAME_BYTES);
  /** Bytes of the candidate frame in `frame` (0: between frames). */
  private held = 0;
  /** The candidate's total size, known once LEN has come. */
  private expected = 0;
  /** Garbage bytes not yet reported. */
  private garbage = 0;
  /**
   * The candidate's start byte is the last byte (a CRC byte) of the good frame before it. A frame cut
   * short by exactly its last byte, followed by a new frame, reads as a good frame when that byte was
   * 0x02 (1 in 256): the new frame's start byte completed it. So such a byte is tried as a start too;
   * if no frame starts there, it was only a CRC byte and the bytes after it are garbage.
   */
  private shared = false;
  /**
   * The error for a failed frame that had a start byte inside it: whether it was cut short by a new frame
   * is known only when the frame starting there ends (good CRC: cut short; otherwise: as first named).
   */
  private suspect: RfidParseError | null = null;

  /** Bytes held for a frame not yet complete: never more than MAX_FRAME_BYTES. */
  get bufferedBytes(): number {
    return this.held;
  }

  /** True when bytes wait for more (a frame begun) or for a report (garbage): `flush` may have something to say. */
  get pending(): boolean {
    return this.held > 0 || this.garbage > 0;
  }

  push(chunk: Uint8Array): RfidParseResult[] {
    const out: RfidParseResult[] = [];
    this.feed(chunk, out);
    return out;
  }

  /**
   * The bytes stopped (the line went quiet, or the port closed): a frame begun will not complete. Reports
   * it as truncated, recovers any whole frame that started inside it, reports waiting garbage.
   */
  flush(): RfidParseResult[] {
    const out: RfidParseResult[] = [];
    while (this.held > 0) {
      const held = this.held;
      const expected = held >= 2 ? this.expected : null;
      const problem = expected === null ? 'frame cut short: its start byte came, then nothing' : `frame cut short: ${held} of its ${expected} bytes came, then nothing`;
      this.abandon((bytes) => error('truncated', problem, bytes), out);
    }
    this.settleSuspect(false, out);
    this.reportGarbage(out);
    return out;
  }

  private feed(bytes: Uint8Array, out: RfidParseResult[]): void {
    for (const byte of bytes) this.accept(byte, out);
  }

  private accept(byte: number, out: RfidParseResult[]): void {
    if (this.held === 0) {
      if (byte !== START_BYTE) {
        this.garbage++;
        if (this.garbage >= GARBAGE_REPORT_BYTES) this.reportGarbage(out);
        return;
      }
      this.reportGarbage(out);
      this.frame[0] = byte;
      this.held = 1;
      return;
    }
    this.frame[this.held++] = byte;
    if (this.held === 2) {
      if (byte < MIN_LENGTH || byte > MAX_LENGTH) {
        const problem = `length out of range: LEN 0x${hex(byte)} after a start byte (a frame holds ${MIN_LENGTH}–${MAX_LENGTH} bytes of type and payload)`;
        this.abandon((bytes) => error('length-out-of-range', problem, bytes), out);
        return;
      }
      this.expected = byte + FRAME_OVERHEAD;
      return;
    }
    if (this.held === this.expected) this.complete(out);
  }

  private complete(out: RfidParseResult[]): void {
    const total = this.expected;
    const stated = ((this.frame[total - 2] ?? 0) << 8) | (this.frame[total - 1] ?? 0);
    const computed = crc16(this.frame, 1, total - 2);
    if (stated !== computed) {
      const problem = `bad CRC: the frame says 0x${hex(stated >> 8)}${hex(stated & 0xff)}, its bytes give 0x${hex(computed >> 8)}${hex(computed & 0xff)}`;
      this.abandon((bytes) => error('bad-crc', problem, bytes), out);
      return;
    }
    const bytes = this.shared ? total - 1 : total;
    this.held = 0;
    this.shared = false;
    this.settleSuspect(true, out);
    const decoded = decodeBody(this.frame, total);
    out.push('problem' in decoded ? error(decoded.code, decoded.problem, bytes) : { kind: 'message', message: decoded, bytes });
    if (this.frame[total - 1] === START_BYTE) {
      this.frame[0] = START_BYTE;
      this.held = 1;
      this.shared = true;
    }
  }

  /**
   * The candidate is not a frame: drop its bytes up to the next start byte inside it (one error) and
   * parse the rest again. Recursion is bounded: each replay is shorter than the candidate it came from.
   */
  private abandon(describe: (bytes: number) => RfidParseError, out: RfidParseResult[]): void {
    const held = this.held;
    const shared = this.shared;
    this.held = 0;
    this.shared = false;
    // The frame a suspect waited on has failed too: the suspect was plainly bad, not cut short.
    this.settleSuspect(false, out);
    const next = this.frame.subarray(1, held).indexOf(START_BYTE) + 1;
    const skipped = next === 0 ? held : next;
    if (shared) {
      // The start byte was the last frame's CRC byte, already accounted for; what follows it is garbage.
      this.garbage += skipped - 1;
      if (this.garbage >= GARBAGE_REPORT_BYTES) this.reportGarbage(out);
    } else if (next === 0) {
      out.push(describe(held));
    } else {
      this.suspect = describe(next);
    }
    if (next > 0) this.feed(this.frame.slice(next, held), out);
  }

  private settleSuspect(nextFrameGood: boolean, out: RfidParseResult[]): void {
    const suspect = this.suspect;
    if (suspect === null) return;
    this.suspect = null;
    if (nextFrameGood && (suspect.code === 'bad-crc' || suspect.code === 'truncated')) {
      out.push(error('cut-short', `frame cut short by a new start byte after ${suspect.bytes} bytes (${suspect.problem})`, suspect.bytes));
    } else {
      out.push(suspect);
    }
  }

  private reportGarbage(out: RfidParseResult[]): void {
    if (this.garbage === 0) return;
    out.push(error('garbage', `${this.garbage} byte${this.garbage === 1 ? '' : 's'} of garbage outside any frame`, this.garbage));
    this.garbage = 0;
  }
}

type BodyProblem = { readonly code: 'unknown-type' | 'bad-payload'; readonly problem: string };

/** The message in a frame whose CRC is good, or what is wrong with its TYPE or payload. */
function decodeBody(frame: Uint8Array, total: number): RfidMessage | BodyProblem {
  const at = (index: number): number => frame[index] ?? 0;
  const type = at(2);
  const payload = total - FRAME_OVERHEAD - 1;
  const expected = PAYLOAD_BYTES.get(type);
  const name = TYPE_NAMES.get(type);
  if (expected === undefined || name === undefined) {
    return { code: 'unknown-type', problem: `unknown message type 0x${hex(type)} (a ${total}-byte frame with a good CRC, skipped)` };
  }
  if (payload !== expected) {
    return { code: 'bad-payload', problem: `${name} carries ${expected} payload byte${expected === 1 ? '' : 's'}, this frame ${payload}` };
  }
  switch (type) {
    case MESSAGE_TYPE.START_INVENTORY:
      return { type: 'start-inventory' };
    case MESSAGE_TYPE.STOP:
      return { type: 'stop' };
    case MESSAGE_TYPE.PING:
      return { type: 'ping' };
    case MESSAGE_TYPE.TAG_SEEN: {
      const rssi = at(12);
      return { type: 'tag-seen', antenna: at(3), uid: tagUidFromBytes(frame, 4), rssi: rssi > 127 ? rssi - 256 : rssi };
    }
    case MESSAGE_TYPE.TAG_GONE:
      return { type: 'tag-gone', antenna: at(3), uid: tagUidFromBytes(frame, 4) };
    case MESSAGE_TYPE.ANTENNA_FAULT:
      return { type: 'antenna-fault', antenna: at(3), code: at(4) };
    case MESSAGE_TYPE.HEARTBEAT:
      return { type: 'heartbeat', flags: at(3), uptimeSeconds: at(4) * 0x1000000 + at(5) * 0x10000 + at(6) * 0x100 + at(7) };
    case MESSAGE_TYPE.ACK: {
      const command = COMMAND_BY_CODE.get(at(3));
      if (command === undefined) return { code: 'bad-payload', problem: `ACK for 0x${hex(at(3))}, which is not a command` };
      return { type: 'ack', command, status: at(4) };
    }
    default:
      return { code: 'unknown-type', problem: `unknown message type 0x${hex(type)}` };
  }
}
