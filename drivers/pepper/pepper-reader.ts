import type { DriverError } from '../driver-error.js';
import type { DriverClock, TagPresence } from '../rfid/presence.js';
import { type ReaderLine, type ReaderLineTimings, readerParts } from '../rfid/reader-line.js';
import type { RfidEvent } from '../rfid/rfid-reader.js';
import { type TagUid, tagUidFromBytes, UID_LENGTHS } from '../rfid/tag-uid.js';
import type { TransportPort } from '../transport/transport.js';
import { ANSWER_ACK, ANSWER_ASYNC, ANSWER_ERROR, COMMAND, encodeCommand, ERROR_WORDS, hexOf, PepperFrameParser, type PepperParseResult } from './pepper-frame.js';

export type PepperReaderOptions = ReaderLineTimings & {
  /** The antenna number this reader's tags are reported at (its place comes from the table's wiring): 0 unless told. */
  readonly antenna?: number;
  /** The pause between one round's last answer and the next GET_TAG_COUNT (25 ms). */
  readonly pollIntervalMs?: number;
  /** How long a command may wait for its answer before the reader is set up again (300 ms). */
  readonly responseTimeoutMs?: number;
};

const NAMES: Readonly<Record<number, string>> = {
  [COMMAND.DUMMY]: 'DUMMY',
  [COMMAND.GET_TAG_COUNT]: 'GET_TAG_COUNT',
  [COMMAND.GET_UID]: 'GET_UID',
  [COMMAND.SET_POLLING]: 'SET_POLLING',
  [COMMAND.GET_VERSION]: 'GET_VERSION',
};

/** The error code that means a tag left between the count and its UID: a round lost, nothing wrong. */
const NO_REPLY = 0x01;

/** A command sent and not yet answered. */
type Waiting = { readonly command: number; readonly cancelTimeout: () => void };

/**
 * One Eccel Pepper C1 over its binary protocol (pepper-frame.ts; docs/protocols.md, "Eccel Pepper C1"),
 * one antenna: the host asks, the reader answers, as Eccel's C1 library drives it (C1_Interface.cpp:
 * GetVersion, SetPolling, GetTagCount, GetUid). The adapter asks GET_VERSION (the reader's firmware, kept
 * in `firmware`), turns the reader's own polling off (SET_POLLING 0: its asynchronous messages would
 * interleave with the answers), then polls: GET_TAG_COUNT, then GET_UID of each tag counted. The UIDs of
 * one count are every tag on the antenna now: presence.ts makes placements and lifts of them, and each
 * such round is an `all-reported`.
 *
 * A round whose answer is lost — spoilt (CRC), cut short, an ERROR, a UID of no tag's length — is dropped
 * whole (a tag missing from it would look lifted) and polled again; a tag that left between its count
 * and its UID (ERROR 01) drops the round without a word. An asynchronous message (the reader rebooted,
 * its polling on again) turns the polling off again. A command unanswered for the response timeout sets
 * the reader up again. Device words only: an antenna number, UIDs.
 *
 * One reader, one antenna: the Pepper C1 MUX's antenna selection (CMD_ANTENNA, 0x0F) has no public
 * parameters, so a MUX is read as the antenna it has selected (D111).
 */
export class PepperReader {
  private readonly presence: TagPresence;
  private readonly input: ReaderLine<PepperParseResult>;
  private readonly clock: DriverClock;
  private readonly antenna: number;
  private readonly pollIntervalMs: number;
  private readonly responseTimeoutMs: number;
  private waiting: Waiting | null = null;
  private cancelPoll: (() => void) | null = null;
  /** The round being read: how many tags the count found, the UIDs read so far. */
  private round: { count: number; uids: TagUid[] } | null = null;
  /** The reader's polling was seen on (an asynchronous message): turn it off before the next round. */
  private pollingOn = false;
  private stopped = false;
  /** The reader's firmware as GET_VERSION says it, once answered. */
  firmware: string | null = null;

