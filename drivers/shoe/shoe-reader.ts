import type { DriverError } from '../driver-error.js';
import type { TransportPort } from '../transport/transport.js';
import { type ShoeCard, type ShoeCommand, encodeShoeCommand, type ShoeErrorCode, ShoeLineParser, type ShoeState, SEQ_MODULO } from './shoe-protocol.js';
import type { Card } from '../../src/cards/card.js';

/** What the shoe did, in device words: the controller maps these to the table's commands. */
export type ShoeEvent =
  | { readonly type: 'deck-checked'; readonly ok: boolean; readonly count: number; readonly missing: readonly Card[]; readonly extra: readonly ShoeCard[]; readonly duplicates: readonly Card[] }
  | { readonly type: 'card-dealt'; readonly card: ShoeCard }
  /** The shoe's counter skipped: cards left it that were never reported (a lost sentence). */
  | { readonly type: 'cards-missed'; readonly count: number }
  | { readonly type: 'shoe-fault'; readonly code: ShoeErrorCode; readonly text: string }
  | { readonly type: 'shoe-state'; readonly state: ShoeState }
  | { readonly type: 'protocol-error'; readonly problem: string }
  | { readonly type: 'disconnected'; readonly reason: DriverError };

/**
 * The dealing shoe over a transport: sentences in, events out. A card sentence repeated with the same
 * sequence number (the shoe resends when it gets no answer on some links) is one card; a gap in the
 * numbers is reported as missed cards, never filled in.
 */
export class ShoeReader {
  private readonly parser = new ShoeLineParser();
  private lastSeq: number | null = null;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    private readonly port: TransportPort,
    private readonly emit: (event: ShoeEvent) => void,
  ) {
    this.unsubscribe.push(port.onData((chunk) => this.receive(chunk)));
    this.unsubscribe.push(
      port.onClose((reason) => {
        this.lastSeq = null;
        this.emit({ type: 'disconnected', reason });
      }),
    );
  }

  /** A reset starts the shoe's counter again. */
  send(command: ShoeCommand): Promise<void> {
    if (command.type === 'reset') this.lastSeq = null;
    return this.port.write(new TextEncoder().encode(encodeShoeCommand(command)));
  }

  /** Stops listening (the port is closed by its owner). */
  detach(): void {
    for (const off of this.unsubscribe.splice(0)) off();
  }

  private receive(chunk: Uint8Array): void {
    for (const result of this.parser.push(chunk)) {
      if (result.kind === 'error') {
        this.emit({ type: 'protocol-error', problem: result.problem });
        continue;
      }
      const message = result.message;
      switch (message.type) {
        case 'card':
          this.card(message.seq, message.card);
          break;
        case 'deck':
          this.emit({ type: 'deck-checked', ok: message.ok, count: message.count, missing: message.missing, extra: message.extra, duplicates: message.duplicates });
          break;
        case 'error':
          this.emit({ type: 'shoe-fault', code: message.code, text: message.text });
          break;
        case 'status':
          this.emit({ type: 'shoe-state', state: message.state });
          break;
      }
    }
  }

  private card(seq: number, card: ShoeCard): void {
    if (this.lastSeq !== null) {
      const step = (seq - this.lastSeq + SEQ_MODULO) % SEQ_MODULO;
      if (step === 0) return; // the same card again
      if (step > SEQ_MODULO / 2) {
        // Behind the last one: an old sentence arriving late, not a new card.
        this.emit({ type: 'protocol-error', problem: `card ${seq} came after card ${this.lastSeq}: ignored` });
        return;
      }
      if (step > 1) this.emit({ type: 'cards-missed', count: step - 1 });
    }
    this.lastSeq = seq;
    this.emit({ type: 'card-dealt', card });
  }
}
