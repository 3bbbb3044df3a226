import { describe, expect, it } from 'vitest';
import { expectedCard, isSeen } from '../../../src/engine/hand/dealing.js';
import { replay } from '../../../src/engine/hand/reduce.js';
import { HandDriver } from '../../support/hand-driver.js';
import { parseCard } from '../../../src/cards/notation.js';

const card = parseCard;

const threeHanded = (prematureCards: 'restore-order' | 'scramble' = 'restore-order'): HandDriver =>
  HandDriver.table([500, 500, 500], { button: 1, config: { prematureCards } }).dealHoleCards(['AhAd', 'KhKd', 'QhQd']);

/**
 * E17 — premature board cards and a flop with too many cards (Robert's Rules, WSOP Live Action: restore the
 * order; TDA: scramble — `prematureCards`).
 */
describe('E17 premature cards and a four-card flop', () => {
  it('a premature flop goes back into the stub; the burn stays; the new flop comes without a burn', () => {
    const hand = threeHanded().actions('c');
    hand.do({ type: 'premature', to: 'burn', card: card('2s') });
    for (const premature of hand.cards('3s 4s 5s')) hand.do({ type: 'premature', to: 'board', card: premature });
    expect(hand.state.heldCards).toEqual(hand.cards('3s 4s 5s'));
    hand.actions('c x');
    // Back in the stub: the same cards may come again, and no burn before the new flop.
    expect(hand.log.some((operation) => operation.type === 'cards-returned')).toBe(true);
    expect(isSeen(hand.state, card('3s'))).toBe(false);
    expect(expectedCard(hand.state)).toBe('board');
    hand.deal('5s 3s 9c');
    expect(hand.state.board).toEqual(hand.cards('5s 3s 9c'));
    expect(hand.state.phase.kind).toBe('betting');
    expect(hand.state.burns).toContain(card('2s'));
    expect(replay(hand.log)).toEqual(hand.state);
  });

  it('restore the order: a premature turn is set aside; the turn is burned and dealt from the stub; the set-aside card goes back before a river dealt without a burn', () => {
    const hand = threeHanded().actions('c c x').deal('? 2c 7d 9h').actions('x');
    hand.do({ type: 'premature', to: 'board', card: card('Js') });
    hand.actions('x x');
    expect(expectedCard(hand.state)).toBe('burn');
    hand.deal('? Tc');
    expect(hand.state.board).toEqual(hand.cards('2c 7d 9h Tc'));
    hand.actions('x x x');
    expect(isSeen(hand.state, card('Js'))).toBe(false);
    expect(expectedCard(hand.state)).toBe('board');
    hand.deal('Js');
    expect(hand.state.board).toEqual(hand.cards('2c 7d 9h Tc Js'));
  });

  it('scramble: a premature turn goes back into the stub at once and the turn comes without a new burn', () => {
    const hand = threeHanded('scramble').actions('c c x').deal('? 2c 7d 9h').actions('x');
    hand.do({ type: 'premature', to: 'board', card: card('Js') });
    hand.actions('x x');
    expect(expectedCard(hand.state)).toBe('board');
    hand.deal('Js');
    expect(hand.state.board).toEqual(hand.cards('2c 7d 9h Js'));
  });

  it('a flop with a fourth card is dealt again, before anyone acts on it', () => {
    const hand = threeHanded().actions('c c x').deal('? 2c 7d 9h');
    hand.do({ type: 'premature', to: 'board', card: card('Js') });
    hand.do({ type: 'redeal-flop' });
    expect(hand.state.board).toEqual([]);
    expect(expectedCard(hand.state)).toBe('board');
    hand.deal('Js 9h 3c');
    expect(hand.state.phase.kind).toBe('betting');
    hand.actions('x');
    expect(() => hand.do({ type: 'redeal-flop' })).toThrow('The flop can be dealt again only before anyone acts on it');
  });

  it('refuses a premature card on the river, a card in play, and an unread board card', () => {
    const hand = threeHanded().actions('c');
    expect(() => hand.do({ type: 'premature', to: 'board', card: card('Ah') })).toThrow('That card is already in play');
    expect(() => hand.do({ type: 'premature', to: 'board', card: null })).toThrow('A board card must be read or entered');
    hand.actions('c x').deal('? 2c 7d 9h').actions('x x x').deal('? Tc').actions('x x x').deal('? Js');
    expect(() => hand.do({ type: 'premature', to: 'board', card: card('3c') })).toThrow('A premature card is one turned while the betting goes on before the river');
  });

  it('a premature card goes back before the next street’s card: pre-flop the flop, on the flop (restoring the order) the river, on the turn the river', () => {
    const returnAt = (hand: HandDriver): unknown => {
      hand.do({ type: 'premature', card: hand.cards('Kc')[0] ?? null, to: 'board' });
      return hand.log.at(-1);
    };
    const preflop = HandDriver.table([1000, 1000, 1000]).dealHoleCards([]);
    expect(returnAt(preflop)).toMatchObject({ type: 'premature-card', returnAt: 'flop' });
    const flop = HandDriver.table([1000, 1000, 1000]).dealHoleCards([]).actions('c c x').deal('? 2c 7s 9d');
    expect(returnAt(flop)).toMatchObject({ type: 'premature-card', returnAt: 'river' });
    const turn = HandDriver.table([1000, 1000, 1000]).dealHoleCards([]).actions('c c x').deal('? 2c 7s 9d').actions('x x x').deal('? 3h');
    expect(returnAt(turn)).toMatchObject({ type: 'premature-card', returnAt: 'river' });
  });

  it('a premature burn may be unread; under scramble a premature card on the turn goes back at the river', () => {
    const flop = HandDriver.table([1000, 1000, 1000]).dealHoleCards([]).actions('c c x').deal('? 2c 7s 9d');
    flop.do({ type: 'premature', card: null, to: 'burn' });
    expect(flop.log.at(-1)).toMatchObject({ type: 'premature-card', to: 'burn', card: null });
    const turn = HandDriver.table([1000, 1000, 1000], { config: { prematureCards: 'scramble' } }).dealHoleCards([]).actions('c c x').deal('? 2c 7s 9d').actions('x x x').deal('? 3h');
    turn.do({ type: 'premature', card: turn.cards('Kc')[0] ?? null, to: 'board' });
    expect(turn.log.at(-1)).toMatchObject({ type: 'premature-card', returnAt: 'river' });
  });
});
