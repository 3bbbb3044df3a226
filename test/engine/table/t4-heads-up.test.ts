import { describe, expect, it } from 'vitest';
import type { TableLogEntry } from '../../../src/engine/table/table-operations.js';
import { TableDriver } from '../../support/table-driver.js';

/** The blinds and posts of the hand just started, from its `hand-started` on. */
function posts(table: TableDriver): Extract<TableLogEntry, { type: 'post' }>[] {
  const started = table.log.findLastIndex((entry) => entry.type === 'hand-started');
  return table.log.slice(started).filter((entry) => entry.type === 'post');
}

/** T4 — heads-up (seed 000; TDA 34): the button posts the small blind; going from three players to two, nobody posts the big blind twice in a row. */
describe('T4 heads-up and the change from three players to two (TDA 34)', () => {
  it('heads-up from the start: the button posts the small blind', () => {
    const table = new TableDriver().sit(2, 'A').sit(5, 'B').draw('2:Ks 5:Qs').playHand();
    expect(table.positions()).toMatchObject({ button: 2, small: 2, big: 5 });
    table.playHand();
    expect(table.positions()).toMatchObject({ button: 5, small: 5, big: 2 });
  });

  it.each([
    [1, 'the button leaves'],
    [2, 'the small blind leaves'],
    [3, 'the big blind leaves'],
  ])('three to two when seat %i leaves (%s): the big blind moves on, nobody posts it twice in a row', (leaving) => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:As 2:2c 3:3c').playHand();
    expect(table.positions()).toMatchObject({ button: 1, small: 2, big: 3 });
    table.do({ type: 'leave', seat: leaving, at: 0 }).playHand();
    const { button, small, big } = table.positions();
    expect(big).not.toBe(3);
    expect(small).toBe(button);
    table.playHand();
    expect(table.positions().big).not.toBe(big);
  });
});

describe('T4 heads-up with a player entering (T6)', () => {
  it('moving button, three to two when the button leaves: the button stays back, so the last big blind does not post it again', () => {
    const table = new TableDriver({ button: 'moving' }).sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:As 2:2c 3:3c').playHand();
    expect(table.positions()).toMatchObject({ button: 1, small: 2, big: 3 });
    table.do({ type: 'leave', seat: 1, at: 0 }).playHand();
    // The button would move on to seat 2 and the big blind to seat 3 again: seat 3 takes the button
    // (and the small blind), seat 2 the big blind.
    expect(table.positions()).toEqual({ button: 3, small: 3, big: 2, dealtIn: [2, 3] });
  });

  it('a newcomer who posts to come in, heads-up against the big blind due: the newcomer takes the big blind, and pays nothing more', () => {
    // Button 1, small blind 2, big blind 3, seat 4 in the hand too. Then seats 1–3 leave; a newcomer sits at 6 and posts.
    const table = new TableDriver({ seatCount: 6, maxPlayers: 6 }).sit(1, 'A').sit(2, 'B').sit(3, 'C').sit(4, 'D').draw('1:As 2:2c 3:3c 4:4c').playHand();
    for (const seat of [1, 2, 3]) table.do({ type: 'leave', seat, at: 0 });
    table.sit(6, 'E').do({ type: 'post', seat: 6 }).start();
    // The big blind would go to seat 4, the dead button stays on seat 2; seat 6 is outside the button's
    // gap and is dealt in. Heads-up nobody could pay the newcomer's big blind for them: seat 6 posts the
    // big blind (10, once), seat 4 has the button and posts the small blind.
    expect(table.positions()).toEqual({ button: 4, small: 4, big: 6, dealtIn: [4, 6] });
    expect(posts(table)).toEqual([
      { type: 'post', seat: 4, kind: 'small-blind', amount: 5 },
      { type: 'post', seat: 6, kind: 'big-blind', amount: 10 },
    ]);
  });

  it('a player back who owes only the small blind, heads-up against the big blind due: the button and small blind, and no dead blind besides', () => {
    // Button 3, small blind 4, big blind 1; seat 1 sits out, so its seat is the next dead small blind.
    const table = new TableDriver({ seatCount: 4, maxPlayers: 4 }).sit(1, 'A').sit(2, 'B').sit(3, 'C').sit(4, 'D').draw('1:2c 2:3c 3:As 4:4c').playHand();
    table.do({ type: 'sit-out', seat: 1 }).playHand(); // button 4, no small blind, big blind 2
    table.do({ type: 'come-back', seat: 1 }).do({ type: 'post', seat: 1 }).playHand(); // button 1 (seat 1 waits), big blind 3
    expect(table.player(1)).toMatchObject({ status: 'waiting', posting: true, owes: { small: true, big: false } });
    table.do({ type: 'leave', seat: 2, at: 0 }).do({ type: 'leave', seat: 3, at: 0 }).start();
    // The big blind goes to seat 4; the dead button on the empty seat 2; seat 1 is dealt in by posting.
    // Heads-up seat 1 is the button and posts the small blind: its owed small blind is that blind.
    expect(table.positions()).toEqual({ button: 1, small: 1, big: 4, dealtIn: [1, 4] });
    expect(posts(table)).toEqual([
      { type: 'post', seat: 1, kind: 'small-blind', amount: 5 },
      { type: 'post', seat: 4, kind: 'big-blind', amount: 10 },
    ]);
  });
});
