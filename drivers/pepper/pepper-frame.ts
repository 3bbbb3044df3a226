/**
 * The binary frames of Eccel's Pepper C1 readers over UART (USB, RS-232), as Eccel's own C1 library writes
 * and reads them (marbalon/Eccel-C1, LGPL 2.1: binary_protocol.h, binary_protocol.cpp, CCITTCRC.h;
 * docs/protocols.md, "Eccel Pepper C1"):
 *
 *   STX F5 | LEN (2 bytes, low first) | LEN XOR FFFF (2 bytes, low first) | payload | CRC (2 bytes, low first)
 *
 * LEN counts the payload and the CRC. The CRC is CRC-16/CCITT-FALSE — polynomial 0x1021, initial value
 * 0xFFFF, bits fed most significant first, no final XOR (CCITTCRC.h's table) — of the payload only, not
 * of the head. The payload's first byte is a command code from the host; from the reader it is 00 (ACK:
 * the command code follows, then its answer), FF (ERROR: the command code, then the error's code) or FE
 * (an asynchronous message of the reader's own polling, which Felt turns off).
 *
 * Worked examples from public code (docs/protocols.md): GET_TAG_COUNT `F5 03 00 FC FF 02 B2 C1`, DUMMY
 * `F5 03 00 FC FF 01 D1 F1`, GET_UID of tag 0 `F5 04 00 FB FF 03 00 5C 48`.
 */
export const STX = 0xf5;
/** The most bytes of payload and CRC the vendor's buffers hold (binary_protocol.h, MAX_BINNARY_FRAME_LEN_LEN). */
export const MAX_LENGTH = 2048 + 20;

/** The command codes Felt sends (C1_Interface.h's enum), and the reader's answer codes. */
export const COMMAND = {
  DUMMY: 0x01,
  GET_TAG_COUNT: 0x02,
  GET_UID: 0x03,
  SET_POLLING: 0x06,
  GET_VERSION: 0x0b,
} as const;
export const ANSWER_ACK = 0x00;
export const ANSWER_ASYNC = 0xfe;
export const ANSWER_ERROR = 0xff;

/**
 * What the reader's error codes mean (C1_Interface.h's comment "Other layers errors"): the ones a host
 * reading UIDs meets. The ERROR answer to a frame whose CRC failed is `FF FF 02` (binary_protocol.cpp).
 */
export const ERROR_WORDS: Readonly<Record<number, string>> = {
  0x01: 'no reply received (the tag left the field)',
  0x02: 'wrong CRC or parity',
  0x03: 'a collision occurred',
  0x05: 'invalid frame format',
  0x06: 'the answer violates the protocol',
  0x0a: 'an error due to RF',
  0x0c: 'a length error',
  0x21: 'invalid parameter',
  0x24: 'command not supported',
  0x7f: 'an internal error',
  0xf0: 'protocol authorization needed (command 0x12)',
};

