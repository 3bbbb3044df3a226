import type { DriverError } from '../driver-error.js';
import type { DriverClock, TagPresence } from '../rfid/presence.js';
import { type ReaderLine, type ReaderLineTimings, readerParts } from '../rfid/reader-line.js';
import type { RfidEvent } from '../rfid/rfid-reader.js';
import { isTagUid, type TagUid } from '../rfid/tag-uid.js';
import type { TransportPort } from '../transport/transport.js';
import { ANSWER_WORDS, encodeCommand, MetratecLineParser, type MetratecLineResult, stripCrc, TAG_ERRORS } from './metratec-protocol.js';

export type MetratecReaderOptions = ReaderLineTimings & {
  /** How many antenna ports the reader multiplexes, 1–16 (`SAP AUT n`): ports 0 … n − 1. */
  readonly antennas?: number;
  /** How long a set-up command may wait for its answer (500 ms). */
  readonly responseTimeoutMs?: number;
  /** No inventory for this long while one should run: the reader is set up again (2 s). */
  readonly restartAfterMs?: number;
};

/** One step of the set-up: a command, whether it goes with a CRC, and what its answer should be. */
type Step = { readonly command: string; readonly crc: boolean };

const MAX_ANTENNAS = 16;

/**
 * A metratec HF reader (QuasarMX: ISO 15693, antennas multiplexed) over its ASCII protocol
 * (metratec-protocol.ts; docs/protocols.md, "metratec QuasarMX"). The set-up, as metratec's SDK sets a
 * reader up (MetratecReaderAscii.configureConnection, ISOReaderAscii.prepareISOReader): `BRK` (ends a
 * continuous inventory left running; a reader answering CCE has CRC on and gets `BRK 9977`), `COF 4F5E`
 * (CRC off, in either mode), `EOF` (answers end with LF), `CON` (CRC on: every line checked from here),
 * `VBL 1`, `MOD 156` (ISO 15693), `SRI SS 100` (RF on), `SAP ARP ON` (each inventory names its antenna),
 * `SAP AUT n` (the reader steps through n antennas, one per inventory), then `CNR INV`: inventories
 * without end, one antenna after the other.
 *
 * Each inventory is a frame — a line per tag, `ARP n`, `IVF xx`, LF — and is every tag on antenna n now:
 * presence.ts makes placements and lifts of it. A frame with a line that fails its CRC, or cut short, is
 * dropped whole (a tag missing from it would look lifted); its tags are read again in the next round.
 * Once every antenna has been read since the set-up, each full round is an `all-reported`. A reader
 * silent for `restartAfterMs`, or that says it reset (`SRT`), is set up again. A set-up answer that is
 * an error (a reader that does not support a setting) is a `protocol-error` naming it; the set-up goes on.
 */
export class MetratecReader {
  private readonly presence: TagPresence;
  private readonly input: ReaderLine<MetratecLineResult>;
  private readonly clock: DriverClock;
  private readonly antennas: number;
  private readonly responseTimeoutMs: number;
  private readonly restartAfterMs: number;
  /** Whether lines carry a CRC now (after `CON`). */
  private crc = false;
  /** The set-up steps still to send; null once inventories run. */
  private steps: Step[] | null = null;
  private waiting: Step | null = null;
  private cancelTimeout: (() => void) | null = null;
  private cancelRestart: (() => void) | null = null;
  /** The inventory being read: its tags, its antenna, and what spoiled it. */
  private frame: { uids: TagUid[]; antenna: number | null; spoiled: string | null } = { uids: [], antenna: null, spoiled: null };
  /** Antennas read since the set-up or the last full round. */
  private readonly readSince = new Set<number>();
  private stopped = false;

  constructor(
    private readonly port: TransportPort,
    private readonly emit: (event: RfidEvent) => void,
    options: MetratecReaderOptions = {},
  ) {
    const antennas = options.antennas ?? 1;
    if (!Number.isInteger(antennas) || antennas < 1 || antennas > MAX_ANTENNAS) throw new RangeError(`a metratec reader multiplexes 1–${MAX_ANTENNAS} antennas, not ${antennas}`);
    this.antennas = antennas;
    this.responseTimeoutMs = options.responseTimeoutMs ?? 500;
    this.restartAfterMs = options.restartAfterMs ?? 2_000;
    ({ clock: this.clock, presence: this.presence, input: this.input } = readerParts(port, emit, new MetratecLineParser(), options, { handle: (results) => this.handle(results), closed: (reason) => this.closed(reason) }));
  }

