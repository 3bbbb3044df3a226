import { describe, expect, it } from 'vitest';
import type { Card } from '../../src/cards/card.js';
import { parseCard } from '../../src/cards/notation.js';
import { isSeen } from '../../src/engine/hand/dealing.js';
import type { Operation, OperationOf } from '../../src/engine/hand/operations.js';
import { reduce, replay } from '../../src/engine/hand/reduce.js';
import { InvariantError } from '../../src/invariant-error.js';
import { HandDriver } from '../support/hand-driver.js';

/**
 * The hand's record of its operations (`reduce.ts`): what each fact writes into the state, and the guards
 * of a log that is no hand's. The rules' tests go through `apply`, which records and reads at once; these
 * pin what a replay of the log, or the state between two commands, holds (docs/mutation.md).
 */
const card = (text: string): Card => parseCard(text);

function invariant(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof InvariantError) return error.message;
    throw error;
  }
  throw new Error('no InvariantError');
}

describe('the hand’s record of its operations', () => {
  it('refuses a log that is no hand’s, naming what is wrong', () => {
    const hand = HandDriver.table([1000, 1000, 1000], { button: 1 });
    const started = hand.log[0] as OperationOf<'hand-started'>;
    const post = hand.log[1] as Operation;
    const players = (count: number): OperationOf<'hand-started'>['players'] => Array.from({ length: count }, (_, index) => ({ seat: index + 1, stack: 100 }));
    expect([
      invariant(() => replay([])),
      invariant(() => replay([post])),
      invariant(() => reduce(undefined, post)),
      invariant(() => replay([started, started])),
      invariant(() => replay([started, { type: 'shuffle' } as unknown as Operation])),
      invariant(() => replay([{ ...started, players: players(32) }])),
      invariant(() => replay([{ ...started, bigBlindSeat: 9 }])),
      invariant(() => replay([...hand.log, { type: 'next-actor', seat: 9 }])),
      invariant(() => replay([...hand.log, { type: 'award', potIndex: 5, seat: 1, amount: 10, words: { en: '', de: '' }, best: null } as unknown as Operation])),
    ]).toEqual([
      'a hand replays from its hand-started operation',
      'a hand replays from its hand-started operation',
      'post before hand-started',
      'hand-started in the middle of a hand',
      "'shuffle' is not an operation",
      'a hand of 32 players',
      'big blind seat 9 is not in the hand',
      'seat 9 is not in the hand',
      'award from pot 5, which does not exist',
    ]);
    // 31 players fit the record (the table seats at most 14).
    expect(replay([{ ...started, players: players(31) }]).players).toHaveLength(31);
  });

  it('a bet returned uncalled comes off the bet, and a player it was all of is no longer all-in', () => {
    // Button 3: seat 3 goes all-in for 1000, seat 1 folds, seat 2 calls all-in for 300: 700 go back to seat 3.
    const hand = HandDriver.table([1000, 300, 1000], { button: 3 }).dealHoleCards([]).actions('a f c');
    expect(hand.state.players[2]).toMatchObject({ stack: 700, bet: 0, committed: 300, status: 'active' });
    expect(hand.state.activeCount).toBe(1);
    const returned = hand.log.findIndex((operation) => operation.type === 'return-uncalled');
    expect(hand.log[returned]).toEqual({ type: 'return-uncalled', seat: 3, amount: 700 });
    // The state between the return and the collect: 300 in front of seat 3, as seat 2 called.
    expect(replay(hand.log.slice(0, returned + 1)).players[2]).toMatchObject({ stack: 700, bet: 300, committed: 300, status: 'active' });
  });

  it('an exposed card named, and a premature burn read, are in play; a premature burn unread marks no card', () => {
    // Button 1: after the burn, 2c to seat 2, 3c to seat 3, 4c to seat 1; then seat 2's second card, and so on.
    const exposed = HandDriver.table([500, 500, 500], { button: 1 }).deal('? 2c 3c 4c 5c 6c ?');
    exposed.do({ type: 'exposed', card: card('9d') });
    expect(isSeen(exposed.state, card('9d'))).toBe(true);
    expect(() => exposed.deal('9d')).toThrow('That card is already in play');
    const read = HandDriver.table([1000, 1000, 1000]).dealHoleCards([]).actions('c');
    read.do({ type: 'premature', card: card('Kc'), to: 'burn' });
    expect(isSeen(read.state, card('Kc'))).toBe(true);
    // 2c is card 0: an unread card taken for it would keep 2c out of the flop.
    const unread = HandDriver.table([1000, 1000, 1000]).dealHoleCards([]).actions('c');
    unread.do({ type: 'premature', card: null, to: 'burn' });
    expect(isSeen(unread.state, card('2c'))).toBe(false);
  });

  it('premature cards returned to the stub are out of play again, and only they: 8h (card 26, the second word of seen cards) and 5d', () => {
    const hand = HandDriver.table([500, 500, 500], { button: 1, config: { prematureCards: 'scramble' } })
      .dealHoleCards(['AhAd', 'KhKd', 'QhQd'])
      .actions('c c x')
      .deal('? 2c 7d 9h')
      .actions('x');
    for (const premature of ['8h', '5d']) hand.do({ type: 'premature', card: card(premature), to: 'board' });
    expect(hand.state.heldCards).toEqual([card('8h'), card('5d')]);
    hand.actions('x x');
    expect(hand.state.heldCards).toEqual([]);
    expect(['8h', '5d', '2c', '7d', 'Ah', 'Qd'].map((text) => isSeen(hand.state, card(text)))).toEqual([false, false, true, true, true, true]);
    hand.deal('8h');
    expect(hand.state.board).toEqual(['2c', '7d', '9h', '8h'].map(card));
  });

  it('a hand shown at the showdown puts its two cards in play, and no other', () => {
    const hand = HandDriver.table([1000, 1000, 1000], { button: 3 }).dealHoleCards([]).actions('c c x').deal('? 2c 7s 9d').actions('x x x').deal('? 3h').actions('x x x').deal('? 4s').actions('x x x');
    hand.do({ type: 'show', cards: [card('Ah'), card('Kd')] });
    expect(isSeen(hand.state, card('Kd'))).toBe(true);
    expect(isSeen(hand.state, card('8h'))).toBe(false);
    hand.do({ type: 'show', cards: [card('8h'), card('8d')] });
    expect(hand.state.players[1]?.showdown).toEqual([card('8h'), card('8d')]);
  });

  it('a command never changes the state it was applied to, at a table of eleven', () => {
    const hand = HandDriver.table(Array.from({ length: 11 }, () => 1000), { button: 1 }).dealHoleCards([]);
    const before = hand.state;
    const stacks = before.players.map((player) => player.stack);
    hand.actions('c b30');
    expect(before.players.map((player) => player.stack)).toEqual(stacks);
    expect(hand.state.players.map((player) => player.stack).slice(3, 5)).toEqual([990, 970]);
  });

  it('nobody is to act in a hand that is over', () => {
    const hand = HandDriver.table([1000, 1000, 1000], { button: 3 }).dealHoleCards([]).actions('f f');
    expect(hand.state.phase.kind).toBe('complete');
    expect(hand.actorSeat()).toBeNull();
  });
});