/** CRC-16/CCITT-FALSE of `bytes` (the vendor's GetCCITTCRC; check value of "123456789": 29B1). */
export function pepperCrc(bytes: ArrayLike<number>): number {
  let crc = 0xffff;
  for (let index = 0; index < bytes.length; index++) {
    crc ^= (bytes[index] ?? 0) << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** A frame carrying `payload` (a command code or an answer code first). */
export function encodeFrame(payload: ArrayLike<number>): Uint8Array {
  if (payload.length < 1) throw new RangeError('a Pepper C1 frame carries at least one payload byte');
  const length = payload.length + 2;
  if (length > MAX_LENGTH) throw new RangeError(`a Pepper C1 frame carries at most ${MAX_LENGTH - 2} payload bytes, got ${payload.length}`);
  const frame = new Uint8Array(5 + length);
  frame.set([STX, length & 0xff, length >> 8, (length & 0xff) ^ 0xff, (length >> 8) ^ 0xff]);
  for (let index = 0; index < payload.length; index++) {
    const byte = payload[index] ?? -1;
    if (!Number.isInteger(byte) || byte < 0 || byte > 0xff) throw new RangeError(`a payload byte must be 0–255, got ${String(byte)}`);
    frame[5 + index] = byte;
  }
  const crc = pepperCrc(frame.subarray(5, 5 + payload.length));
  frame[5 + payload.length] = crc & 0xff;
  frame[6 + payload.length] = crc >> 8;
  return frame;
}

/** A command from the host: its code, its parameters. */
export function encodeCommand(command: number, parameters: ArrayLike<number> = []): Uint8Array {
  return encodeFrame([command, ...Array.from(parameters)]);
}

/** The reader's ACK to `command`, with its answer (the simulator's). */
export function encodeAck(command: number, answer: ArrayLike<number> = []): Uint8Array {
  return encodeFrame([ANSWER_ACK, command, ...Array.from(answer)]);
}

/** The reader's ERROR answer to `command`: the error's code, one byte (as the vendor's own CRC answer) or two. */
export function encodeError(command: number, code: number): Uint8Array {
  return encodeFrame(code > 0xff ? [ANSWER_ERROR, command, code >> 8, code & 0xff] : [ANSWER_ERROR, command, code]);
}

export type PepperParseProblem = 'garbage' | 'bad-crc' | 'cut-short' | 'truncated';

export type PepperParseResult = { readonly kind: 'frame'; readonly payload: Uint8Array } | { readonly kind: 'error'; readonly code: PepperParseProblem; readonly problem: string };

/**
 * Finds Pepper C1 frames in a byte stream, in any chunking (the results depend only on the bytes), never
 * throwing, holding at most one frame. A frame starts at F5 whose next four bytes are a length and its
 * complement (the vendor's parser looks for the same five bytes); an F5 without them is garbage. A frame
 * whose CRC fails drops only its bytes up to the next frame head inside it, and everything from there is
 * read again: a frame cut short never hides the next. Garbage is reported when a frame starts, after 256
 * bytes, or on `flush`.
 */
export class PepperFrameParser {
  private buffer: number[] = [];
  private garbage = 0;

  get pending(): boolean {
    return this.buffer.length > 0;
  }

  get bufferedBytes(): number {
    return this.buffer.length;
  }

  push(chunk: Uint8Array): PepperParseResult[] {
    const results: PepperParseResult[] = [];
    for (const byte of chunk) {
      this.buffer.push(byte);
      this.scan(results, false);
    }
    return results;
  }

  /** The line went quiet (or closed): a frame begun will not complete. */
  flush(): PepperParseResult[] {
    const results: PepperParseResult[] = [];
    this.scan(results, true);
    this.endGarbage(results);
    return results;
  }

  private scan(results: PepperParseResult[], flushing: boolean): void {
    for (;;) {
      const buffer = this.buffer;
      if (buffer.length === 0) return;
      const head = headAt(buffer, 0);
      if (head === 'wait') {
        if (!flushing) return;
        // A head that will not complete (fewer than five bytes: no other frame fits in them).
        this.endGarbage(results);
        results.push({ kind: 'error', code: 'truncated', problem: `a frame begun and not finished: ${hexOf(buffer)}` });
        this.buffer = [];
        return;
      }
      if (head === null) {
        this.idle(results);
        continue;
      }
      const end = 5 + head;
      if (buffer.length < end) {
        if (!flushing) return;
        // Silence: this frame will not complete. A frame that began inside it may have.
        this.endGarbage(results);
        let next = 1;
        while (next < buffer.length && headAt(buffer, next) === null) next++;
        results.push({ kind: 'error', code: 'truncated', problem: `a frame begun and not finished: ${hexOf(buffer.slice(0, next))}` });
        buffer.splice(0, next);
        continue;
      }
      this.endGarbage(results);
      const payload = buffer.slice(5, end - 2);
      const crc = (buffer[end - 2] ?? 0) | ((buffer[end - 1] ?? 0) << 8);
      if (pepperCrc(payload) === crc) {
        results.push({ kind: 'frame', payload: Uint8Array.from(payload) });
        buffer.splice(0, end);
        continue;
      }
      // A frame cut short by another's head, or spoilt: drop up to the next head inside it, read on from there.
      let next = 1;
      while (next < end && headAt(buffer, next) === null) next++;
      const cut = next < end;
      results.push(
        cut
          ? { kind: 'error', code: 'cut-short', problem: `a frame cut short: ${hexOf(buffer.slice(0, next))}, then a new frame` }
          : { kind: 'error', code: 'bad-crc', problem: `CRC ${hex(crc & 0xff)} ${hex(crc >> 8)} does not check (expected ${hex(pepperCrc(payload) & 0xff)} ${hex(pepperCrc(payload) >> 8)}): ${hexOf(buffer.slice(0, end))}` },
      );
      buffer.splice(0, next);
    }
  }

  private idle(results: PepperParseResult[]): void {
    this.buffer.shift();
    this.garbage++;
    if (this.garbage >= 256) this.endGarbage(results);
  }

  private endGarbage(results: PepperParseResult[]): void {
    if (this.garbage > 0) results.push({ kind: 'error', code: 'garbage', problem: `${this.garbage} byte(s) of garbage outside any frame` });
    this.garbage = 0;
  }
}

/** The length (payload and CRC) of the frame head at `at`, null if there is none, 'wait' if it may be one. */
function headAt(buffer: readonly number[], at: number): number | null | 'wait' {
  if (buffer[at] !== STX) return null;
  if (buffer.length < at + 5) return 'wait';
  const low = buffer[at + 1] ?? 0;
  const high = buffer[at + 2] ?? 0;
  if ((low ^ 0xff) !== buffer[at + 3] || (high ^ 0xff) !== buffer[at + 4]) return null;
  const length = low | (high << 8);
  // A payload byte at least, and no more than the vendor's buffers hold.
  return length < 3 || length > MAX_LENGTH ? null : length;
}

function hex(byte: number): string {
  return byte.toString(16).toUpperCase().padStart(2, '0');
}

export function hexOf(bytes: ArrayLike<number>): string {
  return Array.from(bytes, hex).join(' ');
}