  static async open(port: TransportPort, emit: (event: RfidEvent) => void, options: MetratecReaderOptions = {}): Promise<MetratecReader> {
    const reader = new MetratecReader(port, emit, options);
    await reader.start();
    return reader;
  }

  /** Sets the reader up from the start and starts its inventories. */
  async start(): Promise<void> {
    this.stopped = false;
    this.crc = false;
    this.frame = { uids: [], antenna: null, spoiled: null };
    this.readSince.clear();
    this.steps = [
      { command: 'COF 4F5E', crc: false },
      { command: 'EOF', crc: false },
      { command: 'CON', crc: false },
      { command: 'VBL 1', crc: true },
      { command: 'MOD 156', crc: true },
      { command: 'SRI SS 100', crc: true },
      { command: 'SAP ARP ON', crc: true },
      { command: `SAP AUT ${this.antennas}`, crc: true },
    ];
    await this.send({ command: 'BRK', crc: false });
  }

  /** Stops listening; timers are dropped (the port is closed by its owner). */
  detach(): void {
    this.stopped = true;
    this.input.detach();
    this.quiet();
    this.presence.forget();
  }

  private send(step: Step): Promise<void> {
    this.waiting = step;
    this.cancelTimeout?.();
    this.cancelTimeout = this.clock.setTimer(this.responseTimeoutMs, () => this.timedOut(step));
    return this.port.write(encodeCommand(step.command, step.crc)).catch(() => undefined);
  }

  /** The next set-up step, or the inventories when the set-up is done. */
  private next(): void {
    this.cancelTimeout?.();
    this.cancelTimeout = null;
    this.waiting = null;
    if (this.stopped) return;
    const step = this.steps?.shift();
    if (step !== undefined) {
      this.send(step).catch(() => undefined);
      return;
    }
    this.steps = null;
    // `CNR INV` is answered by the inventories themselves.
    this.port.write(encodeCommand('CNR INV', true)).catch(() => undefined);
    this.watchForSilence();
  }

  private timedOut(step: Step): void {
    if (this.stopped || this.waiting !== step) return;
    if (step.command === 'BRK') {
      // Nothing answered the break: perhaps asleep. The SDK wakes it; the set-up goes on either way.
      this.emit({ type: 'protocol-error', problem: `the reader did not answer BRK within ${this.responseTimeoutMs} ms: waking it (WAK)` });
      this.steps?.unshift({ command: 'WAK', crc: false });
      this.next();
      return;
    }
    this.emit({ type: 'protocol-error', problem: `the reader did not answer ${step.command} within ${this.responseTimeoutMs} ms: setting it up again` });
    this.start().catch(() => undefined);
  }

  private handle(results: readonly MetratecLineResult[]): void {
    for (const result of results) {
      if (result.kind === 'frame-end') continue;
      if (result.kind === 'error') {
        this.spoilFrame(result.problem);
        continue;
      }
      this.line(result.text);
    }
  }

  private line(raw: string): void {
    let text = raw;
    const checked = stripCrc(raw);
    if ('text' in checked) text = checked.text;
    else if (this.crc) {
      // During the set-up an answer may come either way (COF's own answer, a reader that had CRC on).
      if (this.steps === null || !/^[A-Z]{2}[A-Z!]$/.test(raw)) {
        this.spoilFrame(checked.problem);
        return;
      }
    }
    if (text === 'HBT') return;
    if (text === 'SRT') {
      this.emit({ type: 'protocol-error', problem: 'the reader reset itself (SRT): setting it up again' });
      this.start().catch(() => undefined);
      return;
    }
    if (this.steps !== null || this.waiting !== null) {
      this.answer(text);
      return;
    }
    this.inventoryLine(text);
  }

