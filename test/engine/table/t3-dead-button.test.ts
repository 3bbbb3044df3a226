import { describe, expect, it } from 'vitest';
import { expectedCard } from '../../../src/engine/hand/dealing.js';
import { TableDriver } from '../../support/table-driver.js';

function sixHanded(): TableDriver {
  return new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').sit(4, 'D').sit(5, 'E').sit(6, 'F').draw('1:As 2:2c 3:3c 4:4c 5:5c 6:6c');
}

/** T3 — dead button (TDA 32, WSOP, Robert's Rules 2b): the big blind moves one player each hand; the small blind and the button follow. */
describe('T3 dead button (TDA 32)', () => {
  it('moves the button, small and big blind one seat each hand', () => {
    const table = sixHanded().playHand();
    expect(table.positions()).toMatchObject({ button: 1, small: 2, big: 3 });
    table.playHand();
    expect(table.positions()).toMatchObject({ button: 2, small: 3, big: 4 });
  });

  it('when the last big blind leaves, there is no small blind this hand, and the button moves normally', () => {
    const table = sixHanded().playHand(); // button 1, small 2, big 3
    table.do({ type: 'leave', seat: 3, at: 0 });
    table.playHand();
    expect(table.positions()).toEqual({ button: 2, small: null, big: 4, dealtIn: [1, 2, 4, 5, 6] });
    table.playHand();
    // The button stays on the empty seat 3's side: it goes where the (dead) small blind was.
    expect(table.positions()).toMatchObject({ button: 3, small: 4, big: 5 });
  });

  it('when the last small blind leaves, the button is dead on the empty seat: the same player acts last twice', () => {
    const table = sixHanded().playHand(); // button 1, small 2, big 3
    table.do({ type: 'leave', seat: 2, at: 0 });
    table.playHand();
    expect(table.positions()).toEqual({ button: 2, small: 3, big: 4, dealtIn: [1, 3, 4, 5, 6] });
    expect(table.state.hand?.button).toBe(0); // seat 1 acts last again
  });

  it('nobody escapes the big blind: over an orbit each player posts it exactly once', () => {
    const table = sixHanded();
    const bigBlinds: number[] = [];
    for (let hand = 0; hand < 12; hand++) {
      table.playHand();
      bigBlinds.push(table.positions().big);
    }
    expect(bigBlinds).toEqual([3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 1, 2]);
  });
});

describe('T3 dead button: a table that empties and fills again', () => {
  it('the big blind goes on from the last one, and the button is the seat just before the small blind', () => {
    // Six seats; seats 1, 2, 5 play: button 1, small blind 2, big blind 5.
    const table = new TableDriver({ seatCount: 6, maxPlayers: 6 }).sit(1, 'A').sit(2, 'B').sit(5, 'C').draw('1:As 2:2c 5:3c').playHand();
    expect(table.positions()).toMatchObject({ button: 1, small: 2, big: 5 });
    for (const seat of [1, 2, 5]) table.do({ type: 'leave', seat, at: 0 });
    table.sit(3, 'D').sit(4, 'E').sit(5, 'F').playHand();
    // A new game. The big blind moves on from seat 5 past the empty seats 6, 1, 2 to seat 3; the small
    // blind is where the last big blind was (seat 5); the last small blind's seat 2 would put the button
    // on the far side of the blinds, so the button is the seat just before the small blind: seat 4.
    expect(table.positions()).toEqual({ button: 4, small: 5, big: 3, dealtIn: [3, 4, 5] });
  });
});

/** The seat the first hole card goes to (after the burn): the first player left of the button, a dead one too. */
function firstCardSeat(table: TableDriver): number | null {
  if (table.state.hand !== null && expectedCard(table.state.hand) === 'burn') table.do({ type: 'deal', card: null });
  const target = table.state.hand === null ? null : expectedCard(table.state.hand);
  return target !== null && typeof target === 'object' ? target.seat : null;
}

describe('T3 a dead button deals the first card to the first player after it', () => {
  it('with several players before the dead button: the first card goes past the nearest of them', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').sit(4, 'D').sit(6, 'F').draw('1:2c 2:3c 3:As 4:4c 6:5c').playHand();
    expect(table.positions()).toMatchObject({ button: 3, small: 4, big: 6 });
    table.do({ type: 'leave', seat: 4, at: 0 }).start();
    expect(table.positions()).toEqual({ button: 4, small: 6, big: 1, dealtIn: [1, 2, 3, 6] });
    // Seat 3 is the player before the dead button: seat 6, the small blind, gets the first card.
    expect(firstCardSeat(table)).toBe(6);
  });

  it('with nobody at a lower seat than the dead button: the player at the highest seat is before it, round the table', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').sit(5, 'E').draw('1:2c 2:3c 3:4c 5:As').playHand();
    expect(table.positions()).toMatchObject({ button: 5, small: 1, big: 2 });
    table.do({ type: 'leave', seat: 1, at: 0 }).start();
    expect(table.positions()).toEqual({ button: 1, small: 2, big: 3, dealtIn: [2, 3, 5] });
    expect(firstCardSeat(table)).toBe(2);
  });
});
