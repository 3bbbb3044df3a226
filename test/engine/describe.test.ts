import { describe, expect, it } from 'vitest';
import { describeOperation } from '../../src/engine/hand/describe.js';
import { reduce } from '../../src/engine/hand/reduce.js';
import type { HandState } from '../../src/engine/hand/state.js';
import { HandDriver } from '../support/hand-driver.js';

/** Every step of a hand in words, as the hand replay and the floor's undo show them. */
function steps(hand: HandDriver): { en: string; de: string }[] {
  const words: { en: string; de: string }[] = [];
  let state: HandState | undefined;
  for (const operation of hand.log) {
    const said = describeOperation(state, operation);
    if (said !== null) words.push(said);
    state = reduce(state, operation);
  }
  return words;
}

describe('a hand’s steps in words', () => {
  it('write amounts as the screen does, digits grouped in each language (D47): bets, calls, the uncalled return, the pot, the award', () => {
    // Seat 1 the button, 2 the small blind (5), 3 the big blind (10); stacks in the thousands.
    const hand = HandDriver.table([5000, 2500, 9000]).dealHoleCards(['AsAh', 'KsKh', 'QsQh']).actions('b1075 c b4000 f f');
    const words = steps(hand);
    expect(words.map((step) => step.en)).toEqual(
      expect.arrayContaining(['Seat 1 raises to 1,075', 'Seat 2 calls 1,070', 'Seat 3 raises to 4,000', 'Seat 3 takes back 2,925, uncalled', 'Bets into the pot: 3,225']),
    );
    expect(words.map((step) => step.de)).toEqual(expect.arrayContaining(['Platz 1 erhöht auf 1.075', 'Platz 2 geht mit, 1.070', 'Platz 3 bekommt 2.925 zurück, nicht gehalten', 'Einsätze in den Pot: 3.225']));
    expect(words.at(-1)?.en).toBe('Hand over: Seat 3 wins the main pot, 3,225');
  });
});
