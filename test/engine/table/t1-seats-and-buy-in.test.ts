import { describe, expect, it } from 'vitest';
import { RuleViolation } from '../../../src/engine/rule-violation.js';
import { openTable } from '../../../src/engine/table/table.js';
import { CASINO_5_10 } from '../../../src/engine/table/table-config.js';
import { TableDriver } from '../../support/table-driver.js';

/** T1 — seats and buy-ins (seed 000: buy-in 200 at 5/10, no short buys; 2–11 players, tables up to 14 seats). */
describe('T1 seats and buy-ins (seed 000)', () => {
  it('seats a player with a buy-in between the minimum and the maximum', () => {
    const table = new TableDriver().sit(3, 'Ada', 200).sit(7, 'Ben', 1000);
    expect(table.player(3)).toMatchObject({ seat: 3, name: 'Ada', stack: 200, status: 'playing' });
    expect(table.state.totals.buyIns).toBe(1200);
  });

  it.each([
    [{ seat: 3, name: 'Cy', buyIn: 150 }, 'A buy-in of 150 is not within 200–1000'],
    [{ seat: 3, name: 'Cy', buyIn: 1001 }, 'A buy-in of 1001 is not within 200–1000'],
    [{ seat: 3, name: 'Cy', buyIn: 250.5 }, 'not a positive number of chip units'],
    [{ seat: 1, name: 'Cy', buyIn: 300 }, 'Seat 1 is taken'],
    [{ seat: 11, name: 'Cy', buyIn: 300 }, 'There is no seat 11 at this table (1–10)'],
    [{ seat: 3, name: 'Ada', buyIn: 300 }, 'Ada already sits at this table'],
    [{ seat: 3, name: '  ', buyIn: 300 }, 'A player needs a name'],
    [{ seat: 3, name: 'Ada\u0007', buyIn: 300 }, 'A name cannot hold a control character'],
    [{ seat: 3, name: 'Ada\nLovelace', buyIn: 300 }, 'A name cannot hold a control character'],
    [{ seat: 3, name: 'Ada\u202Eecalevol', buyIn: 300 }, 'A name cannot hold a control character'],
  ])('refuses %j: %s', (sit, message) => {
    const table = new TableDriver().sit(1, 'Ada');
    const before = table.state;
    expect(() => table.do({ type: 'sit', at: 0, ...sit })).toThrow(RuleViolation);
    expect(() => table.do({ type: 'sit', at: 0, ...sit })).toThrow(message);
    expect(table.state).toBe(before);
  });

  it('refuses a player when the table is full', () => {
    const table = new TableDriver({ seatCount: 4, maxPlayers: 3 }).sit(1, 'A').sit(2, 'B').sit(3, 'C');
    expect(() => table.sit(4, 'D')).toThrow('The table is full (3 players)');
  });

  it.each([
    [{ seatCount: 15 }, 'seatCount must be 2 to 14'],
    [{ maxPlayers: 12 }, 'maxPlayers must be 2 to the seat count'],
    [{ buyIn: { min: 300, max: 200 } }, 'buyIn needs 0 < min ≤ max'],
    [{ hand: { ...CASINO_5_10.hand, rake: { basisPoints: 500, cap: 30, noFlopNoDrop: true } } }, 'a table collects time or takes rake, not both'],
  ])('refuses a table configuration %j', (change, message) => {
    expect(() => openTable({ ...CASINO_5_10, ...change }, 0)).toThrow(message);
  });
});
