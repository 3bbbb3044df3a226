import { MAX_CHIPS } from '../../../src/engine/table/table.js';
import { describe, expect, it } from 'vitest';
import { replayTable } from '../../../src/engine/table/table-reduce.js';
import { TableDriver } from '../../support/table-driver.js';

/** T11 — floor decisions (TDA, WSOP): a ruling or chips moved by hand is an operation with who decided and why, never an edit of the past. */
describe('T11 floor decisions are operations with who and why', () => {
  it('records a ruling and a stack correction; the totals account for the chips moved', () => {
    const table = new TableDriver().sit(1, 'A', 300).sit(2, 'B', 300).draw('1:As 2:Ks').playHand();
    table.do({ type: 'ruling', text: 'Seat 2 acted out of turn: the action stands', by: 'Floor: J. Ruiz' });
    table.do({ type: 'adjust-stack', seat: 2, amount: -25, reason: 'Pot miscounted in hand 1: 25 back to seat 1', by: 'Floor: J. Ruiz' });
    table.do({ type: 'adjust-stack', seat: 1, amount: 25, reason: 'Pot miscounted in hand 1', by: 'Floor: J. Ruiz' });
    expect(table.log.slice(-3)).toEqual([
      { type: 'ruling', text: 'Seat 2 acted out of turn: the action stands', by: 'Floor: J. Ruiz' },
      { type: 'stack-adjusted', seat: 2, amount: -25, reason: 'Pot miscounted in hand 1: 25 back to seat 1', by: 'Floor: J. Ruiz' },
      { type: 'stack-adjusted', seat: 1, amount: 25, reason: 'Pot miscounted in hand 1', by: 'Floor: J. Ruiz' },
    ]);
    const { buyIns, cashOuts, timeCollected, rake, adjustments } = table.state.totals;
    expect(table.chipsOnTable()).toBe(buyIns - cashOuts - timeCollected - rake + adjustments);
    expect(replayTable(table.log)).toEqual(table.state);
  });

  it.each([
    [{ type: 'ruling', text: ' ', by: 'Floor' }, 'A ruling needs its words'],
    [{ type: 'ruling', text: 'x', by: '' }, 'A floor decision needs the name of who made it'],
    [{ type: 'adjust-stack', seat: 1, amount: 10, reason: '', by: 'Floor' }, 'A stack correction needs its reason'],
    [{ type: 'adjust-stack', seat: 1, amount: 2.5, reason: 'x', by: 'Floor' }, 'A correction of 2.5 is not a whole number of chip units'],
    [{ type: 'adjust-stack', seat: 1, amount: -1000, reason: 'x', by: 'Floor' }, 'Seat 1 has only 280'],
  ] as const)('refuses %j: %s', (command, message) => {
    const table = new TableDriver().sit(1, 'A', 300).sit(2, 'B', 300).draw('1:As 2:Ks').playHand();
    expect(() => table.do(command)).toThrow(message);
  });

  it('refuses a correction that adds more than the table holds and the largest buy-in: a slip on the keypad', () => {
    const table = new TableDriver().sit(1, 'A', 300).sit(2, 'B', 300).draw('1:As 2:Ks').playHand();
    // 600 at the table, buy-ins up to 1,000: at most 1,000 added by one correction.
    expect(() => table.do({ type: 'adjust-stack', seat: 1, amount: 999_999_990, reason: 'x', by: 'Floor' })).toThrow(
      'A correction of +999,999,990 is more than all the chips at the table and the largest buy-in (1,000): a correction puts a count right; more chips come with a top-up',
    );
    expect(() => table.do({ type: 'adjust-stack', seat: 1, amount: 1_010, reason: 'x', by: 'Floor' })).toThrow('A correction of +1,010 is more');
    table.do({ type: 'adjust-stack', seat: 1, amount: 1_000, reason: 'x', by: 'Floor' });
    expect(table.player(1).stack).toBe(1_280);
    // Now 1,570 at the table (1,280 and 290): a correction of up to as much is within it.
    expect(() => table.do({ type: 'adjust-stack', seat: 2, amount: 1_580, reason: 'x', by: 'Floor' })).toThrow('(1,570)');
    table.do({ type: 'adjust-stack', seat: 2, amount: 1_570, reason: 'x', by: 'Floor' });
    expect(() => table.do({ type: 'adjust-stack', seat: 2, amount: -100_000, reason: 'x', by: 'Floor' })).toThrow('Seat 2 has only 1,860');
  });

  it('keeps every stack within the table maximum, however many corrections', () => {
    // Buy-ins up to the maximum: a correction of any size a table holds is plausible.
    const table = new TableDriver({ buyIn: { min: 200, max: MAX_CHIPS } }).sit(1, 'A', 300).sit(2, 'B', 300).draw('1:As 2:Ks').playHand();
    const room = MAX_CHIPS - table.player(1).stack;
    table.do({ type: 'adjust-stack', seat: 1, amount: room, reason: 'x', by: 'Floor' });
    expect(() => table.do({ type: 'adjust-stack', seat: 1, amount: 5, reason: 'x', by: 'Floor' })).toThrow('A correction of 5 is beyond any table');
    expect(table.player(1).stack).toBe(MAX_CHIPS);
    // Pots may take it past the maximum; a correction down is still taken.
    for (let hands = 0; table.player(1).stack <= MAX_CHIPS; hands++) {
      expect(hands).toBeLessThan(3);
      table.playHand();
    }
    table.do({ type: 'adjust-stack', seat: 1, amount: -100, reason: 'x', by: 'Floor' });
    expect(table.player(1).stack).toBeLessThan(MAX_CHIPS);
  });

  it('refuses to move chips of a player in a hand', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').draw('1:As 2:Ks').start();
    expect(() => table.do({ type: 'adjust-stack', seat: 1, amount: 10, reason: 'x', by: 'Floor' })).toThrow('Seat 1 is in a hand: correct the stack after it');
  });
});
