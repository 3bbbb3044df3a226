import { describe, expect, it } from 'vitest';
import { HandDriver } from '../../support/hand-driver.js';

/** E10 — seed 000: the last player to bet or raise on the final round shows first, else the first player left of the button; all hands are tabled when a player is all-in; losing hands may be mucked; an uncontested pot is awarded without a show. */
describe('E10 showdown order (seed 000)', () => {
  const toRiver = (): HandDriver =>
    HandDriver.table([1000, 1000, 1000], { button: 1 }).dealHoleCards(['AhAd', 'KhKd', 'QhQd']).actions('c c x').deal('? 2c 7s 9d').actions('x x x').deal('? 3h').actions('x x x').deal('? 4s');

  it('the last raiser on the river shows first', () => {
    const hand = toRiver().actions('x b50 b150 c c');
    expect(hand.state.phase.kind).toBe('showdown');
    expect(hand.actorSeat()).toBe(1);
  });

  it('nobody bet on the river: the first player left of the button shows first', () => {
    const hand = toRiver().actions('x x x');
    expect(hand.actorSeat()).toBe(2);
  });

  it('nobody bet on the river: the first player still in left of the button shows first, past a folded small blind', () => {
    // Button 1, small blind 2 (folds pre-flop), big blind 3, seat 4: seat 3 shows first, not the button.
    const hand = HandDriver.table([1000, 1000, 1000, 1000], { button: 1 }).dealHoleCards(['AhAd', 'KhKd', 'QhQd', 'JhJd']).actions('c c f x');
    hand.deal('? 2c 7s 9d').actions('x x x').deal('? 3h').actions('x x x').deal('? 4s').actions('x x x');
    expect(hand.state.phase.kind).toBe('showdown');
    expect(hand.actorSeat()).toBe(3);
  });

  it('the first to show must show; a later losing hand may be mucked', () => {
    const hand = toRiver().actions('x x x');
    expect(() => hand.do({ type: 'muck' })).toThrow('Seat 2 shows first and must show');
    hand.do({ type: 'show' }).do({ type: 'muck' }).do({ type: 'muck' });
    expect(hand.state.awards.map(({ seat, amount }) => ({ seat, amount }))).toEqual([{ seat: 2, amount: 30 }]);
  });

  it('shown cards must be the cards dealt; cards read are never compared with cards entered', () => {
    // Read cards are tabled as read. Entering cards for them is refused whatever they are — right or
    // wrong, an answer would tell a guesser the player's hand, and the player may mean to muck.
    const hand = toRiver().actions('x x x');
    for (const guess of ['Ac As', 'Kh Kd', 'Qh Qd']) {
      expect(() => hand.do({ type: 'show', cards: hand.cards(guess) })).toThrow("Seat 2's cards were read: show them without entering cards");
    }
    expect(hand.actorSeat()).toBe(2);
    // One card read, one not: only the card not read is entered — two cards are refused, the read one
    // among them or not, so the refusal tells nothing.
    const halfRead = HandDriver.table([1000, 1000], { button: 1 }).deal('? Ah ? ? ?').actions('c x').deal('? 2c 7s 9d').actions('x x').deal('? 3h').actions('x x').deal('? 4s').actions('x x');
    for (const guess of ['Ac As', 'Ah Kd']) {
      expect(() => halfRead.do({ type: 'show', cards: halfRead.cards(guess) })).toThrow("One of seat 2's cards was not read: enter that card only");
    }
    expect(() => halfRead.do({ type: 'show' })).toThrow("One of seat 2's cards was not read: enter that card only");
    halfRead.do({ type: 'show', cards: halfRead.cards('Kd') });
    expect(halfRead.state.players.find((player) => player.seat === 2)?.showdown).toEqual(halfRead.cards('Ah Kd'));
    // The card entered takes the place of the one not read, first or second.
    const secondRead = HandDriver.table([1000, 1000], { button: 1 }).deal('? ? ? Ah ?').actions('c x').deal('? 2c 7s 9d').actions('x x').deal('? 3h').actions('x x').deal('? 4s').actions('x x');
    secondRead.do({ type: 'show', cards: secondRead.cards('Kd') });
    expect(secondRead.state.players.find((player) => player.seat === 2)?.showdown).toEqual(secondRead.cards('Kd Ah'));
  });

  it('an uncontested pot is awarded without a show', () => {
    const hand = HandDriver.table([1000, 1000, 1000]).dealHoleCards([]).actions('b40 f f');
    expect(hand.state.phase.kind).toBe('complete');
    expect(hand.log).toContainEqual({ type: 'return-uncalled', seat: 1, amount: 30 });
    expect(hand.state.awards).toEqual([{ potIndex: 0, seat: 1, amount: 25, words: null, best: null }]);
    expect(hand.stacks()).toEqual([1015, 995, 990]);
  });

  it('cards dealt unseen are entered at the show', () => {
    const hand = HandDriver.table([1000, 1000]).deal('? ? ? ? ?').actions('c x').deal('? 2c 7s 9d').actions('x x').deal('? 3h').actions('x x').deal('? 4s').actions('x x');
    expect(() => hand.do({ type: 'show' })).toThrow("Seat 2's cards were not read: enter them");
    hand.do({ type: 'show', cards: hand.cards('Ah Ad') });
    expect(() => hand.do({ type: 'show', cards: hand.cards('Ah Kd') })).toThrow('That card is already in play');
    hand.do({ type: 'show', cards: hand.cards('Kh Kd') });
    expect(hand.state.awards[0]).toMatchObject({ seat: 2, amount: 20, words: { en: 'Pair of aces' } });
  });
});
