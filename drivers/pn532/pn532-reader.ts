import type { DriverError } from '../driver-error.js';
import type { DriverClock, TagPresence } from '../rfid/presence.js';
import { type ReaderLine, type ReaderLineTimings, readerParts } from '../rfid/reader-line.js';
import type { RfidEvent } from '../rfid/rfid-reader.js';
import type { TransportPort } from '../transport/transport.js';
import { COMMAND, encodeCommand, hexOf, NACK_FRAME, PN532_TO_HOST, Pn532FrameParser, type Pn532ParseResult, WAKEUP } from './pn532-frame.js';
import { BAUD_106_TYPE_A, decodeListedTargets, MAX_TARGETS } from './pn532-messages.js';

export type Pn532ReaderOptions = ReaderLineTimings & {
  /** The antenna number this board's tags are reported at (its place comes from the table's wiring): 0 unless told. */
  readonly antenna?: number;
  /** The pause between one poll's answer and the next poll (25 ms). */
  readonly pollIntervalMs?: number;
  /** How long a command may wait for its answer before the PN532 is woken and set up again (300 ms). */
  readonly responseTimeoutMs?: number;
  /** MaxTg of InListPassiveTarget: 1 or 2 (2). */
  readonly maxTargets?: number;
};

const NAMES: Readonly<Record<number, string>> = {
  [COMMAND.GET_FIRMWARE_VERSION]: 'GetFirmwareVersion',
  [COMMAND.SAM_CONFIGURATION]: 'SAMConfiguration',
  [COMMAND.RF_CONFIGURATION]: 'RFConfiguration',
  [COMMAND.IN_LIST_PASSIVE_TARGET]: 'InListPassiveTarget',
  [COMMAND.IN_RELEASE]: 'InRelease',
};

/** A command sent and not yet answered. */
type Waiting = { readonly command: number; readonly parameters: readonly number[]; acknowledged: boolean; cancelTimeout: () => void };

/**
 * One PN532 board over its serial interface (HSU), one antenna: the host asks, the board answers
 * (UM0701-02; docs/protocols.md, "NXP PN532"). The adapter wakes the board (0x55 and zeros), sets it up —
 * SAMConfiguration normal mode, then RFConfiguration MaxRetries so that a poll with no card in the field
 * answers at once instead of waiting for one — and then polls with InListPassiveTarget (106 kbps type A,
 * two targets at most) again and again. Each poll's answer is every tag on the antenna now: presence.ts
 * makes placements and lifts of it, and each answer is an `all-reported`.
 *
 * Every command is acknowledged (an ACK frame) before it is answered. A NACK asks for the command again;
 * an error frame, garbage or a frame that fails its checksums is a `protocol-error` (the next poll goes
 * on); a command unanswered for the response timeout (a board reset or asleep, a frame lost) wakes the
 * board and sets it up again. Device words only: an antenna number, UIDs.
 */
export class Pn532Reader {
  private readonly presence: TagPresence;
  private readonly input: ReaderLine<Pn532ParseResult>;
  private readonly clock: DriverClock;
  private readonly antenna: number;
  private readonly pollIntervalMs: number;
  private readonly responseTimeoutMs: number;
  private readonly maxTargets: number;
  private waiting: Waiting | null = null;
  private cancelPoll: (() => void) | null = null;
  private stopped = false;

  constructor(
    private readonly port: TransportPort,
    private readonly emit: (event: RfidEvent) => void,
    options: Pn532ReaderOptions = {},
  ) {
    this.antenna = options.antenna ?? 0;
    this.pollIntervalMs = options.pollIntervalMs ?? 25;
    this.responseTimeoutMs = options.responseTimeoutMs ?? 300;
    const maxTargets = options.maxTargets ?? MAX_TARGETS;
    if (maxTargets !== 1 && maxTargets !== 2) throw new RangeError(`a PN532 lists 1 or 2 targets at once, not ${maxTargets}`);
    this.maxTargets = maxTargets;
    ({ clock: this.clock, presence: this.presence, input: this.input } = readerParts(port, emit, new Pn532FrameParser(), options, { handle: (results) => this.handle(results), closed: (reason) => this.closed(reason) }));
  }

  /** Listens on the port and starts: wake-up, set-up, then polling. */
  static async open(port: TransportPort, emit: (event: RfidEvent) => void, options: Pn532ReaderOptions = {}): Promise<Pn532Reader> {
    const reader = new Pn532Reader(port, emit, options);
    await reader.start();
    return reader;
  }

  /** Wakes the board and sets it up; polling follows. */
  async start(): Promise<void> {
    this.stopped = false;
    // Both at once: the port keeps writes in order, and the set-up goes out without waiting a turn.
    const woken = this.port.write(WAKEUP);
    const sent = this.send(COMMAND.SAM_CONFIGURATION, [0x01, 0x14, 0x01]);
    await Promise.all([woken, sent]);
  }