  /** An answer to the set-up command waiting. */
  private answer(text: string): void {
    const step = this.waiting;
    if (step === null) return;
    // Inventories of a reader left running come until the break takes: they are no answer.
    if (step.command === 'BRK' && !['BRA', 'NCM', 'CCE', 'OK!'].includes(text)) return;
    if (step.command === 'BRK' && text === 'CCE') {
      // The reader has CRC on: the break again, with its CRC (the SDK's "BRK 9977").
      this.send({ command: 'BRK', crc: true }).catch(() => undefined);
      return;
    }
    if (step.command === 'CON' && text === 'OK!') this.crc = true;
    const fine = text === 'OK!' || (step.command === 'BRK' && (text === 'BRA' || text === 'NCM')) || (step.command === 'WAK' && (text === 'GMO' || text === 'DNS'));
    if (!fine) this.emit({ type: 'protocol-error', problem: `the reader answered ${step.command} with ${text}${ANSWER_WORDS[text] === undefined ? '' : ` (${ANSWER_WORDS[text]})`}` });
    this.next();
  }

  private inventoryLine(text: string): void {
    if (text.startsWith('IVF')) {
      this.endOfInventory(text);
      return;
    }
    if (text.startsWith('ARP ')) {
      const antenna = /^ARP (\d{1,2})$/.exec(text);
      const number = antenna === null ? Number.NaN : Number(antenna[1]);
      if (Number.isNaN(number) || number >= this.antennas) this.spoilFrame(`an antenna report '${text}' for no antenna of the ${this.antennas} multiplexed (0–${this.antennas - 1})`);
      else this.frame.antenna = number;
      return;
    }
    if (isTagUid(text)) {
      this.frame.uids.push(text);
      return;
    }
    if (TAG_ERRORS.has(text.slice(0, 3))) return;
    this.spoilFrame(`'${text}' in an inventory${ANSWER_WORDS[text] === undefined ? '' : ` (${ANSWER_WORDS[text]})`}`);
  }

  private endOfInventory(text: string): void {
    const frame = this.frame;
    this.frame = { uids: [], antenna: null, spoiled: null };
    this.watchForSilence();
    if (!/^IVF [0-9A-F]{2}$/.test(text)) {
      this.emit({ type: 'protocol-error', problem: `an inventory's end '${text}' is not IVF and a count: the inventory is dropped` });
      return;
    }
    if (frame.spoiled !== null) {
      this.emit({ type: 'protocol-error', problem: `${frame.spoiled}: the inventory is dropped` });
      return;
    }
    // A single antenna reports no ARP unless asked; with several, an inventory without one is nobody's.
    const antenna = frame.antenna ?? (this.antennas === 1 ? 0 : null);
    if (antenna === null) {
      this.emit({ type: 'protocol-error', problem: 'an inventory without an antenna report (ARP): the inventory is dropped' });
      return;
    }
    this.presence.round(antenna, frame.uids);
    this.readSince.add(antenna);
    if (this.readSince.size === this.antennas) {
      this.readSince.clear();
      this.emit({ type: 'all-reported' });
    }
  }

  private spoilFrame(problem: string): void {
    if (this.steps === null && this.waiting === null) {
      this.frame.spoiled ??= problem;
      return;
    }
    this.emit({ type: 'protocol-error', problem });
  }

  private watchForSilence(): void {
    this.cancelRestart?.();
    this.cancelRestart = this.clock.setTimer(this.restartAfterMs, () => {
      this.cancelRestart = null;
      if (this.stopped) return;
      this.emit({ type: 'protocol-error', problem: `no inventory for ${this.restartAfterMs / 1000} s: setting the reader up again` });
      this.start().catch(() => undefined);
    });
  }

  /** What the port held is handled (reader-line.ts). */
  private closed(reason: DriverError): void {
    this.stopped = true;
    this.quiet();
    this.presence.forget();
    this.emit({ type: 'disconnected', reason });
  }

  private quiet(): void {
    for (const cancel of [this.cancelTimeout, this.cancelRestart]) cancel?.();
    this.cancelTimeout = null;
    this.cancelRestart = null;
    this.waiting = null;
  }
}
