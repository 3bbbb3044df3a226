import { describe, expect, it } from 'vitest';
import { RuleViolation } from '../../../src/engine/rule-violation.js';
import type { TableLogEntry } from '../../../src/engine/table/table-operations.js';
import { NO_LIMIT_5_10 } from '../../../src/engine/hand/config.js';
import { TableDriver } from '../../support/table-driver.js';

/** The table's plan for the hand just started: who was dealt in, who posts besides the blinds. */
function planned(table: TableDriver): Extract<TableLogEntry, { type: 'hand-positions' }> {
  const entry = [...table.log].reverse().find((candidate) => candidate.type === 'hand-positions');
  if (entry?.type !== 'hand-positions') throw new Error('no hand yet');
  return entry;
}

/** What the hand just started has in its log so far (from its `hand-started`). */
function thisHand(table: TableDriver): TableLogEntry[] {
  const started = table.log.findLastIndex((entry) => entry.type === 'hand-started');
  return table.log.slice(started);
}

function fourHanded(): TableDriver {
  return new TableDriver({ seatCount: 8, maxPlayers: 8 }).sit(1, 'A').sit(3, 'B').sit(5, 'C').sit(7, 'D').draw('1:As 3:2c 5:3c 7:4c').playHand();
}

/**
 * T6 — new players and missed blinds (Robert's Rules; WSOP Live Action 156): a new player waits for the
 * big blind or posts one, never from between the button and the big blind; a player who was away when
 * the blinds passed owes them: the big blind live and the small blind dead, or waits for the big blind.
 */
describe('T6 new players and missed blinds (Robert\'s Rules, WSOP Live Action 156)', () => {
  it('a new player waits and is dealt in when the big blind reaches them', () => {
    const table = fourHanded(); // button 1, small 3, big 5
    table.sit(6, 'E');
    expect(table.player(6)).toMatchObject({ status: 'waiting', owes: { small: false, big: true } });
    table.playHand();
    expect(table.positions()).toMatchObject({ big: 6, dealtIn: [1, 3, 5, 6, 7] });
    expect(table.player(6)).toMatchObject({ status: 'playing', owes: { small: false, big: false } });
  });

  it('a new player who posts is dealt in at once with a live big blind', () => {
    const table = fourHanded(); // button 1, small 3, big 5; next hand: button 3, small 5, big 7
    table.sit(8, 'E').do({ type: 'post', seat: 8 }).start();
    expect(table.positions().dealtIn).toContain(8);
    expect(table.log).toContainEqual({ type: 'post', seat: 8, kind: 'posted-blind', amount: 10 });
  });

  it('a new player may not post from between the button and the big blind: they wait for the button to pass', () => {
    const table = fourHanded(); // next hand: button 3, small 5, big 7
    table.sit(4, 'E').do({ type: 'post', seat: 4 }).start();
    expect(table.positions()).toMatchObject({ button: 3, big: 7 });
    expect(table.positions().dealtIn).not.toContain(4);
    expect(table.player(4)).toMatchObject({ status: 'waiting', posting: true });
  });

  it('where the house requires it (limit games), a new player posts at once instead of waiting', () => {
    const table = new TableDriver({ seatCount: 8, maxPlayers: 8, newPlayers: 'post' }).sit(1, 'A').sit(3, 'B').sit(5, 'C').sit(7, 'D').draw('1:As 3:2c 5:3c 7:4c').playHand();
    table.sit(8, 'E');
    expect(table.player(8)).toMatchObject({ status: 'waiting', posting: true });
    table.start();
    expect(table.positions().dealtIn).toContain(8);
    expect(table.log).toContainEqual({ type: 'post', seat: 8, kind: 'posted-blind', amount: 10 });
  });

  it('a player away when the big blind passes owes both; posting them puts the big blind live and the small blind dead', () => {
    const table = fourHanded(); // button 1, small 3, big 5
    table.do({ type: 'sit-out', seat: 7 }).playHand(); // the big blind passes seat 7 to seat 1
    expect(table.positions()).toMatchObject({ big: 1, dealtIn: [1, 3, 5] });
    expect(table.player(7).owes).toEqual({ small: true, big: true });
    table.do({ type: 'come-back', seat: 7 });
    expect(table.player(7).status).toBe('waiting');
    // Next hand seat 7 sits between the button (5) and the big blind (3): it waits; the hand after, it posts.
    table.do({ type: 'post', seat: 7 }).playHand();
    expect(table.positions()).toMatchObject({ button: 5, small: 1, big: 3 });
    expect(table.positions().dealtIn).not.toContain(7);
    table.start();
    expect(table.positions()).toMatchObject({ button: 1, small: 3, big: 5, dealtIn: [1, 3, 5, 7] });
    expect(table.log.filter((entry) => entry.type === 'post' && entry.seat === 7)).toEqual([
      { type: 'post', seat: 7, kind: 'dead-blind', amount: 5 },
      { type: 'post', seat: 7, kind: 'posted-blind', amount: 10 },
    ]);
    expect(table.player(7).owes).toEqual({ small: false, big: false });
  });

  it('a player who sits out right after the big blind misses only the small blind', () => {
    const table = fourHanded(); // big blind seat 5
    table.do({ type: 'sit-out', seat: 5 }).playHand();
    expect(table.positions()).toMatchObject({ small: null, big: 7 });
    expect(table.player(5).owes).toEqual({ small: true, big: false });
  });

  it('a player who owes may instead wait for the big blind and then owes nothing more', () => {
    const table = fourHanded();
    table.do({ type: 'sit-out', seat: 7 }).playHand().do({ type: 'come-back', seat: 7 });
    for (let hand = 0; hand < 3 && !table.positions().dealtIn.includes(7); hand++) table.playHand();
    expect(table.positions()).toMatchObject({ big: 7 });
    expect(table.player(7)).toMatchObject({ status: 'playing', owes: { small: false, big: false } });
  });
});

