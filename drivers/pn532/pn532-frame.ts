/**
 * The frames of NXP's PN532 over its serial interface (HSU), from NXP's user manual UM0701-02 §6.2
 * (docs/protocols.md, "NXP PN532"):
 *
 *   information frame   00 | 00 FF | LEN | LCS | TFI | PD0 … PDn | DCS | 00
 *   ACK                 00 | 00 FF | 00 | FF | 00
 *   NACK                00 | 00 FF | FF | 00 | 00
 *   error (application) 00 | 00 FF | 01 | FF | 7F | 81 | 00
 *   extended frame      00 | 00 FF | FF FF | LENM | LENL | LCS | TFI | PD0 … PDn | DCS | 00
 *
 * LEN counts TFI and the data; LEN + LCS ≡ 0 (mod 256); TFI is D4 host → PN532 and D5 PN532 → host;
 * TFI + PD0 + … + PDn + DCS ≡ 0 (mod 256). The first data byte is the command code (a response's is the
 * command's plus one). The sums are the only integrity check: there is no CRC.
 */
export const HOST_TO_PN532 = 0xd4;
export const PN532_TO_HOST = 0xd5;
/** The TFI of an error frame: the PN532 refused a command it could not read (UM0701 §6.2.1.5). */
export const APPLICATION_ERROR = 0x7f;
/** The HSU wake-up byte (UM0701 §6.3.2.3): the host sends it, then zeros, to wake a sleeping PN532. */
export const WAKEUP_BYTE = 0x55;

/** The host's commands this driver sends (UM0701 §7), and what else a command byte can be. */
export const COMMAND = {
  GET_FIRMWARE_VERSION: 0x02,
  SAM_CONFIGURATION: 0x14,
  RF_CONFIGURATION: 0x32,
  IN_LIST_PASSIVE_TARGET: 0x4a,
  IN_RELEASE: 0x52,
} as const;

export const ACK_FRAME: Uint8Array = Uint8Array.of(0x00, 0x00, 0xff, 0x00, 0xff, 0x00);
export const NACK_FRAME: Uint8Array = Uint8Array.of(0x00, 0x00, 0xff, 0xff, 0x00, 0x00);
export const ERROR_FRAME: Uint8Array = Uint8Array.of(0x00, 0x00, 0xff, 0x01, 0xff, APPLICATION_ERROR, 0x81, 0x00);
/**
 * The wake-up the host sends before its first command (UM0701 §6.3.2.3: 0x55, then zeros long enough for
 * the PN532 to wake): the preamble libnfc's pn532_uart driver sends, 0x55 0x55 and fourteen zeros.
 */
export const WAKEUP: Uint8Array = Uint8Array.of(0x55, 0x55, ...new Array<number>(14).fill(0x00));

/** The longest data an extended frame carries (TFI and data: UM0701 §6.2.1.3, at most 264 bytes). */
export const MAX_EXTENDED_LENGTH = 264;
/** The longest frame the parser holds: an extended frame's 8-byte head, 264 bytes, DCS and postamble. */
export const MAX_FRAME_BYTES = 8 + MAX_EXTENDED_LENGTH + 2;

export type Pn532Frame =
  | { readonly kind: 'ack' }
  | { readonly kind: 'nack' }
  | { readonly kind: 'application-error' }
  /** `tfi` D4 or D5; `data` from the command code on. */
  | { readonly kind: 'information'; readonly tfi: number; readonly data: Uint8Array };

export type Pn532ParseProblem = 'garbage' | 'bad-length-checksum' | 'bad-data-checksum' | 'cut-short' | 'unknown-tfi' | 'truncated';

export type Pn532ParseResult =
  | { readonly kind: 'frame'; readonly frame: Pn532Frame }
  /** Bytes outside any frame that were 0x55 (and zeros): a host waking the PN532 up. */
  | { readonly kind: 'wakeup' }
  | { readonly kind: 'error'; readonly code: Pn532ParseProblem; readonly problem: string };

