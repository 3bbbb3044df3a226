import { describe, expect, it } from 'vitest';
import { TableDriver } from '../../support/table-driver.js';

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
