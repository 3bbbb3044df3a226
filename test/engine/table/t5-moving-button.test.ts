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
