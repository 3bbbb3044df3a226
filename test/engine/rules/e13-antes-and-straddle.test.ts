import { describe, expect, it } from 'vitest';
import { getLegalActions } from '../../../src/engine/hand/betting.js';
import { NO_LIMIT_5_10 } from '../../../src/engine/hand/config.js';
import { describeOperation } from '../../../src/engine/hand/describe.js';
import type { Operation } from '../../../src/engine/hand/operations.js';
import { replay } from '../../../src/engine/hand/reduce.js';
import { HandDriver } from '../../support/hand-driver.js';

/** E13 — antes (per player and big-blind ante) are dead money in the pot before the blinds; a straddle left of the big blind is a live blind that acts last pre-flop. */
describe('E13 antes and straddle', () => {
  it('every player antes into the pot; antes are not bets', () => {
    const hand = HandDriver.table([1000, 1000, 3], { button: 1, config: { ante: 5 } });
    expect(hand.log.filter((operation) => operation.type === 'post' && operation.kind === 'ante').map((operation) => (operation.type === 'post' ? operation.amount : 0))).toEqual([5, 3, 5]);
    // Seat 3 is all-in on the ante: the main pot is capped at 3 each.
    expect(hand.state.pots).toEqual([
      { amount: 9, eligible: [1, 2, 3] },
      { amount: 4, eligible: [1, 2] },
    ]);
    expect(hand.state.players.map((player) => player.bet)).toEqual([0, 5, 0]);
  });

  it('the big blind posts the big-blind ante for the table; its blind comes first when it is short', () => {
    const full = HandDriver.table([1000, 1000, 1000], { button: 1, config: { bigBlindAnte: 10 } });
    expect(full.state.pots).toEqual([{ amount: 10, eligible: [1, 2, 3] }]);
    expect(full.state.players.map((player) => player.bet)).toEqual([0, 5, 10]);
    const short = HandDriver.table([1000, 1000, 15], { button: 1, config: { bigBlindAnte: 10 } });
    expect(short.state.players[2]).toMatchObject({ bet: 10, committed: 10, stack: 0, status: 'all-in' });
    // The big-blind ante is the table's dead money: it never caps a side pot.
    expect(short.state.pots).toEqual([{ amount: 5, eligible: [1, 2, 3] }]);
  });

  it('a straddle is posted left of the big blind, makes the call 20, and acts last pre-flop', () => {
    const hand = HandDriver.table([1000, 1000, 1000, 1000], { button: 1, config: { straddle: 20 } });
    expect(hand.state.players.map((player) => player.bet)).toEqual([0, 5, 10, 20]);
    hand.dealHoleCards([]);
    expect(getLegalActions(hand.state)).toMatchObject({ seat: 1, call: 20, betOrRaise: { min: 40 } });
    hand.actions('c c c');
    expect(hand.actorSeat()).toBe(4);
    expect(getLegalActions(hand.state)).toMatchObject({ check: true, betOrRaise: { min: 40 } });
  });

  it('a player who exactly covers the straddle posts it all-in', () => {
    const hand = HandDriver.table([1000, 1000, 1000, 20], { button: 1, config: { straddle: 20 } });
    expect(hand.state.players[3]).toMatchObject({ bet: 20, stack: 0, status: 'all-in' });
    hand.dealHoleCards([]);
    expect(getLegalActions(hand.state)).toMatchObject({ seat: 1, call: 20, betOrRaise: { min: 40 } });
  });

  it('a live blind owed and posted from the straddle seat counts toward the straddle: one straddle in front (D43)', () => {
    const hand = new HandDriver({
      config: { ...NO_LIMIT_5_10, straddle: 20 },
      players: [1, 2, 3, 4, 5].map((seat) => ({ seat, stack: 1000 })),
      buttonSeat: 1,
      extraPosts: [{ seat: 4, live: 10, dead: 5 }],
    });
    expect(hand.log.filter((operation) => operation.type === 'post' && operation.seat === 4)).toEqual([
      { type: 'post', seat: 4, kind: 'dead-blind', amount: 5 },
      { type: 'post', seat: 4, kind: 'posted-blind', amount: 10 },
      { type: 'post', seat: 4, kind: 'straddle', amount: 10 },
    ]);
    expect(hand.state.players[3]).toMatchObject({ bet: 20, stack: 975 });
    const straddle = hand.log.at(-1);
    expect(straddle?.type).toBe('post');
    expect(describeOperation(replay(hand.log.slice(0, -1)), straddle as Operation)).toEqual({ en: 'Seat 4 posts a straddle, 10 more: 20 in front', de: 'Platz 4 setzt einen Straddle, 10 dazu: 20 gesetzt' });
    hand.dealHoleCards([]);
    expect(getLegalActions(hand.state)).toMatchObject({ seat: 5, call: 20, betOrRaise: { min: 40 } });
  });

  it('a hand without antes or dead money starts with the blinds alone: no collect of nothing', () => {
    const hand = HandDriver.table([1000, 1000, 1000], { button: 1 });
    expect(hand.log.map((operation) => (operation.type === 'post' ? operation.kind : operation.type))).toEqual(['hand-started', 'small-blind', 'big-blind']);
  });

  it('a big blind whose ante took every chip posts no blind, and is all-in for the ante', () => {
    const hand = HandDriver.table([1000, 1000, 5], { button: 1, config: { ante: 5 } });
    expect(hand.log.map((operation) => (operation.type === 'post' ? `${operation.kind} ${operation.seat} ${operation.amount}` : operation.type))).toEqual([
      'hand-started',
      'ante 2 5',
      'ante 3 5',
      'ante 1 5',
      'collect',
      'small-blind 2 5',
    ]);
    expect(hand.state.players[2]).toMatchObject({ stack: 0, bet: 0, status: 'all-in' });
  });

  it('no straddle heads-up, nor from a player who cannot cover it', () => {
    const headsUp = HandDriver.table([1000, 1000], { button: 1, config: { straddle: 20 } });
    expect(headsUp.state.players.map((player) => player.bet)).toEqual([5, 10]);
    const short = HandDriver.table([1000, 1000, 1000, 15], { button: 1, config: { straddle: 20 } });
    expect(short.state.players.map((player) => player.bet)).toEqual([0, 5, 10, 0]);
    expect(short.log.some((operation) => operation.type === 'post' && operation.kind === 'straddle')).toBe(false);
  });

  it('a player whose dead blind takes every chip is all-in, and is passed over pre-flop', () => {
    const hand = new HandDriver({
      config: NO_LIMIT_5_10,
      players: [1, 2, 3, 4].map((seat) => ({ seat, stack: seat === 4 ? 20 : 1000 })),
      buttonSeat: 1,
      extraPosts: [{ seat: 4, live: 0, dead: 20 }],
    });
    expect(hand.state.players[3]).toMatchObject({ stack: 0, bet: 0, status: 'all-in' });
    expect(hand.state.activeCount).toBe(3);
    hand.dealHoleCards([]);
    expect(hand.actorSeat()).toBe(1);
  });
});
