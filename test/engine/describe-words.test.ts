import { describe, expect, it } from 'vitest';
import { parseCard } from '../../src/cards/notation.js';
import { describeOperation } from '../../src/engine/hand/describe.js';
import type { Operation } from '../../src/engine/hand/operations.js';
import { reduce } from '../../src/engine/hand/reduce.js';
import type { HandState } from '../../src/engine/hand/state.js';
import { HandDriver } from '../support/hand-driver.js';

/** What one operation says with no state before it (the words of a step that needs none). */
const said = (operation: Operation): unknown => describeOperation(undefined, operation);

/** Every step of a hand in words, as the hand replay and the floor's undo show them. */
function steps(hand: HandDriver): { en: string; de: string }[] {
  const words: { en: string; de: string }[] = [];
  let state: HandState | undefined;
  for (const operation of hand.log) {
    const step = describeOperation(state, operation);
    if (step !== null) words.push(step);
    state = reduce(state, operation);
  }
  return words;
}

/** Each kind of operation in the croupier's words, English and German, word for word. */
describe('a hand\'s operations in words', () => {
  it('the start, the posts, the cards and the streets', () => {
    expect(said({ type: 'hand-started', buttonSeat: 4 } as Operation)).toEqual({ en: 'Hand started: button seat 4', de: 'Hand begonnen: Button Platz 4' });
    const posts = [
      ['ante', 'an ante', 'eine Ante'],
      ['big-blind-ante', 'the big-blind ante', 'die Big-Blind-Ante'],
      ['small-blind', 'the small blind', 'den Small Blind'],
      ['big-blind', 'the big blind', 'den Big Blind'],
      ['straddle', 'a straddle', 'einen Straddle'],
      ['posted-blind', 'an owed blind', 'einen geschuldeten Blind'],
      ['dead-blind', 'a dead blind', 'einen toten Blind'],
    ] as const;
    for (const [kind, en, de] of posts) expect(said({ type: 'post', seat: 3, kind, amount: 1500 })).toEqual({ en: `Seat 3 posts ${en}, 1,500`, de: `Platz 3 setzt ${de}, 1.500` });
    expect(said({ type: 'deal', to: 'burn', card: null })).toEqual({ en: 'Burn card', de: 'Brennkarte' });
    expect(said({ type: 'deal', to: 'board', card: null })).toEqual({ en: 'Board card', de: 'Boardkarte' });
    expect(said({ type: 'deal', to: 'board', card: parseCard('Ah') })).toEqual({ en: 'Board: A♥', de: 'Board: A♥' });
    expect(said({ type: 'deal', to: { seat: 7 }, card: parseCard('Ah') })).toEqual({ en: 'Seat 7 gets a card', de: 'Platz 7 bekommt eine Karte' });
    expect(said({ type: 'card-exposed', seat: 5, card: null })).toEqual({ en: "Seat 5's card was exposed: it is burned, a new card follows", de: 'Die Karte von Platz 5 wurde aufgedeckt: sie wird verbrannt, eine neue folgt' });
    expect(said({ type: 'premature-card', to: 'burn', card: null, returnAt: 'flop' })).toEqual({ en: 'A burn card turned too early stays with the burns', de: 'Eine zu früh aufgedeckte Brennkarte bleibt bei den Brennkarten' });
    expect(said({ type: 'premature-card', to: 'board', card: null, returnAt: 'turn' })).toEqual({ en: 'A card turned too early is set aside', de: 'Eine zu früh aufgedeckte Karte wird beiseitegelegt' });
    expect(said({ type: 'cards-returned', cards: [], redeal: true })).toEqual({ en: 'The flop goes back into the stub and is dealt again', de: 'Der Flop kommt zurück in den Stock und wird neu gegeben' });
    expect(said({ type: 'cards-returned', cards: [], redeal: false })).toEqual({ en: 'Cards set aside go back into the stub', de: 'Beiseitegelegte Karten kommen zurück in den Stock' });
    expect(['flop', 'turn', 'river'].map((street) => said({ type: 'street', street } as Operation))).toEqual([{ en: 'Flop', de: 'Flop' }, { en: 'Turn', de: 'Turn' }, { en: 'River', de: 'River' }]);
  });

  it('the actions, the pot, the showdown and the end', () => {
    expect(said({ type: 'fold', seat: 2 } as Operation)).toEqual({ en: 'Seat 2 folds', de: 'Platz 2 passt' });
    expect(said({ type: 'check', seat: 2 } as Operation)).toEqual({ en: 'Seat 2 checks', de: 'Platz 2 checkt' });
    expect(said({ type: 'call', seat: 2, amount: 1200 } as Operation)).toEqual({ en: 'Seat 2 calls 1,200', de: 'Platz 2 geht mit, 1.200' });
    expect(said({ type: 'bet', seat: 2, to: 2400 } as Operation)).toEqual({ en: 'Seat 2 bets 2,400', de: 'Platz 2 setzt 2.400' });
    expect(said({ type: 'return-uncalled', seat: 2, amount: 1200 } as Operation)).toEqual({ en: 'Seat 2 takes back 1,200, uncalled', de: 'Platz 2 bekommt 1.200 zurück, nicht gehalten' });
    expect(said({ type: 'collect', pots: [{ amount: 1000, eligible: [1, 2] }, { amount: 500, eligible: [1] }] } as unknown as Operation)).toEqual({ en: 'Bets into the pot: 1,500', de: 'Einsätze in den Pot: 1.500' });
    expect(said({ type: 'showdown', firstSeat: 1 })).toEqual({ en: 'Showdown', de: 'Showdown' });
    expect(said({ type: 'show', seat: 1, cards: [parseCard('As'), parseCard('Td')] })).toEqual({ en: 'Seat 1 shows A♠ 10♦', de: 'Platz 1 zeigt A♠ 10♦' });
    expect(said({ type: 'muck', seat: 1 })).toEqual({ en: 'Seat 1 mucks', de: 'Platz 1 wirft ab' });
    expect(said({ type: 'rake', amount: 1250, pots: [] })).toEqual({ en: 'Rake 1,250', de: 'Rake 1.250' });
    const main = { type: 'award', potIndex: 0, seat: 1, amount: 1500, words: { en: 'Two pair', de: 'Zwei Paare' }, best: null } as const;
    const side = { type: 'award', potIndex: 1, seat: 3, amount: 400, words: null, best: null } as const;
    expect(said(main)).toEqual({ en: 'Seat 1 wins the main pot, 1,500 — Two pair', de: 'Platz 1 gewinnt den Hauptpot, 1.500 — Zwei Paare' });
    expect(said({ type: 'hand-ended' })).toEqual({ en: 'Hand over', de: 'Hand beendet' });
    // The last step names every award, so that a replay stepped to its end shows the result.
    expect(describeOperation({ awards: [main, side] } as unknown as HandState, { type: 'hand-ended' })).toEqual({
      en: 'Hand over: Seat 1 wins the main pot, 1,500 — Two pair; Seat 3 wins side pot 1, 400',
      de: 'Hand beendet: Platz 1 gewinnt den Hauptpot, 1.500 — Zwei Paare; Platz 3 gewinnt Nebenpot 1, 400',
    });
    expect(said({ type: 'betting-round' } as Operation)).toBeNull();
    expect(said({ type: 'next-actor' } as Operation)).toBeNull();
  });

  it('a call or a raise of every chip says all-in', () => {
    // Seat 1 the button raises; seat 2 (the small blind, 300 behind) calls with the rest; seat 3 folds.
    const called = steps(HandDriver.table([5000, 300, 9000]).dealHoleCards(['AsAh', 'KsKh', 'QsQh']).actions('b1075 c f'));
    expect(called).toContainEqual({ en: 'Seat 2 calls 295, all-in', de: 'Platz 2 geht mit, 295, all-in' });
    expect(called).toContainEqual({ en: 'Seat 1 raises to 1,075', de: 'Platz 1 erhöht auf 1.075' });
    const raised = steps(HandDriver.table([500, 2500, 9000]).dealHoleCards(['AsAh', 'KsKh', 'QsQh']).actions('a'));
    expect(raised).toContainEqual({ en: 'Seat 1 raises to 500, all-in', de: 'Platz 1 erhöht auf 500, all-in' });
    // The big blind's raise of every chip: 490 more on the 10 in front.
    const fromTheBlind = steps(HandDriver.table([5000, 2500, 500]).dealHoleCards(['AsAh', 'KsKh', 'QsQh']).actions('c c a'));
    expect(fromTheBlind).toContainEqual({ en: 'Seat 3 raises to 500, all-in', de: 'Platz 3 erhöht auf 500, all-in' });
  });
});