/** An information frame carrying `data` (the command or response code first). */
export function encodeFrame(tfi: number, data: ArrayLike<number>): Uint8Array {
  const length = 1 + data.length;
  if (length > 255) throw new RangeError(`a normal PN532 frame carries at most 254 data bytes, got ${data.length}`);
  const frame = new Uint8Array(length + 7);
  frame.set([0x00, 0x00, 0xff, length, (0x100 - length) & 0xff, tfi]);
  let sum = tfi;
  for (let index = 0; index < data.length; index++) {
    const byte = data[index] ?? -1;
    if (!Number.isInteger(byte) || byte < 0 || byte > 0xff) throw new RangeError(`a data byte must be 0–255, got ${String(byte)}`);
    frame[6 + index] = byte;
    sum += byte;
  }
  frame[6 + data.length] = (0x100 - (sum & 0xff)) & 0xff;
  frame[7 + data.length] = 0x00;
  return frame;
}

/** A command frame from the host: `D4`, the command code, its parameters. */
export function encodeCommand(command: number, parameters: ArrayLike<number> = []): Uint8Array {
  return encodeFrame(HOST_TO_PN532, [command, ...Array.from(parameters)]);
}

/** A response frame from the PN532: `D5`, the command code plus one, the answer. */
export function encodeResponse(command: number, answer: ArrayLike<number> = []): Uint8Array {
  return encodeFrame(PN532_TO_HOST, [command + 1, ...Array.from(answer)]);
}

/**
 * Finds PN532 frames in a byte stream, in any chunking (the results depend only on the bytes), never
 * throwing, holding at most one frame. A frame is found by its start code 00 FF; the length checksum
 * and then the data checksum decide. A candidate that fails drops only its bytes up to the next start
 * code inside it, and everything from there is read again: a frame cut short never hides the next.
 * Zeros between frames are preambles and postambles; 0x55s are a host's wake-up; anything else there is
 * garbage, reported when a frame starts, after 256 bytes, or on `flush`.
 */
export class Pn532FrameParser {
  private buffer: number[] = [];
  private garbage = 0;
  private wakeup = false;

  /** Whether bytes of a frame begun are waiting for more. */
  get pending(): boolean {
    return this.buffer.length > 0;
  }

  get bufferedBytes(): number {
    return this.buffer.length;
  }

  push(chunk: Uint8Array): Pn532ParseResult[] {
    const results: Pn532ParseResult[] = [];
    for (const byte of chunk) {
      this.buffer.push(byte);
      this.scan(results, false);
    }
    return results;
  }

  /** The line went quiet (or closed): a frame begun will not complete. */
  flush(): Pn532ParseResult[] {
    const results: Pn532ParseResult[] = [];
    this.scan(results, true);
    this.endIdle(results);
    return results;
  }

  private scan(results: Pn532ParseResult[], flushing: boolean): void {
    for (;;) {
      const buffer = this.buffer;
      if (buffer.length === 0) return;
      // Outside a frame: wait for a start code 00 FF.
      if (!(buffer[0] === 0x00 && buffer[1] === 0xff)) {
        if (buffer.length === 1 && buffer[0] === 0x00 && !flushing) return;
        this.idle(buffer.shift() ?? 0, results);
        continue;
      }
      const outcome = this.candidate(flushing);
      if (outcome === 'wait') return;
      if (outcome.kind === 'frame') {
        this.endIdle(results);
        results.push({ kind: 'frame', frame: outcome.frame });
        buffer.splice(0, outcome.length);
        continue;
      }
      // A failed candidate: drop up to the next start code inside it, and read on from there.
      this.endIdle(results);
      let next = 2;
      while (next < outcome.span - 1 && !(buffer[next] === 0x00 && buffer[next + 1] === 0xff)) next++;
      if (next >= outcome.span - 1) next = outcome.span;
      const cutShort = outcome.code === 'bad-data-checksum' && next < outcome.span;
      results.push({ kind: 'error', code: cutShort ? 'cut-short' : outcome.code, problem: cutShort ? `a frame cut short: ${hexOf(buffer.slice(0, next))}, then a new frame` : outcome.problem });
      buffer.splice(0, next);
    }
  }

