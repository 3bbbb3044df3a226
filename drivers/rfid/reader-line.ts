import type { DriverError } from '../driver-error.js';
import type { TransportPort } from '../transport/transport.js';
import { type DriverClock, type PresenceEvent, SYSTEM_CLOCK, TagPresence } from './presence.js';

/** A reader's framing parser: bytes in, results out, a bounded buffer held between chunks (never throws). */
export interface BufferedParser<Result> {
  /** Whether bytes of an unfinished frame or line are held. */
  readonly pending: boolean;
  push(chunk: Uint8Array): Result[];
  /** What the held bytes amount to now that no more will come. */
  flush(): Result[];
}

export type ReaderLineOptions<Result> = {
  /** Bytes of a frame begun, then silence this long: the frame will not complete; they are flushed. */
  readonly idleFlushMs: number;
  readonly clock: DriverClock;
  /** What the parser made of the bytes, in the order they came. */
  readonly handle: (results: readonly Result[]) => void;
  /** The port closed: what it held has been handled and the idle flush dropped. */
  readonly closed: (reason: DriverError) => void;
};

/**
 * The listening half every card reader's adapter shares, whatever its protocol: chunks from the port
 * through the parser to the adapter, a frame left half-read by a silence flushed (it will not complete,
 * and the adapter should hear so now, not when the next frame comes), and on close what the parser still
 * held handled before the adapter hears of the close.
 */
export class ReaderLine<Result> {
  private readonly unsubscribe: (() => void)[];
  private cancelIdleFlush: (() => void) | null = null;

  constructor(
    port: TransportPort,
    private readonly parser: BufferedParser<Result>,
    private readonly options: ReaderLineOptions<Result>,
  ) {
    this.unsubscribe = [port.onData((chunk) => this.receive(chunk)), port.onClose((reason) => this.closed(reason))];
  }

  /** Stops listening and drops a waiting flush (the port is closed by its owner). */
  detach(): void {
    for (const off of this.unsubscribe.splice(0)) off();
    this.quiet();
  }

  /** Drops a waiting flush. */
  quiet(): void {
    this.cancelIdleFlush?.();
    this.cancelIdleFlush = null;
  }

  private receive(chunk: Uint8Array): void {
    this.options.handle(this.parser.push(chunk));
    this.quiet();
    if (this.parser.pending) {
      this.cancelIdleFlush = this.options.clock.setTimer(this.options.idleFlushMs, () => {
        this.cancelIdleFlush = null;
        this.options.handle(this.parser.flush());
      });
    }
  }

  private closed(reason: DriverError): void {
    this.options.handle(this.parser.flush());
    this.quiet();
    this.options.closed(reason);
  }
}

/** The timings every card reader's adapter takes for its line and its tags' presence. */
export type ReaderLineTimings = {
  /** A tag missing from the reader's reads for this long has been lifted (300 ms). */
  readonly flickerWindowMs?: number;
  /** Bytes of a frame or line begun, then silence this long: it will not complete (100 ms). */
  readonly idleFlushMs?: number;
  readonly clock?: DriverClock;
};

/**
 * What every card reader's adapter is built on, made the same way for each: its clock, its tags' presence
 * (lifts after the flicker window) and its port's line through its parser to the adapter.
 */
export function readerParts<Result>(
  port: TransportPort,
  emit: (event: PresenceEvent) => void,
  parser: BufferedParser<Result>,
  timings: ReaderLineTimings,
  adapter: Pick<ReaderLineOptions<Result>, 'handle' | 'closed'>,
): { readonly clock: DriverClock; readonly presence: TagPresence; readonly input: ReaderLine<Result> } {
  const clock = timings.clock ?? SYSTEM_CLOCK;
  return {
    clock,
    presence: new TagPresence(emit, timings.flickerWindowMs ?? 300, clock),
    input: new ReaderLine(port, parser, { idleFlushMs: timings.idleFlushMs ?? 100, clock, handle: adapter.handle, closed: adapter.closed }),
  };
}
