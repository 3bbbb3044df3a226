import type { DriverError } from '../driver-error.js';
import type { TransportPort } from '../transport/transport.js';
import { encodeFrame } from './encode.js';
import { RfidFrameParser, type RfidParseResult } from './frame-parser.js';
import { ANTENNA_FAULT_CODE, describeAntennaFault, HEARTBEAT_FLAG, type RfidCommand, type RfidCommandType } from './messages.js';
import { type DriverClock, SYSTEM_CLOCK, TagPresence } from './presence.js';
import { ReaderLine } from './reader-line.js';
import type { TagUid } from './tag-uid.js';

/**
 * What the reader saw, in device words: antennas are numbers, tags are UIDs. Which card a tag is and
 * where an antenna lies are the controller's business (deck-registration.ts, antenna-layout.ts).
 */
export type RfidEvent =
  /** A tag came into an antenna's field. */
  | { readonly type: 'tag-placed'; readonly antenna: number; readonly uid: TagUid }
  /** A tag left an antenna's field and did not come back within the flicker window. */
  | { readonly type: 'tag-lifted'; readonly antenna: number; readonly uid: TagUid }
  | { readonly type: 'antenna-fault'; readonly antenna: number; readonly code: number; readonly words: string }
  /** An antenna that had a fault reports it cleared. */
  | { readonly type: 'antenna-recovered'; readonly antenna: number }
  /** The reader's heartbeat (about every second): it is alive, and how it is. */
  | { readonly type: 'reader-status'; readonly inventoryRunning: boolean; readonly antennaFault: boolean; readonly overTemperature: boolean; readonly uptimeSeconds: number }
  /** The reader's answer to a command (ACK_STATUS: 0 done, 1 busy, 2 refused). */
  | { readonly type: 'command-answered'; readonly command: RfidCommandType; readonly status: number }
  /**
   * A polled reader (the PN532, the metratec reader) has read every antenna once since it began: every tag
   * it holds has been reported, so a tag the table remembers from before a lost line and not reported now
   * was lifted meanwhile. (Felt's reader says the same by a heartbeat after START_INVENTORY's answer.)
   */
  | { readonly type: 'all-reported' }
  | { readonly type: 'protocol-error'; readonly problem: string }
  | { readonly type: 'disconnected'; readonly reason: DriverError };

/** The only time the adapter needs: a timer it can cancel (presence.ts). */
export type RfidClock = DriverClock;
export { SYSTEM_CLOCK };

export type RfidReaderOptions = {
  /** A tag gone and seen again on the same antenna within this time flickered: no lift, no place. */
  readonly flickerWindowMs?: number;
  /** Bytes of a frame begun, then silence this long: the frame will not complete; report it. */
  readonly idleFlushMs?: number;
  readonly clock?: RfidClock;
};

export const DEFAULT_FLICKER_WINDOW_MS = 300;
export const DEFAULT_IDLE_FLUSH_MS = 100;

/**
 * The RFID reader over a transport: frames in, debounced events out.
 *
 * Readers report a tag in every inventory round while it stays (TAG_SEEN again and again) and lose it
 * for a round now and then (a hand over the card, a tag at the edge of a field): a tag already on an
 * antenna is placed once, and a TAG_GONE becomes a lift only when no TAG_SEEN on that antenna follows
 * within the flicker window. A tag seen at another antenna while its lift waits has moved: the lift is
 * reported at once, then the place, so events stay in the order things happened. Two tags read at once
 * are two events. A TAG_GONE for a tag never placed (read before the host listened) is dropped: there
 * is nothing to lift.
 */
export class RfidReader {
  /** Where each tag is (presence.ts): a tag may be in two overlapping fields at once. */
  private readonly presence: TagPresence;
  private readonly input: ReaderLine<RfidParseResult>;
  /** Whether the host wants inventory running: a reader that reports it stopped (rebooted) is restarted. */
  private wantInventory = false;

  constructor(
    private readonly port: TransportPort,
    private readonly emit: (event: RfidEvent) => void,
    options: RfidReaderOptions = {},
  ) {
    const clock = options.clock ?? SYSTEM_CLOCK;
    this.presence = new TagPresence(emit, options.flickerWindowMs ?? DEFAULT_FLICKER_WINDOW_MS, clock);
    this.input = new ReaderLine(port, new RfidFrameParser(), {
      idleFlushMs: options.idleFlushMs ?? DEFAULT_IDLE_FLUSH_MS,
      clock,
      handle: (results) => this.handle(results),
      closed: (reason) => this.closed(reason),
    });
  }

  /** Listens on the port, then asks the reader to start reading tags (START_INVENTORY). */
  static async open(port: TransportPort, emit: (event: RfidEvent) => void, options: RfidReaderOptions = {}): Promise<RfidReader> {
    const reader = new RfidReader(port, emit, options);
    await reader.start();
    return reader;
  }

  start(): Promise<void> {
    this.wantInventory = true;
    return this.send({ type: 'start-inventory' });
  }

  stop(): Promise<void> {
    this.wantInventory = false;
    return this.send({ type: 'stop' });
  }

  /** The reader answers with a `command-answered` event for `ping`. */
  ping(): Promise<void> {
    return this.send({ type: 'ping' });
  }

  /** Stops listening and drops waiting lifts (the port is closed by its owner). */
  detach(): void {
    this.input.detach();
    this.presence.forget();
  }

  private send(command: RfidCommand): Promise<void> {
    return this.port.write(encodeFrame(command));
  }

  /** What the port held is handled (reader-line.ts). */
  private closed(reason: DriverError): void {
    // After a disconnect nothing is known of the table: a reopened reader reports every tag again.
    this.presence.forget();
    this.emit({ type: 'disconnected', reason });
  }

  private handle(results: readonly RfidParseResult[]): void {
    for (const result of results) {
      if (result.kind === 'error') {
        this.emit({ type: 'protocol-error', problem: result.problem });
        continue;
      }
      const message = result.message;
      switch (message.type) {
        case 'tag-seen':
          this.presence.seen(message.antenna, message.uid);
          break;
        case 'tag-gone':
          this.presence.gone(message.antenna, message.uid);
          break;
        case 'antenna-fault':
          this.emit(
            message.code === ANTENNA_FAULT_CODE.CLEARED
              ? { type: 'antenna-recovered', antenna: message.antenna }
              : { type: 'antenna-fault', antenna: message.antenna, code: message.code, words: describeAntennaFault(message.code) },
          );
          break;
        case 'heartbeat':
          this.heartbeat(message.flags, message.uptimeSeconds);
          break;
        case 'ack':
          this.emit({ type: 'command-answered', command: message.command, status: message.status });
          break;
        case 'start-inventory':
        case 'stop':
        case 'ping':
          this.emit({ type: 'protocol-error', problem: `the reader sent a host command (${message.type}): is the line looped back?` });
          break;
      }
    }
  }

  private heartbeat(flags: number, uptimeSeconds: number): void {
    const inventoryRunning = (flags & HEARTBEAT_FLAG.INVENTORY_RUNNING) !== 0;
    this.emit({
      type: 'reader-status',
      inventoryRunning,
      antennaFault: (flags & HEARTBEAT_FLAG.ANTENNA_FAULT) !== 0,
      overTemperature: (flags & HEARTBEAT_FLAG.OVER_TEMPERATURE) !== 0,
      uptimeSeconds,
    });
    if (this.wantInventory && !inventoryRunning) {
      // The reader rebooted (or dropped the command): ask again. A failed write shows as the port closing.
      this.send({ type: 'start-inventory' }).catch(() => undefined);
    }
  }
}