  /** Stops polling and listening; waiting timers are dropped (the port is closed by its owner). */
  detach(): void {
    this.stopped = true;
    this.input.detach();
    this.quiet();
    this.presence.forget();
  }

  private send(command: number, parameters: readonly number[]): Promise<void> {
    this.waiting?.cancelTimeout();
    const bytes = encodeCommand(command, parameters);
    this.waiting = { command, parameters, acknowledged: false, cancelTimeout: this.clock.setTimer(this.responseTimeoutMs, () => this.timedOut(command)) };
    // A failed write shows as the port closing.
    return this.port.write(bytes).catch(() => undefined);
  }

  private timedOut(command: number): void {
    if (this.stopped) return;
    const acknowledged = this.waiting?.acknowledged === true;
    this.waiting = null;
    this.emit({ type: 'protocol-error', problem: `the PN532 did not ${acknowledged ? 'answer' : 'acknowledge'} ${NAMES[command] ?? hexOf([command])} within ${this.responseTimeoutMs} ms: waking it and setting it up again` });
    this.start().catch(() => undefined);
  }

  private handle(results: readonly Pn532ParseResult[]): void {
    for (const result of results) {
      if (result.kind === 'wakeup') continue;
      if (result.kind === 'error') {
        this.emit({ type: 'protocol-error', problem: result.problem });
        // An answer spoilt on the way: a NACK asks the board to send it again (UM0701 §6.2.1.2).
        if (this.waiting?.acknowledged === true && result.code !== 'garbage') this.port.write(NACK_FRAME).catch(() => undefined);
        continue;
      }
      const frame = result.frame;
      const waiting = this.waiting;
      switch (frame.kind) {
        case 'ack':
          if (waiting !== null) waiting.acknowledged = true;
          break;
        case 'nack':
          // The board did not read the command: send it again.
          if (waiting !== null) this.send(waiting.command, waiting.parameters).catch(() => undefined);
          break;
        case 'application-error':
          this.emit({ type: 'protocol-error', problem: `the PN532 answered ${waiting === null ? 'nothing asked' : (NAMES[waiting.command] ?? 'a command')} with an error frame (00 00 FF 01 FF 7F 81 00)` });
          if (waiting !== null) this.answered(waiting.command, null);
          break;
        case 'information': {
          const code = frame.data[0];
          if (frame.tfi !== PN532_TO_HOST) {
            this.emit({ type: 'protocol-error', problem: 'a host command came from the board: is the line looped back?' });
          } else if (waiting === null || code !== waiting.command + 1) {
            this.emit({ type: 'protocol-error', problem: `an answer nobody asked for: D5 ${hexOf(frame.data)}` });
          } else {
            this.answered(waiting.command, frame.data.subarray(1));
          }
          break;
        }
      }
    }
  }

  /** The waiting command's answer (null: refused with an error frame): the next step. */
  private answered(command: number, answer: Uint8Array | null): void {
    this.waiting?.cancelTimeout();
    this.waiting = null;
    if (this.stopped) return;
    switch (command) {
      case COMMAND.SAM_CONFIGURATION:
        // MaxRetries: MxRtyATR FF, MxRtyPSL 01, MxRtyPassiveActivation 01 — a poll with no card answers at once.
        this.send(COMMAND.RF_CONFIGURATION, [0x05, 0xff, 0x01, 0x01]).catch(() => undefined);
        return;
      case COMMAND.RF_CONFIGURATION:
        this.poll();
        return;
      case COMMAND.IN_LIST_PASSIVE_TARGET: {
        if (answer !== null) {
          const targets = decodeListedTargets(answer);
          if (typeof targets === 'string') this.emit({ type: 'protocol-error', problem: targets });
          else {
            this.presence.round(this.antenna, targets.map((target) => target.uid));
            this.emit({ type: 'all-reported' });
          }
        }
        this.cancelPoll = this.clock.setTimer(this.pollIntervalMs, () => {
          this.cancelPoll = null;
          this.poll();
        });
        return;
      }
      default:
        this.poll();
    }
  }

  private poll(): void {
    if (this.stopped) return;
    this.send(COMMAND.IN_LIST_PASSIVE_TARGET, [this.maxTargets, BAUD_106_TYPE_A]).catch(() => undefined);
  }

  /** What the port held is handled (reader-line.ts). */
  private closed(reason: DriverError): void {
    this.stopped = true;
    this.quiet();
    // After a disconnect nothing is known of the antenna: a board opened again reports every tag afresh.
    this.presence.forget();
    this.emit({ type: 'disconnected', reason });
  }

  private quiet(): void {
    this.waiting?.cancelTimeout();
    this.waiting = null;
    this.cancelPoll?.();
    this.cancelPoll = null;
  }
}