describe('T6 players without chips between hands, and tables that empty', () => {
  it('a player brought to no chips by time or a correction is away: the blinds that pass are owed', () => {
    const table = new TableDriver({ seatCount: 8, maxPlayers: 8 }).sit(1, 'A').sit(3, 'B').sit(5, 'C').sit(7, 'D').draw('1:As 3:2c 5:3c 7:4c').playHand();
    table.do({ type: 'adjust-stack', seat: 7, amount: -table.player(7).stack, reason: 'chips paid out by mistake', by: 'Floor' });
    expect(table.player(7).status).toBe('sitting-out');
    table.playHand(); // the big blind passes seat 7
    expect(table.player(7).owes).toEqual({ small: true, big: true });
    table.do({ type: 'top-up', seat: 7, amount: 500 }).do({ type: 'come-back', seat: 7 });
    expect(table.player(7).status).toBe('waiting');
  });

  it('moving button: a player away when the small blind passes owes it', () => {
    const table = new TableDriver({ button: 'moving' }).sit(1, 'A').sit(2, 'B').sit(3, 'C').sit(4, 'D').sit(5, 'E').draw('1:As 2:2c 3:3c 4:4c 5:5c').playHand();
    expect(table.positions()).toMatchObject({ button: 1, small: 2, big: 3 });
    table.do({ type: 'sit-out', seat: 3 }).playHand();
    expect(table.positions()).toMatchObject({ button: 2, small: 4 });
    expect(table.player(3).owes.small).toBe(true);
  });

  it('a table that empties and fills again starts a new game: nobody owes for it', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:As 2:2c 3:3c').playHand();
    for (const seat of [1, 2, 3]) table.do({ type: 'leave', seat, at: 0 });
    table.sit(5, 'D').sit(7, 'E');
    expect(table.player(5).status).toBe('waiting');
    table.playHand();
    expect(table.positions().dealtIn).toEqual([5, 7]);
  });

  it('a new player on the dead button seat itself waits for the button to pass', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').sit(4, 'D').sit(5, 'F').draw('1:As 2:2c 3:3c 4:4c 5:5c').playHand(); // button 1, small 2, big 3
    table.do({ type: 'leave', seat: 2, at: 0 }).playHand();
    expect(table.positions()).toMatchObject({ button: 2, small: 3, big: 4 }); // a dead button on seat 2
    table.do({ type: 'leave', seat: 3, at: 0 });
    table.sit(3, 'E').do({ type: 'post', seat: 3 }).playHand();
    // The button goes to seat 3, where the new player sits: not dealt in from the button.
    expect(table.positions()).toMatchObject({ button: 3, small: 4, big: 5, dealtIn: [1, 4, 5] });
  });
  // The dead button stood still here for good (D46); the moving button gave the newcomer the big blind already and is kept as a guard.
  it.each(['dead', 'moving'] as const)('down to one player, a newcomer between the button and the big blind takes the big blind heads-up (%s button): the table goes on', (button) => {
    const table = new TableDriver({ button, seatCount: 4, maxPlayers: 4 }).sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:As 2:Ks 3:Qs').playHand(); // button 1, small 2, big 3
    table.do({ type: 'leave', seat: 2, at: table.now }).do({ type: 'leave', seat: 3, at: table.now });
    table.sit(2, 'D');
    expect(table.player(2)).toMatchObject({ status: 'waiting' });
    table.start();
    expect(table.positions()).toEqual({ button: 1, small: 1, big: 2, dealtIn: [1, 2] });
    expect(table.player(2)).toMatchObject({ status: 'playing', owes: { small: false, big: false } });
  });

  it.each(['dead', 'moving'] as const)('a player sitting out at the first hand owes the blinds its big blind passed them by (%s button)', (button) => {
    const table = new TableDriver({ button }).sit(1, 'A').sit(2, 'B').sit(3, 'C').sit(4, 'D').sit(5, 'E').draw('1:As 2:Ks 3:Qs 4:Js 5:Ts');
    table.do({ type: 'sit-out', seat: 3 }).playHand();
    expect(table.positions()).toMatchObject({ button: 1, small: 2, big: 4 });
    expect(table.log).toContainEqual({ type: 'blinds-missed', seat: 3, small: true, big: true });
    table.do({ type: 'come-back', seat: 3 });
    expect(table.player(3)).toMatchObject({ status: 'waiting', owes: { small: true, big: true } });
    table.playHand();
    // Nobody posts the big blind twice in a row, and seat 3 is not dealt in for the small blind alone.
    expect(table.positions()).toMatchObject({ small: 4, big: 5, dealtIn: [1, 2, 4, 5] });
  });
});

