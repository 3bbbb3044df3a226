import type { Card } from '../cards/card.js';
import { shuffledDeck } from '../cards/deck.js';
import type { SeededRandom } from '../cards/random.js';
import { isSeen } from '../engine/dealing.js';
import type { HandState } from '../engine/state.js';

/**
 * The simulated dealing shoe behind the croupier screen's simulation panel: a deck shuffled from a seed
 * for every hand, dealt in order. Cards the croupier typed in by touch are skipped, so the two can be
 * mixed; a card taken back into the stub (premature cards) is simply not dealt again by this shoe.
 */
export class SimulatedShoe {
  private deck: readonly Card[] = [];
  private next = 0;
  private dealing: HandState | null = null;

  constructor(private readonly random: SeededRandom) {}

  /** The next card for the hand in play. `hand` is the state the card will be dealt to. */
  deal(hand: HandState, handStarted: boolean): Card {
    if (handStarted || this.dealing === null) this.shuffle();
    this.dealing = hand;
    while (this.next < this.deck.length && isSeen(hand, this.deck[this.next] as Card)) this.next++;
    const card = this.deck[this.next++];
    if (card === undefined) throw new RangeError('the simulated shoe is empty');
    return card;
  }

  /** A card for the draw for the button, one none of the seats has drawn. */
  draw(drawn: readonly Card[]): Card {
    if (drawn.length === 0) this.shuffle();
    const card = this.deck.find((candidate) => !drawn.includes(candidate));
    if (card === undefined) throw new RangeError('the simulated shoe is empty');
    return card;
  }

  private shuffle(): void {
    this.deck = shuffledDeck(this.random);
    this.next = 0;
  }
}
