import { describe, expect, it } from 'vitest';
import type { Card } from '../../../src/cards/card.js';
import { apply } from '../../../src/engine/hand/apply.js';
import { dealingPlan, expectedCard } from '../../../src/engine/hand/dealing.js';
import { type RuleViolation } from '../../../src/engine/rule-violation.js';
import { HandDriver } from '../../support/hand-driver.js';

/** E3 — seed 000: burn before the hole cards, the flop, the turn and the river; hole cards one at a time from the small blind, twice round. */
describe('E3 dealing plan with burns (seed 000)', () => {
  it('burns, then deals one card at a time from the small blind round the table twice', () => {
    const hand = HandDriver.table([1000, 1000, 1000], { button: 2 });
    expect(dealingPlan(hand.state)).toEqual(['burn', { seat: 3 }, { seat: 1 }, { seat: 2 }, { seat: 3 }, { seat: 1 }, { seat: 2 }]);
  });

  it('heads-up the big blind gets the first card and the button the last', () => {
    const hand = HandDriver.table([1000, 1000], { button: 1 });
    expect(dealingPlan(hand.state)).toEqual(['burn', { seat: 2 }, { seat: 1 }, { seat: 2 }, { seat: 1 }]);
  });

  it('burns before the flop, the turn and the river', () => {
    const hand = HandDriver.table([1000, 1000, 1000]).dealHoleCards(['AhAd', 'KhKd', 'QhQd']).actions('c c x');
    expect(dealingPlan(hand.state)).toEqual(['burn', 'board', 'board', 'board']);
    hand.deal('2c 3c 4c 5c');
    expect(hand.state.burns).toEqual([null, ...hand.cards('2c')]);
    expect(hand.state.board).toEqual(hand.cards('3c 4c 5c'));
  });

  it('the burn before the hole cards can be switched off', () => {
    const hand = HandDriver.table([1000, 1000], { config: { burnBeforeHoleCards: false } });
    expect(expectedCard(hand.state)).toEqual({ seat: 2 });
  });

  it('refuses a card already seen, a card for the wrong place, and a card when none is due', () => {
    const hand = HandDriver.table([1000, 1000, 1000]).deal('? Ah');
    expect(() => hand.deal('Ah')).toThrow('That card is already in play');
    expect(() => hand.do({ type: 'deal', card: hand.cards('Kd')[0] ?? null, to: 'board' })).toThrow('A card for the board, but the next card goes to seat 3');
    expect(() => hand.do({ type: 'deal', card: hand.cards('Kd')[0] ?? null, to: { seat: 1 } })).toThrow('the next card goes to seat 3');
    hand.deal('Kd Qd As Ks Qs');
    expect(() => hand.deal('2c')).toThrow('No card is due now');
    try {
      hand.deal('2c');
    } catch (error) {
      expect((error as RuleViolation).code).toBe('no-card-expected');
    }
  });

  it('a card is in play once on either side of the seen cards’ two words: the 8s of diamonds, hearts and spades (cards 25, 26, 27)', () => {
    for (const code of ['8d', '8h', '8s']) {
      const hand = HandDriver.table([1000, 1000, 1000]).deal(`? ${code}`);
      expect(() => hand.deal(code)).toThrow('That card is already in play');
      // Its neighbours are not.
      const card = hand.cards(code)[0] as number;
      for (const other of [card - 1, card + 1]) expect(() => apply(hand.state, { type: 'deal', card: other as Card })).not.toThrow();
    }
  });

  it('a card dealt with its place named is taken when that place is due: a seat, the burn, the board', () => {
    const hand = HandDriver.table([1000, 1000, 1000]);
    hand.do({ type: 'deal', card: null, to: 'burn' });
    hand.do({ type: 'deal', card: hand.cards('Ah')[0] ?? null, to: { seat: 2 } });
    hand.deal('? ? ? ? ?').actions('c c x');
    hand.do({ type: 'deal', card: null, to: 'burn' });
    hand.do({ type: 'deal', card: hand.cards('2c')[0] ?? null, to: 'board' });
    expect(hand.state.players[1]?.holeCards).toEqual([...hand.cards('Ah'), null]);
    expect(hand.state.board).toEqual(hand.cards('2c'));
  });

  it('a board card must be read; hole cards and burns may be dealt unseen', () => {
    const hand = HandDriver.table([1000, 1000]).deal('? ? ? ? ?').actions('c x').deal('?');
    expect(() => hand.deal('?')).toThrow('A board card must be read or entered');
  });

  it('when all-ins close the betting, the rest of the board comes at once', () => {
    const hand = HandDriver.table([100, 100, 1000]).dealHoleCards([]).actions('a a c');
    expect(hand.state.phase.kind).toBe('dealing');
    expect(dealingPlan(hand.state)).toEqual(['burn', 'board', 'board', 'board']);
    hand.deal('? 2c 3c 4c ? 5d ? 6d');
    expect(hand.state.phase.kind).toBe('showdown');
  });
});

describe('E3 cards from commands are card numbers', () => {
  it.each([52, -1, 1.5, Number.NaN, '2c', 60])('refuses %j as a card, and nothing changes', (card) => {
    const hand = HandDriver.table([500, 500]);
    const before = hand.state;
    expect(() => hand.do({ type: 'deal', card: card as never })).toThrow(`${String(card)} is not a card`);
    expect(hand.state).toBe(before);
  });

  it('refuses a show of numbers that are not cards, and a premature card for no place', () => {
    const hand = HandDriver.table([500, 500]).deal('? ? ? ? ?');
    expect(() => hand.do({ type: 'premature', to: 'x' as never, card: 10 as never })).toThrow('A premature card goes to the burn or the board, not x');
    hand.actions('c x').deal('? 2c 3c 4c').actions('x x').deal('? 5c').actions('x x').deal('? 6c').actions('x x');
    expect(() => hand.do({ type: 'show', cards: [1.5, 2] as never })).toThrow('1.5 is not a card');
    expect(() => hand.do({ type: 'show', cards: [99, 100] as never })).toThrow('99 is not a card');
  });

  it('refuses a command that is not one', () => {
    const hand = HandDriver.table([500, 500]).deal('? ? ? ? ?');
    expect(() => hand.do({ type: 'raise' } as never)).toThrow("'raise' is not a command");
  });
});
