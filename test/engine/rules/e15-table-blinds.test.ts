import { describe, expect, it } from 'vitest';
import { getLegalActions } from '../../../src/engine/hand/betting.js';
import { NO_LIMIT_5_10 } from '../../../src/engine/hand/config.js';
import { RuleViolation } from '../../../src/engine/rule-violation.js';
import { replay } from '../../../src/engine/hand/reduce.js';
import { exportPhh } from '../../../src/phh/export.js';
import { replayPhh } from '../../../src/phh/replay.js';
import { parseTomlTables } from '../../../src/phh/toml.js';
import { HandDriver } from '../../support/hand-driver.js';

const seats = (...list: [number, number][]) => list.map(([seat, stack]) => ({ seat, stack }));

/**
 * E15 — blinds the table places (TDA 32 and WSOP: dead button; Robert's Rules and WSOP Live Action 156:
 * blinds posted by new players and owed blinds, the big blind live and the small blind dead).
 */
describe('E15 blinds placed by the table: dead button, dead small blind, posted and owed blinds', () => {
  it('a dead button: the first card goes left of the empty button seat and the player before it acts last', () => {
    // Seat 2 held the button and left: the button stays on the empty seat (TDA 32).
    const hand = new HandDriver({ config: NO_LIMIT_5_10, players: seats([1, 500], [3, 500], [4, 500]), buttonSeat: 2, blinds: { smallBlindSeat: 3, bigBlindSeat: 4 } });
    expect(hand.state.players.map((player) => player.bet)).toEqual([0, 5, 10]);
    expect(hand.state.button).toBe(0);
    hand.deal('? 2c');
    expect(hand.state.players.find((player) => player.seat === 3)?.holeCards).toHaveLength(1);
    hand.deal('3c 4c 5c 6c 7c');
    expect(hand.actorSeat()).toBe(1);
    hand.actions('c c x').deal('? 8d 9d Td');
    expect(hand.actorSeat()).toBe(3);
    hand.actions('x x');
    expect(hand.actorSeat()).toBe(1);
  });

  it('a dead small blind: only the big blind is posted and everyone calls it', () => {
    const hand = new HandDriver({ config: NO_LIMIT_5_10, players: seats([1, 500], [3, 500], [4, 500]), buttonSeat: 1, blinds: { smallBlindSeat: null, bigBlindSeat: 4 } });
    expect(hand.state.players.map((player) => player.bet)).toEqual([0, 0, 10]);
    hand.dealHoleCards([]);
    expect(getLegalActions(hand.state)).toMatchObject({ seat: 1, call: 10 });
    hand.actions('c c');
    expect(getLegalActions(hand.state)).toMatchObject({ seat: 4, check: true });
  });

  it('a returning player posts both owed blinds: the big blind live (keeping the option), the small blind dead into the pot', () => {
    const hand = new HandDriver({
      config: NO_LIMIT_5_10,
      players: seats([1, 500], [2, 500], [3, 500], [5, 500]),
      buttonSeat: 1,
      extraPosts: [{ seat: 5, live: 10, dead: 5 }],
    });
    expect(hand.log.filter((operation) => operation.type === 'post')).toEqual([
      { type: 'post', seat: 5, kind: 'dead-blind', amount: 5 },
      { type: 'post', seat: 2, kind: 'small-blind', amount: 5 },
      { type: 'post', seat: 3, kind: 'big-blind', amount: 10 },
      { type: 'post', seat: 5, kind: 'posted-blind', amount: 10 },
    ]);
    expect(hand.state.pots).toEqual([{ amount: 5, eligible: [1, 2, 3, 5] }]);
    hand.dealHoleCards([]);
    // Seat 5 acts first (left of the big blind) with nothing to call, and may raise: the posted blind is live.
    expect(getLegalActions(hand.state)).toMatchObject({ seat: 5, check: true, call: null, betOrRaise: { min: 20 } });
    hand.actions('x c c x');
    expect(hand.state.pots).toEqual([{ amount: 45, eligible: [1, 2, 3, 5] }]);
  });

  it('a returning player short of both owed blinds posts the live one first: a stake in the pot, never dealt in for nothing (D43)', () => {
    const players = seats([1, 500], [2, 500], [3, 500], [5, 12]);
    const hand = new HandDriver({ config: NO_LIMIT_5_10, players, buttonSeat: 1, extraPosts: [{ seat: 5, live: 10, dead: 5 }] });
    expect(hand.log.filter((operation) => operation.type === 'post' && operation.seat === 5)).toEqual([
      { type: 'post', seat: 5, kind: 'dead-blind', amount: 2 },
      { type: 'post', seat: 5, kind: 'posted-blind', amount: 10 },
    ]);
    // With 5 chips: nothing dead, all five live — eligible for the main pot its chips are in.
    const tiny = new HandDriver({ config: NO_LIMIT_5_10, players: seats([1, 500], [2, 500], [3, 500], [5, 5]), buttonSeat: 1, extraPosts: [{ seat: 5, live: 10, dead: 5 }] });
    expect(tiny.log.filter((operation) => operation.type === 'post' && operation.seat === 5)).toEqual([{ type: 'post', seat: 5, kind: 'posted-blind', amount: 5 }]);
    tiny.dealHoleCards([]).actions('c c x');
    expect(tiny.state.pots[0]?.eligible).toContain(5);
  });

  it('a new player posting a big blind out of position has the option when the action comes back', () => {
    const hand = new HandDriver({ config: NO_LIMIT_5_10, players: seats([1, 500], [2, 500], [3, 500], [4, 500], [6, 500]), buttonSeat: 1, extraPosts: [{ seat: 6, live: 10, dead: 0 }] });
    hand.dealHoleCards([]).actions('c');
    expect(getLegalActions(hand.state)).toMatchObject({ seat: 6, check: true, betOrRaise: { kind: 'raise' } });
  });

  it.each([
    [{ blinds: { smallBlindSeat: 3, bigBlindSeat: 3 } }, 'must be two players of the hand'],
    [{ blinds: { smallBlindSeat: 2, bigBlindSeat: 9 } }, 'must be two players of the hand'],
    [{ extraPosts: [{ seat: 3, live: 10, dead: 0 }] }, 'Seat 3 cannot post an extra blind'],
    [{ extraPosts: [{ seat: 4, live: 20, dead: 0 }] }, 'Seat 4 posts 20 live, more than the big blind'],
    [{ extraPosts: [{ seat: 4, live: 10, dead: 2.5 }] }, "Seat 4's extra blind 2.5 is not a whole number of chip units"],
    [{ buttonSeat: 0, blinds: { smallBlindSeat: 2, bigBlindSeat: 3 } }, 'The button seat 0 is not a seat number'],
  ])('refuses %j: %s', (change, message) => {
    const start = { config: NO_LIMIT_5_10, players: seats([1, 500], [2, 500], [3, 500], [4, 500]), buttonSeat: 1, ...change };
    expect(() => new HandDriver(start)).toThrow(RuleViolation);
    expect(() => new HandDriver(start)).toThrow(message);
  });

  it('a hand with a dead button and owed blinds exports to PHH and replays to the same stacks', () => {
    const hand = new HandDriver({
      config: NO_LIMIT_5_10,
      players: seats([1, 500], [3, 400], [4, 300], [6, 200]),
      buttonSeat: 2,
      blinds: { smallBlindSeat: null, bigBlindSeat: 3 },
      extraPosts: [{ seat: 6, live: 10, dead: 5 }],
    });
    hand.dealHoleCards(['AhAd', 'KhKd', 'QhQd', 'JhJd']).actions('b40 c c c').deal('? 2c 7d 9s').actions('x x x x').deal('? 3h').actions('x x x x').deal('? 4s').actions('x x x x');
    while (hand.state.phase.kind === 'showdown') hand.do({ type: 'show' });
    expect(hand.state.phase.kind).toBe('complete');
    const text = exportPhh(hand.log);
    expect(text).toContain('_blinds = ');
    expect(text).toContain('_extra_posts = ');
    const [table] = parseTomlTables(text);
    const result = replayPhh(table as NonNullable<typeof table>);
    expect(result.error).toBeNull();
    expect(result.matchesRecorded).toBe(true);
    expect(replay(hand.log)).toEqual(hand.state);
  });

  it('a straddle over a posted blind (D43) exports to PHH and replays to the same stacks', () => {
    const hand = new HandDriver({ config: { ...NO_LIMIT_5_10, straddle: 20 }, players: seats([1, 500], [2, 400], [3, 300], [4, 200]), buttonSeat: 1, extraPosts: [{ seat: 4, live: 10, dead: 5 }] });
    hand.dealHoleCards(['AhAd', 'KhKd', 'QhQd', 'JhJd']).actions('c c c x').deal('? 2c 7d 9s').actions('x x x x').deal('? 3h').actions('x x x x').deal('? 4s').actions('x x x x');
    while (hand.state.phase.kind === 'showdown') hand.do({ type: 'show' });
    const [table] = parseTomlTables(exportPhh(hand.log));
    const result = replayPhh(table as NonNullable<typeof table>);
    expect(result.error).toBeNull();
    expect(result.matchesRecorded).toBe(true);
    expect(hand.stacks()).toEqual([565, 380, 280, 175]);
  });
});