  constructor(
    private readonly port: TransportPort,
    private readonly emit: (event: RfidEvent) => void,
    options: PepperReaderOptions = {},
  ) {
    this.antenna = options.antenna ?? 0;
    this.pollIntervalMs = options.pollIntervalMs ?? 25;
    this.responseTimeoutMs = options.responseTimeoutMs ?? 300;
    ({ clock: this.clock, presence: this.presence, input: this.input } = readerParts(port, emit, new PepperFrameParser(), options, { handle: (results) => this.handle(results), closed: (reason) => this.closed(reason) }));
  }

  /** Listens on the port and starts: the version, the reader's polling off, then rounds. */
  static async open(port: TransportPort, emit: (event: RfidEvent) => void, options: PepperReaderOptions = {}): Promise<PepperReader> {
    const reader = new PepperReader(port, emit, options);
    await reader.start();
    return reader;
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.round = null;
    this.cancelPoll?.();
    this.cancelPoll = null;
    await this.send(COMMAND.GET_VERSION);
  }

  /** Stops polling and listening; waiting timers are dropped (the port is closed by its owner). */
  detach(): void {
    this.stopped = true;
    this.input.detach();
    this.quiet();
    this.presence.forget();
  }

  private send(command: number, parameters: readonly number[] = []): Promise<void> {
    this.waiting?.cancelTimeout();
    this.waiting = { command, cancelTimeout: this.clock.setTimer(this.responseTimeoutMs, () => this.timedOut(command)) };
    // A failed write shows as the port closing.
    return this.port.write(encodeCommand(command, parameters)).catch(() => undefined);
  }

  private timedOut(command: number): void {
    if (this.stopped || this.waiting?.command !== command) return;
    this.waiting = null;
    this.emit({ type: 'protocol-error', problem: `the Pepper C1 did not answer ${NAMES[command] ?? hexOf([command])} within ${this.responseTimeoutMs} ms: setting it up again` });
    this.start().catch(() => undefined);
  }

  private handle(results: readonly PepperParseResult[]): void {
    for (const result of results) {
      if (result.kind === 'error') {
        this.emit({ type: 'protocol-error', problem: result.problem });
        // Noise between frames is no answer; a frame spoilt or cut short was the answer, lost.
        if (result.code !== 'garbage') this.lost();
        continue;
      }
      const payload = result.payload;
      const code = payload[0];
      if (code === ANSWER_ASYNC) {
        // The reader's own polling speaks: it was rebooted, or never told. Off again before the next round.
        this.pollingOn = true;
        continue;
      }
      const waiting = this.waiting;
      if ((code !== ANSWER_ACK && code !== ANSWER_ERROR) || payload.length < 2) {
        this.emit({ type: 'protocol-error', problem: `a frame that is no answer (neither ACK 00 nor ERROR FF): ${hexOf(payload)}` });
        continue;
      }
      const command = payload[1] ?? -1;
      if (code === ANSWER_ERROR && command === 0xff) {
        // The reader read a command of ours spoilt (binary_protocol.cpp answers FF FF 02): that command is lost.
        this.emit({ type: 'protocol-error', problem: `the Pepper C1 got a command spoilt on the way (${hexOf(payload)}): asking again` });
        this.lost();
        continue;
      }
      if (waiting === null || command !== waiting.command) {
        this.emit({ type: 'protocol-error', problem: `an answer nobody asked for: ${hexOf(payload)}` });
        continue;
      }
      waiting.cancelTimeout();
      this.waiting = null;
      if (this.stopped) return;
      if (code === ANSWER_ERROR) this.refused(command, payload.subarray(2));
      else this.answered(command, payload.subarray(2));
    }
  }