  /** The frame starting at the buffer's start code, or why not, or 'wait' for more bytes. */
  private candidate(flushing: boolean): 'wait' | { kind: 'frame'; frame: Pn532Frame; length: number } | { kind: 'error'; code: Pn532ParseProblem; problem: string; span: number } {
    const buffer = this.buffer;
    const need = (count: number): boolean => buffer.length < count;
    const truncated = (): { kind: 'error'; code: Pn532ParseProblem; problem: string; span: number } => ({ kind: 'error', code: 'truncated', problem: `a frame begun and not finished: ${hexOf(buffer)}`, span: buffer.length });
    if (need(4)) return flushing ? truncated() : 'wait';
    const length = buffer[2] ?? 0;
    const check = buffer[3] ?? 0;
    if (length === 0x00 && check === 0xff) return this.withPostamble({ kind: 'ack' }, 4, flushing);
    if (length === 0xff && check === 0x00) return this.withPostamble({ kind: 'nack' }, 4, flushing);
    let head = 4;
    let dataLength = length;
    if (length === 0xff && check === 0xff) {
      if (need(7)) return flushing ? truncated() : 'wait';
      dataLength = (buffer[4] ?? 0) * 256 + (buffer[5] ?? 0);
      if ((((buffer[4] ?? 0) + (buffer[5] ?? 0) + (buffer[6] ?? 0)) & 0xff) !== 0 || dataLength === 0 || dataLength > MAX_EXTENDED_LENGTH) {
        return { kind: 'error', code: 'bad-length-checksum', problem: `an extended frame's length ${hexOf(buffer.slice(4, 7))} does not check (LENM + LENL + LCS must be 0 mod 256, the length 1–${MAX_EXTENDED_LENGTH})`, span: 7 };
      }
      head = 7;
    } else if (((length + check) & 0xff) !== 0 || length === 0) {
      return { kind: 'error', code: 'bad-length-checksum', problem: `length ${hex(length)} with length checksum ${hex(check)}: LEN + LCS must be 0 mod 256`, span: 4 };
    }
    const end = head + dataLength + 1;
    if (need(end)) return flushing ? truncated() : 'wait';
    let sum = 0;
    for (let index = head; index < end; index++) sum += buffer[index] ?? 0;
    if ((sum & 0xff) !== 0) {
      return { kind: 'error', code: 'bad-data-checksum', problem: `data checksum ${hex(buffer[end - 1] ?? 0)} does not check (TFI + data + DCS is ${hex(sum & 0xff)}, not 00): ${hexOf(buffer.slice(0, end))}`, span: end };
    }
    const tfi = buffer[head] ?? 0;
    const data = Uint8Array.from(buffer.slice(head + 1, end - 1));
    if (tfi === APPLICATION_ERROR && data.length === 0) return this.withPostamble({ kind: 'application-error' }, end, flushing);
    if (tfi !== HOST_TO_PN532 && tfi !== PN532_TO_HOST) {
      return { kind: 'error', code: 'unknown-tfi', problem: `frame identifier ${hex(tfi)} is neither D4 (host to PN532) nor D5 (PN532 to host): ${hexOf(buffer.slice(0, end))}`, span: end };
    }
    return this.withPostamble({ kind: 'information', tfi, data }, end, flushing);
  }

  /** A frame ends with a postamble 00; a frame whose checksums hold is taken without it too. */
  private withPostamble(frame: Pn532Frame, end: number, flushing: boolean): 'wait' | { kind: 'frame'; frame: Pn532Frame; length: number } {
    if (this.buffer.length <= end) return flushing ? { kind: 'frame', frame, length: end } : 'wait';
    return { kind: 'frame', frame, length: this.buffer[end] === 0x00 ? end + 1 : end };
  }

  private idle(byte: number, results: Pn532ParseResult[]): void {
    if (byte === 0x00) return;
    if (byte === WAKEUP_BYTE && this.garbage === 0) {
      this.wakeup = true;
      return;
    }
    if (this.wakeup) {
      this.wakeup = false;
      results.push({ kind: 'wakeup' });
    }
    this.garbage++;
    if (this.garbage >= 256) this.endIdle(results);
  }

  private endIdle(results: Pn532ParseResult[]): void {
    if (this.wakeup) results.push({ kind: 'wakeup' });
    this.wakeup = false;
    if (this.garbage > 0) results.push({ kind: 'error', code: 'garbage', problem: `${this.garbage} byte(s) of garbage outside any frame` });
    this.garbage = 0;
  }
}

function hex(byte: number): string {
  return byte.toString(16).toUpperCase().padStart(2, '0');
}

export function hexOf(bytes: ArrayLike<number>): string {
  return Array.from(bytes, hex).join(' ');
}
