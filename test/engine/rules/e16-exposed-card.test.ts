import type { Card } from '../../../src/cards/card.js';
import { describe, expect, it } from 'vitest';
import { expectedCard, lastHoleCardSeat } from '../../../src/engine/hand/dealing.js';
import { replay } from '../../../src/engine/hand/reduce.js';
import { HandDriver } from '../../support/hand-driver.js';

/**
 * E16 — a hole card exposed during the deal (Robert's Rules; WSOP Live Action): later in the deal it
 * becomes the burn before the flop and the player gets the next card; the first or second card exposed,
 * or a second exposed card, is a misdeal (TDA 35).
 */
describe('E16 an exposed hole card becomes the burn card', () => {
  it('the deal goes on; the seat gets a replacement after the last hole card, and the flop comes without another burn', () => {
    const hand = HandDriver.table([500, 500, 500], { button: 1 });
    hand.deal('? 2c 3c 4c');
    hand.do({ type: 'exposed' });
    // 2c went to seat 2, 3c to seat 3, 4c to seat 1 (the button): seat 1's card was exposed.
    expect(hand.state.players[0]?.holeCards).toEqual([]);
    expect(hand.state.burns).toEqual([null, hand.cards('4c')[0]]);
    expect(expectedCard(hand.state)).toEqual({ seat: 2 });
    hand.deal('5c 6c 7c');
    expect(expectedCard(hand.state)).toEqual({ seat: 1 });
    hand.deal('8c');
    expect(hand.state.players.map((player) => player.holeCards)).toEqual([hand.cards('7c 8c'), hand.cards('2c 5c'), hand.cards('3c 6c')]);
    hand.actions('c c x');
    expect(expectedCard(hand.state)).toBe('board');
    hand.deal('9d Td Jd');
    expect(hand.state.board).toHaveLength(3);
    expect(expectedCard(hand.state)).toBeNull();
    expect(replay(hand.log)).toEqual(hand.state);
  });

  it('the last card of the deal, found exposed when the betting has begun, is replaced before anyone acts', () => {
    const hand = HandDriver.table([500, 500, 500], { button: 1 }).deal('? 2c 3c 4c 5c 6c 7c');
    expect(hand.state.phase.kind).toBe('betting');
    hand.do({ type: 'exposed' });
    expect(expectedCard(hand.state)).toEqual({ seat: 1 });
    hand.deal('8c');
    expect(hand.state.players[0]?.holeCards).toEqual(hand.cards('4c 8c'));
    expect(hand.state.phase.kind).toBe('betting');
    hand.actions('c');
    expect(() => hand.do({ type: 'exposed' })).toThrow('No hole card has just been dealt');
  });

  it('names the seat whose card it was: a card dealt since the croupier saw it is refused, not taken for the exposed one', () => {
    // A live shoe may read the next card while the croupier's report is on its way.
    const hand = HandDriver.table([500, 500, 500], { button: 1 }).deal('? 2c 3c 4c');
    expect(lastHoleCardSeat(hand.state)).toBe(1);
    hand.deal('5c');
    const before = hand.state;
    expect(lastHoleCardSeat(before)).toBe(2);
    expect(() => hand.do({ type: 'exposed', seat: 1 })).toThrow('The last card went to seat 2, not seat 1: a card was dealt since; the floor can undo that card, then report the exposed one');
    expect(hand.state).toBe(before);
    hand.do({ type: 'exposed', seat: 2 });
    expect(hand.state.burns).toEqual([null, hand.cards('5c')[0]]);
    expect(hand.state.replacementSeat).toBe(2);
    // Nothing to report before a hole card, after the betting has begun, or after the flop.
    expect(lastHoleCardSeat(HandDriver.table([500, 500, 500], { button: 1 }).deal('?').state)).toBeNull();
    expect(lastHoleCardSeat(HandDriver.table([500, 500, 500], { button: 1 }).deal('? 2c 3c 4c 5c 6c 7c').actions('c').state)).toBeNull();
  });

  it('a card read is exposed without naming it: a card named is refused, right or wrong, and changes nothing', () => {
    // Were a wrong card refused and the right one taken, anyone who can send commands could find a
    // player's card by guessing.
    const hand = HandDriver.table([500, 500, 500], { button: 1 }).deal('? 2c 3c 4c 5c 6c 7c');
    const before = hand.state;
    for (const guess of ['Ac', '7c']) {
      expect(() => hand.do({ type: 'exposed', card: hand.cards(guess)[0] as Card })).toThrow("Seat 1's last card was read: report it exposed without naming a card");
    }
    expect(hand.state).toBe(before);
    // A card dealt unread is named by the croupier, as it lies exposed.
    const unread = HandDriver.table([500, 500, 500], { button: 1 }).deal('? 2c 3c ?');
    unread.do({ type: 'exposed', card: unread.cards('4c')[0] as Card });
    expect(unread.state.burns).toEqual([null, unread.cards('4c')[0]]);
  });

  it('an exposed card is not dealt again', () => {
    const hand = HandDriver.table([500, 500, 500], { button: 1 }).deal('? 2c 3c 4c');
    hand.do({ type: 'exposed' });
    expect(() => hand.deal('4c')).toThrow('That card is already in play');
  });

  it.each([
    ['? 2c', 'Misdeal: the first or second card exposed (TDA 35)'],
    ['? 2c 3c', 'Misdeal: the first or second card exposed (TDA 35)'],
  ])('after %s: %s', (cards, message) => {
    const hand = HandDriver.table([500, 500, 500], { button: 1 }).deal(cards);
    expect(() => hand.do({ type: 'exposed' })).toThrow(message);
  });

  it('a second exposed card is a misdeal', () => {
    const hand = HandDriver.table([500, 500, 500], { button: 1 }).deal('? 2c 3c 4c');
    hand.do({ type: 'exposed' });
    hand.deal('5c');
    expect(() => hand.do({ type: 'exposed' })).toThrow('Misdeal: a second card exposed (TDA 35)');
  });
});
