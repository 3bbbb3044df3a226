import { randomUUID } from 'node:crypto';
import { antennaPlace, type AntennaLayout, type AntennaPlace } from '../../drivers/rfid/antenna-layout.js';
import type { DeckRegistration } from '../../drivers/rfid/deck-registration.js';
import type { RfidEvent } from '../../drivers/rfid/rfid-reader.js';
import type { Card } from '../cards/card.js';
import { type CardTarget, describeTarget } from '../engine/dealing.js';
import type { Words } from '../evaluator/words.js';
import type { TableController } from './table-controller.js';
import type { DeviceStatus } from './view-model.js';

/**
 * The one place where the RFID reader's events become the table's commands. A registered card placed on
 * the antenna where the table expects the next card is dealt there; a hole card of the player to act that
 * reaches the muck antenna is that player's fold (the croupier pulls a folded hand into the muck). What
 * the reader cannot settle is put on the status bar for the croupier and the floor, never fixed silently:
 * a tag not in the registered deck, a card at the wrong antenna, a hand mucked out of turn, an antenna
 * fault. The words on the status bar never name a card: the screen is seen by the table.
 */
export class RfidMapping {
  /**
   * Tags lying on antennas (`uid@antenna`), with the hand they were put down in (its `hand-started`
   * entry; undefined between hands). Kept across a lost connection: a reader that comes back reports
   * every tag again, and a card still lying where it lay in an earlier hand is no card of this one.
   */
  private readonly lying = new Map<string, object | undefined>();

  constructor(
    private readonly controller: TableController,
    private readonly deck: DeckRegistration,
    private readonly layout: AntennaLayout,
    private readonly id = 'rfid',
  ) {}

  handle(event: RfidEvent): void {
    switch (event.type) {
      case 'tag-placed': {
        const key = `${event.uid}@${event.antenna}`;
        const hand = this.currentHand();
        if (this.lying.has(key) && this.lying.get(key) !== hand) return;
        this.lying.set(key, hand);
        this.placedAt(event.antenna, this.deck.lookup(event.uid));
        return;
      }
      case 'tag-lifted':
        this.lying.delete(`${event.uid}@${event.antenna}`);
        return;
      case 'antenna-fault':
        this.status('fault', { en: `antenna ${this.where(event.antenna).en}: ${event.words}`, de: `Antenne ${this.where(event.antenna).de}: ${event.words}` });
        return;
      case 'antenna-recovered':
        this.status('connected', null);
        return;
      case 'disconnected':
        this.status('disconnected', { en: event.reason.message, de: event.reason.message });
        return;
      case 'reader-status':
      case 'command-answered':
      case 'protocol-error':
        // Heartbeats and answers are the reader's own business.
        return;
    }
  }

  private placedAt(antenna: number, card: Card | null): void {
    const place = antennaPlace(this.layout, antenna);
    if (card === null) {
      this.status('fault', { en: `a card not of this deck at ${this.where(antenna).en}: stop the game and call the floor`, de: `eine Karte aus einem anderen Deck an ${this.where(antenna).de}: Spiel anhalten, Floor rufen` });
      return;
    }
    // A card read again where the table has it already (a board card on a later street) is no news.
    if (place === null || this.inPlaceAlready(card, place)) return;
    if (place.kind === 'muck') {
      this.mucked(card);
      return;
    }
    const dealtTo = this.placeInHand(card);
    if (dealtTo !== null) {
      this.status('fault', { en: `a card dealt to ${dealtTo.en} is at ${this.where(antenna).en}: call the floor`, de: `eine an ${dealtTo.de} gegebene Karte liegt an ${this.where(antenna).de}: Floor rufen` });
      return;
    }
    const view = this.controller.view();
    if (view.prompt.kind !== 'deal') {
      this.status('fault', { en: `a card at ${this.where(antenna).en} when none was due: call the floor`, de: `eine Karte an ${this.where(antenna).de}, als keine fällig war: Floor rufen` });
      return;
    }
    if (!sameTarget(place, view.prompt.target)) {
      const due = describeTarget(view.prompt.target);
      this.status('fault', { en: `a card at ${this.where(antenna).en}, but the next card goes to ${due.en}: call the floor`, de: `eine Karte an ${this.where(antenna).de}, aber die nächste Karte geht an ${due.de}: Floor rufen` });
      return;
    }
    this.controller.submit({ id: `rfid-${randomUUID()}`, command: { type: 'deal', card, to: view.prompt.target } });
  }

  private currentHand(): object | undefined {
    const table = this.controller.table;
    return table.hand === null || table.hand.phase.kind === 'complete' ? undefined : table.handLog[0];
  }

  /** A hole card pulled into the muck: the fold of its player, when it is their turn; otherwise the floor decides. */
  private mucked(card: Card): void {
    const hand = this.controller.table.hand;
    const owner = hand?.players.find((player) => player.holeCards.includes(card));
    if (hand === null || owner === undefined || owner.status === 'folded') return;
    const view = this.controller.view();
    if (view.actor?.seat === owner.seat) {
      this.controller.submit({ id: `rfid-${randomUUID()}`, command: { type: 'fold', seat: owner.seat } });
      return;
    }
    this.status('fault', { en: `seat ${owner.seat}'s cards went into the muck out of turn: call the floor`, de: `die Karten von Platz ${owner.seat} gingen außer der Reihe in den Muck: Floor rufen` });
  }

  /** Whether the table already has this card where the antenna lies (a second read of it, not a new card). */
  private inPlaceAlready(card: Card, place: AntennaPlace): boolean {
    const hand = this.controller.table.hand;
    if (hand === null) return false;
    if (place.kind === 'board') return hand.board.includes(card);
    if (place.kind === 'burn') return hand.burns.includes(card);
    if (place.kind === 'seat') return hand.players.some((player) => player.seat === place.seat && player.holeCards.includes(card));
    return false;
  }

  /** Where the hand has this card (a seat, the board, the burns), or null when it is not in play. */
  private placeInHand(card: Card): Words | null {
    const hand = this.controller.table.hand;
    if (hand === null) return null;
    if (hand.board.includes(card)) return { en: 'the board', de: 'das Board' };
    if (hand.burns.includes(card)) return { en: 'the burn', de: 'die Burn-Karten' };
    const owner = hand.players.find((player) => player.holeCards.includes(card));
    return owner === undefined ? null : { en: `seat ${owner.seat}`, de: `Platz ${owner.seat}` };
  }

  private where(antenna: number): Words {
    const place = antennaPlace(this.layout, antenna);
    if (place === null) return { en: `${antenna} (not wired)`, de: `${antenna} (nicht verdrahtet)` };
    if (place.kind === 'seat') return { en: `seat ${place.seat}`, de: `Platz ${place.seat}` };
    return { board: { en: 'the board', de: 'dem Board' }, burn: { en: 'the burn', de: 'den Burn-Karten' }, muck: { en: 'the muck', de: 'dem Muck' } }[place.kind];
  }

  private status(state: DeviceStatus['state'], detail: Words | null): void {
    this.controller.reportDevice({ id: this.id, kind: 'rfid-reader', state, detail });
  }
}

function sameTarget(place: AntennaPlace, target: CardTarget): boolean {
  if (target === 'burn') return place.kind === 'burn';
  if (target === 'board') return place.kind === 'board';
  return place.kind === 'seat' && place.seat === target.seat;
}
