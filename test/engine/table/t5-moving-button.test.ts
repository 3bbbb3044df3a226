import { describe, expect, it } from 'vitest';
import { TableDriver } from '../../support/table-driver.js';

function fiveHanded(button: 'dead' | 'moving'): TableDriver {
  return new TableDriver({ button }).sit(1, 'A').sit(2, 'B').sit(3, 'C').sit(4, 'D').sit(5, 'E').draw('1:As 2:2c 3:3c 4:4c 5:5c').playHand();
}

/** T5 — moving button (Robert's Rules 2a): the button always moves to the next player and the blinds follow. */
describe("T5 moving button (Robert's Rules 2a), against the dead button", () => {
  it('when the small blind leaves, the moving button goes to the next player; the dead button stays behind on the empty seat', () => {
    const moving = fiveHanded('moving');
    expect(moving.positions()).toMatchObject({ button: 1, small: 2, big: 3 });
    moving.do({ type: 'leave', seat: 2, at: 0 }).playHand();
    expect(moving.positions()).toMatchObject({ button: 3, small: 4, big: 5 });

    const dead = fiveHanded('dead');
    dead.do({ type: 'leave', seat: 2, at: 0 }).playHand();
    expect(dead.positions()).toMatchObject({ button: 2, small: 3, big: 4 });
  });

  it('heads-up the moved button posts the small blind, and a player away when the big blind passes owes both blinds', () => {
    const table = new TableDriver({ button: 'moving' }).sit(1, 'A').sit(2, 'B').sit(3, 'C').sit(4, 'D').draw('1:As 2:2c 3:3c 4:4c').playHand();
    expect(table.positions()).toMatchObject({ button: 1, small: 2, big: 3 });
    table.do({ type: 'leave', seat: 2, at: 0 }).do({ type: 'sit-out', seat: 4 }).playHand();
    expect(table.positions()).toEqual({ button: 3, small: 3, big: 1, dealtIn: [1, 3] });
    expect(table.player(4).owes).toEqual({ small: true, big: true });
  });
});

describe('T5 moving button: the blinds owed are the ones that moved past a player', () => {
  it('heads-up the small blind can stay where it was: a player who sat out after their big blind owes nothing for it', () => {
    // Seats 1 and 2 play heads-up, seat 3 sits out from the start (and owes both blinds after hand 2).
    const table = new TableDriver({ button: 'moving', seatCount: 4, maxPlayers: 4 }).sit(1, 'A').sit(2, 'B').sit(3, 'C').do({ type: 'sit-out', seat: 3 }).draw('1:As 2:Ks');
    table.playHand().playHand().playHand();
    expect(table.positions()).toEqual({ button: 1, small: 1, big: 2, dealtIn: [1, 2] });
    // The big blind sits out; seat 3 comes back, owing, and waits for the big blind.
    table.do({ type: 'sit-out', seat: 2 }).do({ type: 'come-back', seat: 3 }).playHand();
    // Seat 1, alone playing, keeps the button and the small blind; the big blind moves from seat 2 to
    // seat 3, passing nobody. Seat 2 missed no blind.
    expect(table.positions()).toEqual({ button: 1, small: 1, big: 3, dealtIn: [1, 3] });
    expect(table.player(2)).toMatchObject({ status: 'sitting-out', owes: { small: false, big: false } });
    expect(table.player(3)).toMatchObject({ status: 'playing', owes: { small: false, big: false } });
  });

  it('a table that empties and fills again: the big blind may stay on its seat, and passes nobody', () => {
    // Button 1, small blind 2, big blind 3. Everyone leaves; new players sit at 2 and 3, and one at 5 who sits out.
    const table = new TableDriver({ button: 'moving', seatCount: 5, maxPlayers: 5 }).sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:As 2:2c 3:3c').playHand();
    for (const seat of [1, 2, 3]) table.do({ type: 'leave', seat, at: 0 });
    table.sit(2, 'D').sit(3, 'E').sit(5, 'F').do({ type: 'sit-out', seat: 5 }).playHand();
    // A new game: the button moves on to seat 2, which posts the small blind heads-up; seat 3 has the big
    // blind as the last hand's seat 3 had (a new player there waits for it: it is how they come in).
    expect(table.positions()).toEqual({ button: 2, small: 2, big: 3, dealtIn: [2, 3] });
    // The big blind did not move: seat 5 owes only the big blind a new player owes, no blind missed.
    expect(table.player(5).owes).toEqual({ small: false, big: true });
    expect(table.log.filter((entry) => entry.type === 'blinds-missed')).toEqual([]);
  });
});
