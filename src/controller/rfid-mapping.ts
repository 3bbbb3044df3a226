import { randomUUID } from 'node:crypto';
import { antennaPlace, type AntennaLayout, type AntennaPlace } from '../../drivers/rfid/antenna-layout.js';
import type { DeckRegistration } from '../../drivers/rfid/deck-registration.js';
import { ANTENNA_FAULT_CODE } from '../../drivers/rfid/messages.js';
import type { RfidEvent } from '../../drivers/rfid/rfid-reader.js';
import type { Card } from '../cards/card.js';
import { type CardTarget, describeTarget } from '../engine/hand/dealing.js';
import type { Words } from '../evaluator/words.js';
import { LINE_LOST } from './device-words.js';
import type { TableController } from './table-controller.js';
import type { DeviceStatus } from './view-model.js';

/**
 * The one place where the RFID reader's events become the table's commands. A registered card placed on
 * the antenna where the table expects the next card is dealt there; a hole card of the player to act that
 * reaches the muck antenna is that player's fold (the croupier pulls a folded hand into the muck), or at
 * the showdown the muck of the player to show or muck; a hole card dealt unread and read later where it
 * lies is the seat's, so that the show names it itself (D61). What
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
  /**
   * What was lying when the line went: a tag the reader reports again after it comes back is still the
   * old card; one it does not report by its first heartbeat was lifted meanwhile, and is forgotten.
   */
  private beforeOutage = new Map<string, object | undefined>();
  /** The reader has answered START_INVENTORY since it came back: its round of every tag has been sent. */
  private inventoryAnswered = false;

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
        if (this.beforeOutage.has(key)) {
          // Reported again after the line came back, where it lay: the card it was, taken (or flagged) when
          // it was put down — no news, and no fault raised again over the status bar's "connected".
          this.lying.set(key, this.beforeOutage.get(key));
          this.beforeOutage.delete(key);
          return;
        }
        if (this.lying.has(key) && this.lying.get(key) !== hand) return;
        this.lying.set(key, hand);
        this.placedAt(event.antenna, this.deck.lookup(event.uid));
        return;
      }
      case 'tag-lifted':
        this.lying.delete(`${event.uid}@${event.antenna}`);
        return;
      case 'antenna-fault':
        this.status('fault', { en: `${this.antennaName(event.antenna).en}: ${antennaFault(event).en}`, de: `${this.antennaName(event.antenna).de}: ${antennaFault(event).de}` }, 'device-fault');
        return;
      case 'antenna-recovered':
        this.status('connected', null);
        return;
      case 'disconnected':
        for (const [key, hand] of this.lying) this.beforeOutage.set(key, hand);
        this.lying.clear();
        this.inventoryAnswered = false;
        this.status('disconnected', LINE_LOST);
        return;
      case 'command-answered':
        if (event.command === 'start-inventory') this.inventoryAnswered = true;
        return;
      case 'reader-status':
        // A heartbeat after START_INVENTORY's answer: the round of every tag it holds has been sent.
        if (this.inventoryAnswered) this.beforeOutage.clear();
        return;
      case 'all-reported':
        // A polled reader has read every antenna once since it came back.
        this.beforeOutage.clear();
        return;
      case 'protocol-error':
        // Noise on the line is skipped by the parser: not the croupier's business.
        return;
    }
  }

  private placedAt(antenna: number, card: Card | null): void {
    const place = antennaPlace(this.layout, antenna);
    if (card === null) {
      this.status('fault', { en: `a card not of this deck ${this.where(antenna).en}: stop the game and call the floor`, de: `eine Karte aus einem anderen Deck ${this.where(antenna).de}: Spiel anhalten, Floor rufen`  }, 'irregularity');
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
      this.status('fault', { en: `a card dealt to ${dealtTo.en} is ${this.where(antenna).en}: call the floor`, de: `eine an ${dealtTo.de} gegebene Karte liegt ${this.where(antenna).de}: Floor rufen`  }, 'irregularity');
      return;
    }
    const view = this.controller.view();
    // A hole card dealt unread, read now where it lies: the seat's (a show then needs no card entry, D61).
    const dealingHere = view.prompt.kind === 'deal' && sameTarget(place, view.prompt.target);
    if (place.kind === 'seat' && !dealingHere && this.controller.noteReadAtSeat(place.seat, card)) return;
    if (view.prompt.kind !== 'deal') {
      this.status('fault', { en: `a card ${this.where(antenna).en} when none was due: call the floor`, de: `eine Karte ${this.where(antenna).de}, als keine fällig war: Floor rufen`  }, 'irregularity');
      return;
    }
    if (!sameTarget(place, view.prompt.target)) {
      const due = describeTarget(view.prompt.target);
      this.status('fault', { en: `a card ${this.where(antenna).en}, but the next card goes to ${due.en}: call the floor`, de: `eine Karte ${this.where(antenna).de}, aber die nächste Karte geht an ${due.de}: Floor rufen`  }, 'irregularity');
      return;
    }
    this.controller.submit({ id: `rfid-${randomUUID()}`, command: { type: 'deal', card, to: view.prompt.target } });
  }

  private currentHand(): object | undefined {
    const table = this.controller.table;
    return table.hand === null || table.hand.phase.kind === 'complete' ? undefined : table.handLog[0];
  }

  /**
   * A hole card pulled into the muck: the fold of its player when it is their turn, or at the showdown
   * the muck of the player to show or muck when the rules let them (D39: a hand the antennas read may
   * still be mucked); otherwise the floor decides.
   */
  private mucked(card: Card): void {
    const hand = this.controller.table.hand;
    // After the hand, and for a hand already tabled, the muck is where the cards go: nothing to decide.
    if (hand === null || hand.phase.kind === 'complete') return;
    const owner = hand.players.find((player) => player.holeCards.includes(card))?.seat ?? this.controller.seatOfRead(card);
    const player = hand.players.find((candidate) => candidate.seat === owner);
    if (owner === null || player === undefined || player.status === 'folded' || player.showdown !== null) return;
    const view = this.controller.view();
    if (view.actor?.seat === owner) {
      this.controller.submit({ id: `rfid-${randomUUID()}`, command: { type: 'fold', seat: owner } });
      return;
    }
    if (view.prompt.kind === 'show' && view.prompt.seat === owner && view.prompt.muck) {
      this.controller.submit({ id: `rfid-${randomUUID()}`, command: { type: 'muck', seat: owner } });
      return;
    }
    this.status('fault', { en: `seat ${owner}'s cards went into the muck out of turn: call the floor`, de: `die Karten von Platz ${owner} gingen außer der Reihe in den Muck: Floor rufen`  }, 'irregularity');
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
    if (hand.burns.includes(card)) return { en: 'the burn', de: 'die Brennkarten' };
    const owner = hand.players.find((player) => player.holeCards.includes(card));
    return owner === undefined ? null : { en: `seat ${owner.seat}`, de: `Platz ${owner.seat}` };
  }

  /** Where an antenna lies, as a place in a sentence: "at seat 3" / "an Platz 3", "at the board" / "am Board". */
  private where(antenna: number): Words {
    const place = antennaPlace(this.layout, antenna);
    if (place === null) return { en: `at antenna ${antenna} (not wired)`, de: `an Antenne ${antenna} (nicht verdrahtet)` };
    if (place.kind === 'seat') return { en: `at seat ${place.seat}`, de: `an Platz ${place.seat}` };
    return { board: { en: 'at the board', de: 'am Board' }, burn: { en: 'at the burn', de: 'bei den Brennkarten' }, muck: { en: 'in the muck', de: 'im Muck' } }[place.kind];
  }

  /** An antenna by its id and place: "antenna 20 (board)" / "Antenne 20 (Board)". */
  private antennaName(antenna: number): Words {
    const place = antennaPlace(this.layout, antenna);
    if (place === null) return { en: `antenna ${antenna} (not wired)`, de: `Antenne ${antenna} (nicht verdrahtet)` };
    if (place.kind === 'seat') return { en: `antenna ${antenna} (seat ${place.seat})`, de: `Antenne ${antenna} (Platz ${place.seat})` };
    const label = { board: { en: 'board', de: 'Board' }, burn: { en: 'burn', de: 'Burn' }, muck: { en: 'muck', de: 'Muck' } }[place.kind];
    return { en: `antenna ${antenna} (${label.en})`, de: `Antenne ${antenna} (${label.de})` };
  }

  private status(state: DeviceStatus['state'], detail: Words | null, incident?: DeviceStatus['incident']): void {
    this.controller.reportDevice({ id: this.id, kind: 'rfid-reader', state, detail, ...(incident === undefined ? {} : { incident }) });
  }
}

function sameTarget(place: AntennaPlace, target: CardTarget): boolean {
  if (target === 'burn') return place.kind === 'burn';
  if (target === 'board') return place.kind === 'board';
  return place.kind === 'seat' && place.seat === target.seat;
}

/** An antenna fault in the croupier's words; a code this build does not know, in the reader's. */
function antennaFault(event: Extract<RfidEvent, { type: 'antenna-fault' }>): Words {
  switch (event.code) {
    case ANTENNA_FAULT_CODE.OPEN_CIRCUIT:
      return { en: 'no antenna connected (open circuit)', de: 'keine Antenne angeschlossen (Leitung offen)' };
    case ANTENNA_FAULT_CODE.SHORT_CIRCUIT:
      return { en: 'short circuit', de: 'Kurzschluss' };
    case ANTENNA_FAULT_CODE.DETUNED:
      return { en: 'detuned: metal on or near the antenna?', de: 'verstimmt: Metall auf oder nahe der Antenne?' };
    default:
      return { en: event.words, de: event.words };
  }
}
