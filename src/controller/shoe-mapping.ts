import { randomUUID } from 'node:crypto';
import type { ShoeEvent } from '../../drivers/shoe/shoe-reader.js';
import type { Card } from '../cards/card.js';
import { formatCard } from '../cards/notation.js';
import { isSeen } from '../engine/hand/dealing.js';
import type { TableLogEntry } from '../engine/table/table-operations.js';
import type { Words } from '../evaluator/words.js';
import { LINE_LOST } from './device-words.js';
import type { TableController } from './table-controller.js';
import type { DeviceStatus } from './view-model.js';

/**
 * The one place where the dealing shoe's events become the table's commands. A card out of the shoe goes
 * where the table expects the next card (the engine checks it: a card already in play or a board card
 * not read is refused, and the refusal shows). What the shoe cannot settle — a card leaving while nobody
 * expects one, cards it did not report, a deck that failed its check — is put on the status bar for the
 * croupier, never fixed silently.
 *
 * Cards the shoe did not report leave holes in the dealing order: the cards after them are held, not
 * dealt to the places of the missing ones, until the croupier has entered the missing cards by touch;
 * then the held cards follow in order. A card the table has already from the RFID antennas (the
 * antenna read it before the shoe's sentence came) is the same card, no news; a card the shoe reports
 * twice under two numbers goes to the engine, which refuses it on the screen.
 */
export class ShoeMapping {
  /** The hand the fields below are for (its `hand-started` entry): a new hand starts them afresh. */
  private hand: TableLogEntry | undefined = undefined;
  /** Cards this shoe reported in that hand. */
  private reported = new Set<Card>();
  /**
   * Cards on the table when the shoe's last card was settled (dealt, or found there already), or when
   * the line came back: cards placed since then by the antennas or by touch may be the ones the shoe
   * did not report. Counted per window, so entries during an outage never hide a later gap.
   */
  private settledAt = 0;
  /** How many cards must be on the table before the shoe's next card may follow, while a gap is open. */
  private nextAfter = 0;
  /** Cards went missing and no card after them has been dealt yet. */
  private gapOpen = false;
  /** Cards reported after missing ones, in order, each with the cards that must be on the table before it. */
  private held: { readonly card: Card | null; readonly after: number }[] = [];
  private releasing = false;
  private stopped = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly controller: TableController,
    /** The device id on the status bar. */
    private readonly id = 'shoe',
  ) {
    // When the table has changed (not on a device's news, this mapping's own among them), and after the view
    // is published to everyone: a release inside the publish would reach some screens after the view it replaces.
    let table = controller.table;
    this.unsubscribe = controller.subscribe(() => {
      if (controller.table === table) return;
      table = controller.table;
      queueMicrotask(() => this.release());
    });
  }

  /** No more events are taken (the table is closing). */
  stop(): void {
    this.stopped = true;
    this.unsubscribe();
  }

  /** The shoe's line is open again: its numbering starts afresh, so what was placed meanwhile is settled. */
  reconnected(): void {
    this.sameHand();
    this.settledAt = placedCount(this.controller);
  }

  handle(event: ShoeEvent): void {
    if (this.stopped) return;
    switch (event.type) {
      case 'card-dealt':
        this.card(event.card);
        return;
      case 'cards-missed':
        this.missed(event.count);
        return;
      case 'deck-checked':
        if (event.ok) this.status('connected', { en: `deck checked: ${event.count} cards`, de: `Deck geprüft: ${event.count} Karten` });
        else this.status('fault', deckProblem(event, this.controller.table.handNumber === 0), 'deck-check');
        return;
      case 'shoe-fault':
        this.status('fault', { en: `${FAULTS[event.code].en}${event.text === '' ? '' : ` (${event.text})`}`, de: `${FAULTS[event.code].de}${event.text === '' ? '' : ` (${event.text})`}` }, 'device-fault');
        return;
      case 'shoe-state':
        return;
      case 'protocol-error':
        // Noise on the line is skipped by the parser; one bad sentence is not worth the croupier's eye.
        return;
      case 'disconnected':
        this.status('disconnected', LINE_LOST);
        return;
    }
  }

  /** Cards left the shoe unreported: those not yet on the table hold the cards after them. */
  private missed(count: number): void {
    this.sameHand();
    if (this.controller.table.hand === null) {
      this.status('fault', { en: `${count} card(s) left the shoe unreported: check the cards`, de: `${count} Karte(n) ohne Meldung aus dem Schlitten: Karten prüfen` }, 'device-fault');
      return;
    }
    const placed = placedCount(this.controller);
    // Placed since the shoe's last card by the antennas (or by touch): the missing ones, as far as they go.
    const recovered = Math.min(count, Math.max(0, placed - this.settledAt));
    const missing = count - recovered;
    this.settledAt = placed;
    if (missing === 0) {
      this.status('connected', { en: `${count} card(s) the shoe did not report are on the table`, de: `${count} Karte(n) ohne Meldung des Schlittens liegen auf dem Tisch` });
      return;
    }
    // After the cards still held (if any), the missing ones; a take-back since then (the floor's undo) lowers nothing.
    this.nextAfter = (this.gapOpen || this.held.length > 0 ? Math.max(this.nextAfter, placed) : placed) + missing;
    this.gapOpen = true;
    this.status('fault', { en: `${missing} card(s) left the shoe unreported: enter them by touch`, de: `${missing} Karte(n) ohne Meldung aus dem Schlitten: per Touch eingeben` }, 'device-fault');
  }

  private card(card: Card | null): void {
    this.sameHand();
    const hand = this.controller.table.hand;
    if (hand === null) {
      this.deal(card);
      return;
    }
    if (card !== null && isSeen(hand, card)) {
      if (this.reported.has(card)) {
        // The shoe reported it before: a card twice in the deck. The engine refuses it on the screen.
        this.deal(card);
        return;
      }
      // The antennas read it before the shoe's sentence came: the same card.
      this.reported.add(card);
      this.nextAfter = Math.max(this.nextAfter, placedCount(this.controller));
      if (this.held.length === 0) this.settledAt = placedCount(this.controller);
      return;
    }
    if (card !== null) this.reported.add(card);
    const placed = placedCount(this.controller);
    // Nothing held and no gap open: the card's place is the next one, whatever was taken back before.
    const after = this.gapOpen || this.held.length > 0 ? this.nextAfter : placed;
    this.nextAfter = Math.max(after, placed) + 1;
    this.held.push({ card, after });
    this.release();
  }

  /** The held cards in order, each once every card before it is on the table (the missing ones entered by touch). */
  private release(): void {
    if (this.stopped || this.releasing || this.held.length === 0) return;
    this.sameHand();
    // A held card the antennas have put on the table meanwhile is there already: the same card.
    const hand = this.controller.table.hand;
    if (hand !== null) this.held = this.held.filter(({ card }) => card === null || !isSeen(hand, card));
    this.releasing = true;
    try {
      for (let next = this.held[0]; next !== undefined && placedCount(this.controller) >= next.after; next = this.held[0]) {
        this.held.shift();
        this.deal(next.card);
      }
    } finally {
      this.releasing = false;
    }
    const next = this.held[0];
    if (next === undefined) {
      this.gapOpen = false;
      this.settledAt = placedCount(this.controller);
      return;
    }
    const short = next.after - placedCount(this.controller);
    this.status('fault', { en: `${short} card(s) left the shoe unreported: enter them by touch (${this.held.length} held until then)`, de: `${short} Karte(n) ohne Meldung aus dem Schlitten: per Touch eingeben (${this.held.length} warten bis dahin)` }, 'device-fault');
  }

  /** A new hand (or none): what was held or missing belongs to the hand that ended. */
  private sameHand(): void {
    const started = this.controller.table.hand === null ? undefined : this.controller.table.handLog[0];
    if (started === this.hand) return;
    this.hand = started;
    this.reported = new Set();
    this.settledAt = 0;
    this.nextAfter = 0;
    this.gapOpen = false;
    this.held = [];
  }

  private deal(card: Card | null): void {
    const view = this.controller.view();
    // Command ids live in the log for good: unique across restarts.
    const id = `shoe-${randomUUID()}`;
    if (view.prompt.kind === 'deal') {
      this.controller.submit({ id, command: { type: 'deal', card } });
      return;
    }
    if (view.prompt.kind === 'draw-for-button' && card !== null) {
      const seat = view.prompt.seats[0];
      if (seat !== undefined) this.controller.submit({ id, command: { type: 'draw', seat, card } });
      return;
    }
    this.status('fault', { en: 'A card left the shoe when none was due: call the floor', de: 'Eine Karte kam aus dem Schlitten, als keine fällig war: Floor rufen' }, 'irregularity');
  }

  private status(state: DeviceStatus['state'], detail: Words, incident?: DeviceStatus['incident']): void {
    this.controller.reportDevice({ id: this.id, kind: 'shoe', state, detail, ...(incident === undefined ? {} : { incident }) });
  }
}