describe('T6 the newcomer who takes the big blind, and the blinds owed on the way (D46)', () => {
  it('at the first hand, one player left playing and a newcomer: the newcomer takes the big blind, and the player away owes both blinds', () => {
    // Seats 1 and 2 drew (seat 1 the button); seat 3 sat down after the draw and waits; seat 2 sits out.
    const table = new TableDriver({ seatCount: 4, maxPlayers: 4 }).sit(1, 'A').sit(2, 'B').draw('1:As 2:Ks').sit(3, 'C').do({ type: 'sit-out', seat: 2 });
    table.start();
    // Nobody but seat 1 plays: the blinds would go round to seat 1 itself. The newcomer takes the big
    // blind heads-up; the big blind passed seat 2 on its way from the button.
    expect(table.positions()).toEqual({ button: 1, small: 1, big: 3, dealtIn: [1, 3] });
    expect(table.log).toContainEqual({ type: 'blinds-missed', seat: 2, small: true, big: true });
  });

  it('the newcomer who takes the big blind is the first one waiting after it: empty seats and players away are passed, and the seats stay in table order', () => {
    // Six seats. Seats 2, 4, 6 play; seat 6 sits out; seats 2 and 4 play heads-up until seat 4 has the button.
    const table = new TableDriver({ seatCount: 6, maxPlayers: 6 }).sit(2, 'B').sit(4, 'D').sit(6, 'F').draw('2:As 4:Ks 6:Qs').playHand();
    table.do({ type: 'sit-out', seat: 6 }).playHand().playHand().playHand();
    expect(table.positions()).toEqual({ button: 4, small: 4, big: 2, dealtIn: [2, 4] });
    // The big blind leaves; a newcomer sits at seat 1 and posts.
    table.do({ type: 'leave', seat: 2, at: 0 }).sit(1, 'G').do({ type: 'post', seat: 1 }).start();
    // The big blind moves on to seat 4; the small blind's position is the empty seat 2, so the dead
    // button is seat 1, the newcomer's: no hand from there. Seat 4 alone could play: the first newcomer
    // waiting after the big blind takes it — past the empty seat 5 and seat 6, away — and seat 4 has the
    // button and the small blind. Seat 6 owes both blinds (it did already).
    expect(table.positions()).toEqual({ button: 4, small: 4, big: 1, dealtIn: [1, 4] });
    expect(planned(table).extraPosts).toEqual([]);
    expect(table.player(6)).toMatchObject({ status: 'sitting-out', owes: { small: true, big: true } });
  });

  it('one player left and nobody waiting: no hand, and the refusal says so', () => {
    const table = new TableDriver({ seatCount: 4, maxPlayers: 4 }).sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:As 2:Ks 3:Qs').playHand();
    table.do({ type: 'sit-out', seat: 2 }).do({ type: 'leave', seat: 3, at: 0 });
    expect(() => table.start()).toThrow(RuleViolation);
    expect(() => table.start()).toThrow('At least two players must be able to play');
  });

  it('everyone sitting out: no hand', () => {
    const table = new TableDriver({ seatCount: 4, maxPlayers: 4 }).sit(1, 'A').sit(2, 'B').draw('1:As 2:Ks').playHand();
    table.do({ type: 'sit-out', seat: 1 }).do({ type: 'sit-out', seat: 2 });
    expect(() => table.start()).toThrow('At least two players must be able to play');
  });

  it('a player who owes only the small blind posts it dead, and no live blind, once the button has passed their seat', () => {
    // Button 3, small blind 4, big blind 1; seat 1 sits out after its big blind.
    const table = new TableDriver({ seatCount: 4, maxPlayers: 4 }).sit(1, 'A').sit(2, 'B').sit(3, 'C').sit(4, 'D').draw('1:2c 2:3c 3:As 4:4c').playHand();
    expect(table.positions()).toMatchObject({ button: 3, small: 4, big: 1 });
    table.do({ type: 'sit-out', seat: 1 }).playHand();
    // The dead small blind is seat 1's position: it owes the small blind, not the big one.
    expect(table.positions()).toMatchObject({ button: 4, small: null, big: 2 });
    expect(table.player(1).owes).toEqual({ small: true, big: false });
    table.do({ type: 'come-back', seat: 1 }).do({ type: 'post', seat: 1 }).playHand();
    // The dead button is seat 1's own seat: it waits a hand.
    expect(table.positions()).toEqual({ button: 1, small: 2, big: 3, dealtIn: [2, 3, 4] });
    table.start();
    expect(table.positions()).toEqual({ button: 2, small: 3, big: 4, dealtIn: [1, 2, 3, 4] });
    expect(planned(table).extraPosts).toEqual([{ seat: 1, live: 0, dead: 5 }]);
    expect(thisHand(table).filter((entry) => entry.type === 'post' && entry.seat === 1)).toEqual([{ type: 'post', seat: 1, kind: 'dead-blind', amount: 5 }]);
    expect(table.player(1)).toMatchObject({ status: 'playing', owes: { small: false, big: false } });
  });

  it('at a table without a small blind (0), a player who owes only the small blind posts nothing to come back: no post is planned', () => {
    // As above, with blinds of 0 and 10: button 3, small blind 4 (posts nothing), big blind 1; seat 1 sits out.
    const table = new TableDriver({ seatCount: 4, maxPlayers: 4, hand: { ...NO_LIMIT_5_10, smallBlind: 0 } }).sit(1, 'A').sit(2, 'B').sit(3, 'C').sit(4, 'D').draw('1:2c 2:3c 3:As 4:4c').playHand();
    table.do({ type: 'sit-out', seat: 1 }).playHand(); // button 4, the small blind dead on seat 1, big blind 2
    expect(table.player(1).owes).toEqual({ small: true, big: false });
    table.do({ type: 'come-back', seat: 1 }).do({ type: 'post', seat: 1 }).playHand(); // button 1 (seat 1 waits), big blind 3
    table.start();
    // Seat 1 is dealt in, as above; its dead small blind is 0 chips: nothing to post, so no post planned
    // (not a post of 0 and 0) and no post in the hand but the blinds'.
    expect(table.positions()).toEqual({ button: 2, small: 3, big: 4, dealtIn: [1, 2, 3, 4] });
    expect(planned(table).extraPosts).toEqual([]);
    expect(thisHand(table).filter((entry) => entry.type === 'post' && entry.seat === 1)).toEqual([]);
    expect(table.player(1)).toMatchObject({ status: 'playing', owes: { small: false, big: false } });
  });

  it('at the first hand, one player left playing and two newcomers posting outside the gap: the player posts the big blind, the small blind is dead (T3); the next hand the dead button is behind the small blind', () => {
    // Seats 1 and 5 drew, seat 5 the button; seats 2 and 3 sat down after the draw and post; seat 5 sits out.
    const table = new TableDriver({ seatCount: 6, maxPlayers: 6 }).sit(1, 'A').sit(5, 'B').draw('1:2c 5:As');
    table.sit(2, 'C').do({ type: 'post', seat: 2 }).sit(3, 'D').do({ type: 'post', seat: 3 }).do({ type: 'sit-out', seat: 5 }).start();
    // The button stays on seat 5, away. Seat 1 alone plays: the small blind's position and the big
    // blind are both seat 1, which posts the big blind only; the small blind is dead. Seats 2 and 3 are
    // past the big blind (the gap is seats 5 and 6): each posts its live big blind of 10.
    expect(table.positions()).toEqual({ button: 5, small: null, big: 1, dealtIn: [1, 2, 3] });
    expect(thisHand(table).filter((entry) => entry.type === 'post')).toEqual([
      { type: 'post', seat: 1, kind: 'big-blind', amount: 10 },
      { type: 'post', seat: 2, kind: 'posted-blind', amount: 10 },
      { type: 'post', seat: 3, kind: 'posted-blind', amount: 10 },
    ]);
    table.foldAround().start();
    // The big blind moves on to seat 2; the small blind is where the last big blind was (seat 1), the
    // button the seat before it: 6, empty, so dead (seat 5 sits out past it). Not seat 1: it was the small blind's position and the
    // big blind at once, and a button on the small blind would give seat 1 the button with 3 players.
    expect(table.positions()).toEqual({ button: 6, small: 1, big: 2, dealtIn: [1, 2, 3] });
  });
});
