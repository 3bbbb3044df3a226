import type { Card } from '../../src/cards/card.js';
import { decodeShoeCommand, encodeShoeMessage, MAX_SENTENCE, SEQ_MODULO, type ShoeMessage } from '../shoe/shoe-protocol.js';
import type { DeviceLine } from './device-line.js';

/**
 * A dealing shoe as the host sees it on the line: it sends the sentences a real shoe sends, numbered as
 * a real shoe numbers its cards, answers a deck check, and can be told to misbehave the ways real shoes
 * do — noise on the line, a sentence twice or lost, cut short or with a wrong CRC, a jam.
 */
export class SimulatedShoeDevice {
  private seq = 0;
  /** What the host wrote since its last `$` or line end: at most one sentence. */
  private heard = '';
  /** The deck check's answer: a good deck unless a test sets a fault. */
  deckCheck: ShoeMessage = { type: 'deck', ok: true, count: 52, missing: [], extra: [], duplicates: [] };

  constructor(private readonly device: DeviceLine) {}

  /** Answers what the host writes (a deck check, a reset), line by line in any chunking; a line whose CRC is wrong does nothing, as on a real shoe. */
  hear(bytes: Uint8Array): void {
    for (const byte of bytes) {
      if (byte === 0x24 /* $ */) this.heard = '';
      if (byte !== 0x0a) {
        if (this.heard.length < MAX_SENTENCE) this.heard += String.fromCharCode(byte);
        continue;
      }
      const command = decodeShoeCommand(this.heard.endsWith('\r') ? this.heard.slice(0, -1) : this.heard);
      this.heard = '';
      if (command?.type === 'check-deck') this.send(this.deckCheck);
      if (command?.type === 'reset') this.seq = 0;
    }
  }

  /** A card leaves the shoe (null: one its camera could not read). */
  deal(card: Card | null): void {
    this.send({ type: 'card', seq: this.seq, card });
    this.seq = (this.seq + 1) % SEQ_MODULO;
  }

  send(message: ShoeMessage): void {
    this.device.send(encodeShoeMessage(message));
  }

  /** Faults on demand. */
  noise(bytes: Uint8Array): void {
    this.device.send(bytes);
  }

  /** The last card's sentence again, as shoes resend on some links. */
  repeatLast(card: Card | null): void {
    this.device.send(encodeShoeMessage({ type: 'card', seq: (this.seq + SEQ_MODULO - 1) % SEQ_MODULO, card }));
  }

  /** A card that leaves the shoe with its sentence lost on the line. */
  lose(): void {
    this.seq = (this.seq + 1) % SEQ_MODULO;
  }

  /** A card's sentence cut short, then a new one: the host must skip the first and read the second. */
  truncated(card: Card): void {
    const whole = encodeShoeMessage({ type: 'card', seq: this.seq, card });
    this.device.send(whole.slice(0, whole.length - 6));
  }

  /** A card's sentence with one byte changed on the line: its CRC no longer fits. */
  corrupted(card: Card): void {
    const whole = encodeShoeMessage({ type: 'card', seq: this.seq, card });
    this.device.send(`${whole.slice(0, 6)}X${whole.slice(7)}`);
    this.seq = (this.seq + 1) % SEQ_MODULO;
  }

  jam(): void {
    this.send({ type: 'error', code: 'JAM', text: 'card stuck at the exit' });
  }
}