/** The cards placed in the hand so far — hole cards (read or not), burns and the board. */
function placedCount(controller: TableController): number {
  const hand = controller.table.hand;
  if (hand === null) return 0;
  return hand.players.reduce((sum, player) => sum + player.holeCards.length, 0) + hand.burns.length + hand.board.length;
}

const FAULTS = {
  JAM: { en: 'the shoe jammed', de: 'der Schlitten klemmt' },
  EMPTY: { en: 'the shoe is empty', de: 'der Schlitten ist leer' },
  RECOG: { en: "the shoe's camera failed", de: 'die Kamera des Schlittens ist ausgefallen' },
  COVER: { en: "the shoe's lid is open", de: 'der Deckel des Schlittens ist offen' },
} as const;

/**
 * A failed deck check in words. Its cards are named only before the table's first hand: once hands are
 * dealt, a card "missing" may be a hole card in play, one kept from a hand called void, or a hand mucked
 * unseen, and the screen is seen by the table — then the counts only.
 */
function deckProblem(event: Extract<ShoeEvent, { type: 'deck-checked' }>, nameCards: boolean): Words {
  const list = (cards: readonly (Card | null)[]): string => (nameCards ? cards.map((card) => (card === null ? '??' : formatCard(card))).join(' ') : String(cards.length));
  const en: string[] = [];
  const de: string[] = [];
  if (event.missing.length > 0) {
    en.push(`missing ${list(event.missing)}`);
    de.push(`fehlt ${list(event.missing)}`);
  }
  if (event.extra.length > 0) {
    en.push(`not of this deck ${list(event.extra)}`);
    de.push(`nicht aus diesem Deck ${list(event.extra)}`);
  }
  if (event.duplicates.length > 0) {
    en.push(`twice ${list(event.duplicates)}`);
    de.push(`doppelt ${list(event.duplicates)}`);
  }
  return { en: `The deck failed its check (${event.count} cards: ${en.join('; ')}): do not deal it`, de: `Das Deck hat die Prüfung nicht bestanden (${event.count} Karten: ${de.join('; ')}): nicht damit geben` };
}
