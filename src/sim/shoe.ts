import { type Card, CARD_COUNT } from '../cards/card.js';
import { shuffle, shuffledDeck } from '../cards/deck.js';
import type { SeededRandom } from '../cards/random.js';
import { isSeen } from '../engine/hand/dealing.js';
import type { HandState } from '../engine/hand/state.js';

/**
 * The simulated dealing shoe behind the croupier screen's simulation panel: a deck shuffled from a seed
 * for every hand, dealt in order. Cards the croupier typed in by touch are skipped, so the two can be
 * mixed; a card taken back into the stub (an undo, premature cards) is dealt again only if the shoe runs
 * out, when the cards not in play are shuffled again.
 */
export class SimulatedShoe {
  private deck: readonly Card[] = [];
  private next = 0;
  /** The hand the deck was shuffled for (its `hand-started` operation): a new hand gets a new shuffle. */
  private hand: object | null = null;

  constructor(private readonly random: SeededRandom) {}

  /** The next card for the hand in play, `state`, whose start is `hand`. */
  deal(state: HandState, hand: object): Card {
    if (hand !== this.hand) {
      this.hand = hand;
      this.deck = shuffledDeck(this.random);
      this.next = 0;
    }
    for (let pass = 0; pass < 2; pass++) {
      while (this.next < this.deck.length) {
        const card = this.deck[this.next++] as Card;
        if (!isSeen(state, card)) return card;
      }
      // Out of cards: the ones not in play, shuffled again.
      const left: Card[] = [];
      for (let card = 0; card < CARD_COUNT; card++) if (!isSeen(state, card as Card)) left.push(card as Card);
      this.deck = shuffle(left, this.random);
      this.next = 0;
    }
    throw new RangeError('every card is in play');
  }

  /** A card for the draw for the button, one no seat has drawn. */
  draw(drawn: readonly Card[]): Card {
    const left = shuffledDeck(this.random).filter((card) => !drawn.includes(card));
    const card = left[0];
    if (card === undefined) throw new RangeError('every card is drawn');
    return card;
  }
}