  /** The waiting command's ACK, with its answer: the next step. */
  private answered(command: number, answer: Uint8Array): void {
    switch (command) {
      case COMMAND.GET_VERSION:
        // ASCII, NUL-terminated (C1_Interface.cpp GetVersion; the vendor's fake reader sends the NUL).
        this.firmware = String.fromCharCode(...answer.filter((byte) => byte >= 0x20 && byte <= 0x7e));
        this.send(COMMAND.SET_POLLING, [0]).catch(() => undefined);
        return;
      case COMMAND.SET_POLLING:
        this.pollingOn = false;
        this.poll();
        return;
      case COMMAND.GET_TAG_COUNT: {
        const count = answer[0];
        if (count === undefined || answer.length !== 1) {
          this.emit({ type: 'protocol-error', problem: `GET_TAG_COUNT answered ${hexOf(answer)}: one byte, the count, expected` });
          this.next();
          return;
        }
        this.round = { count, uids: [] };
        this.nextUid();
        return;
      }
      case COMMAND.GET_UID: {
        const round = this.round;
        if (round === null) {
          this.next();
          return;
        }
        // Type, parameter (SAK or DSFID), then the UID: its length is what is left (C1_Interface.cpp GetUid).
        const length = answer.length - 2;
        if (!UID_LENGTHS.includes(length)) {
          this.emit({ type: 'protocol-error', problem: `GET_UID answered a UID of ${length} byte(s) (${hexOf(answer.subarray(2))}): a tag's is 4, 7, 8 or 10; the round is dropped` });
          this.round = null;
          this.next();
          return;
        }
        round.uids.push(tagUidFromBytes(answer, 2, length));
        this.nextUid();
        return;
      }
      default:
        this.next();
    }
  }

  /** The waiting command's ERROR: named (a tag that left mid-round is not), and the round dropped. */
  private refused(command: number, code: Uint8Array): void {
    const value = code.length >= 2 ? ((code[0] ?? 0) << 8) | (code[1] ?? 0) : (code[0] ?? -1);
    const tagLeft = command === COMMAND.GET_UID && value === NO_REPLY;
    if (!tagLeft) {
      const words = ERROR_WORDS[value & 0xff];
      this.emit({ type: 'protocol-error', problem: `the Pepper C1 refused ${NAMES[command] ?? hexOf([command])} with error ${hexOf(code)}${words === undefined ? '' : ` (${words})`}` });
    }
    this.round = null;
    if (command === COMMAND.GET_VERSION) {
      this.send(COMMAND.SET_POLLING, [0]).catch(() => undefined);
      return;
    }
    // A reader that will not turn its polling off is polled anyway (its messages are passed over), not asked again and again.
    if (command === COMMAND.SET_POLLING) this.pollingOn = false;
    this.next();
  }

  /** The next UID of the round, or the round's end. */
  private nextUid(): void {
    const round = this.round;
    if (round === null) return;
    if (round.uids.length < round.count) {
      this.send(COMMAND.GET_UID, [round.uids.length]).catch(() => undefined);
      return;
    }
    this.round = null;
    this.presence.round(this.antenna, round.uids);
    this.emit({ type: 'all-reported' });
    this.next();
  }

  /** An answer lost on the way: the round is dropped, the next one asked for. */
  private lost(): void {
    if (this.waiting === null) return;
    const waiting = this.waiting;
    waiting.cancelTimeout();
    this.waiting = null;
    this.round = null;
    // A set-up command is asked again, a round asked for anew; after the pause either way, so a line that
    // spoils every frame is not a loop at the line's speed.
    if (waiting.command === COMMAND.GET_VERSION || waiting.command === COMMAND.SET_POLLING) this.later(() => this.send(waiting.command, waiting.command === COMMAND.SET_POLLING ? [0] : []).catch(() => undefined));
    else this.next();
  }

  /** The next round after the pause. */
  private next(): void {
    this.later(() => this.poll());
  }

  /** `then` after the pause between rounds (one waits at a time). */
  private later(then: () => void): void {
    if (this.stopped) return;
    this.cancelPoll?.();
    this.cancelPoll = this.clock.setTimer(this.pollIntervalMs, () => {
      this.cancelPoll = null;
      if (!this.stopped) then();
    });
  }

  private poll(): void {
    if (this.stopped) return;
    if (this.pollingOn) this.send(COMMAND.SET_POLLING, [0]).catch(() => undefined);
    else this.send(COMMAND.GET_TAG_COUNT).catch(() => undefined);
  }

  /** What the port held is handled (reader-line.ts). */
  private closed(reason: DriverError): void {
    this.stopped = true;
    this.quiet();
    // After a disconnect nothing is known of the antenna: a reader opened again reports every tag afresh.
    this.presence.forget();
    this.emit({ type: 'disconnected', reason });
  }

  private quiet(): void {
    this.waiting?.cancelTimeout();
    this.waiting = null;
    this.cancelPoll?.();
    this.cancelPoll = null;
    this.round = null;
  }
}
