import { randomUUID } from 'node:crypto';
import type { ShoeEvent } from '../../drivers/shoe/shoe-reader.js';
import type { Card } from '../cards/card.js';
import { formatCard } from '../cards/notation.js';
import { isSeen } from '../engine/dealing.js';
import type { TableLogEntry } from '../engine/table-operations.js';
import type { Words } from '../evaluator/words.js';
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
  /** Cards that left the shoe in that hand: reported, or counted as missed by the shoe's numbering. */
  private fromShoe = 0;
  /** Cards reported after a missing one, waiting for the missing ones to be entered by touch. */
  private held: (Card | null)[] = [];
  private releasing = false;

  constructor(
    private readonly controller: TableController,
    /** The device id on the status bar. */
    private readonly id = 'shoe',
  ) {
    controller.subscribe(() => this.release());
  }

  handle(event: ShoeEvent): void {
    switch (event.type) {
      case 'card-dealt':
        this.card(event.card);
        return;
      case 'cards-missed':
        this.sameHand();
        if (this.controller.table.hand !== null) this.fromShoe += event.count;
        if (this.controller.table.hand !== null && placedCount(this.controller) >= this.fromShoe) {
          // The antennas read them where they went: nothing to enter.
          this.status('connected', { en: `${event.count} card(s) the shoe did not report were read at their antennas`, de: `${event.count} Karte(n) ohne Meldung des Schlittens wurden an ihren Antennen gelesen` });
          return;
        }
        this.status('fault', { en: `${event.count} card(s) left the shoe unreported: enter them by touch`, de: `${event.count} Karte(n) ohne Meldung aus dem Schlitten: per Touch eingeben` });
        return;
      case 'deck-checked':
        if (event.ok) this.status('connected', { en: `deck checked: ${event.count} cards`, de: `Deck geprüft: ${event.count} Karten` });
        else this.status('fault', deckProblem(event));
        return;
      case 'shoe-fault':
        this.status('fault', { en: `${FAULTS[event.code].en}${event.text === '' ? '' : ` (${event.text})`}`, de: `${FAULTS[event.code].de}${event.text === '' ? '' : ` (${event.text})`}` });
        return;
      case 'shoe-state':
        return;
      case 'protocol-error':
        // Noise on the line is skipped by the parser; one bad sentence is not worth the croupier's eye.
        return;
      case 'disconnected':
        this.status('disconnected', { en: event.reason.message, de: event.reason.message });
        return;
    }
  }

  private card(card: Card | null): void {
    this.sameHand();
    const hand = this.controller.table.hand;
    if (hand === null) {
      this.deal(card);
      return;
    }
    this.fromShoe++;
    if (card !== null && isSeen(hand, card)) {
      if (this.reported.has(card)) {
        // The shoe reported it before: a card twice in the deck. The engine refuses it on the screen.
        this.deal(card);
        return;
      }
      // The antennas read it before the shoe's sentence came: the same card.
      this.reported.add(card);
      return;
    }
    if (card !== null) this.reported.add(card);
    this.held.push(card);
    this.release();
  }

  /** The held cards in order, once every card before them is on the table (the missing ones entered by touch). */
  private release(): void {
    if (this.releasing || this.held.length === 0) return;
    this.sameHand();
    // A held card the antennas have put on the table meanwhile is there already: the same card.
    const hand = this.controller.table.hand;
    if (hand !== null) this.held = this.held.filter((card) => card === null || !isSeen(hand, card));
    if (placedCount(this.controller) < this.fromShoe - this.held.length) return;
    this.releasing = true;
    try {
      for (const card of this.held.splice(0)) this.deal(card);
    } finally {
      this.releasing = false;
    }
  }

  /** A new hand (or none): what was held or missing belongs to the hand that ended. */
  private sameHand(): void {
    const started = this.controller.table.hand === null ? undefined : this.controller.table.handLog[0];
    if (started === this.hand) return;
    this.hand = started;
    this.reported = new Set();
    this.fromShoe = 0;
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
    this.status('fault', { en: 'A card left the shoe when none was due: call the floor', de: 'Eine Karte kam aus dem Schlitten, als keine fällig war: Floor rufen' });
  }

  private status(state: DeviceStatus['state'], detail: Words): void {
    this.controller.reportDevice({ id: this.id, kind: 'shoe', state, detail });
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

/** A failed deck check in words. It comes before the hand: its cards are not in play, so naming them is safe. */
function deckProblem(event: Extract<ShoeEvent, { type: 'deck-checked' }>): Words {
  const list = (cards: readonly (Card | null)[]): string => cards.map((card) => (card === null ? '??' : formatCard(card))).join(' ');
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
