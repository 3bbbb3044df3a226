import { describe, expect, it } from 'vitest';
import { departuresAsKept, MAX_RETURN_WITHIN_MINUTES } from '../../../src/engine/table/departures.js';
import { CASINO_5_10 } from '../../../src/engine/table/table-config.js';
import { MAX_CHIPS } from '../../../src/engine/table/table.js';
import { MINUTE, TableDriver } from '../../support/table-driver.js';

const CASINO_5_10_HAND = CASINO_5_10.hand;

/**
 * T7 — table stakes (seed 000): chips stay on the table; a top-up only between hands and up to at least the
 * minimum buy-in; cash-out on leaving; back within the configured time, a player brings back what they
 * took (WSOP Live Action 58).
 */
describe('T7 table stakes, top-ups and leaving (seed 000, WSOP Live Action 58)', () => {
  it('tops up between hands, within the buy-in limits', () => {
    const table = new TableDriver().sit(1, 'A', 200).sit(2, 'B', 200).draw('1:As 2:Ks');
    table.do({ type: 'top-up', seat: 1, amount: 300 });
    expect(table.player(1).stack).toBe(500);
    expect(() => table.do({ type: 'top-up', seat: 1, amount: 600 })).toThrow('A top-up must bring the stack to 200–1000; 500 + 600 is 1100');
  });

  it('refuses a top-up during a hand the player is in', () => {
    const table = new TableDriver().sit(1, 'A', 200).sit(2, 'B', 200).draw('1:As 2:Ks').start();
    expect(() => table.do({ type: 'top-up', seat: 1, amount: 100 })).toThrow('Seat 1 is in a hand: top up between hands');
  });

  it('cashes out on leaving and counts what left the table', () => {
    const table = new TableDriver().sit(1, 'A', 300).sit(2, 'B', 400).sit(3, 'C', 500).draw('1:As 2:Ks 3:Qs').playHand();
    const stack = table.player(2).stack;
    table.do({ type: 'leave', seat: 2, at: table.now });
    expect(table.state.seats[1]).toBeNull();
    expect(table.state.totals.cashOuts).toBe(stack);
    expect(table.chipsOnTable()).toBe(table.state.totals.buyIns - table.state.totals.cashOuts - table.state.totals.timeCollected);
  });

  it('keeps no departure older than the longest return window (a day), so a table open for months stays small (D38)', () => {
    const table = new TableDriver({ returnWithinMinutes: MAX_RETURN_WITHIN_MINUTES }).sit(1, 'A', 1000).sit(2, 'B', 300).sit(3, 'C', 400).draw('1:As 2:Ks 3:Qs');
    table.do({ type: 'leave', seat: 1, at: 0 });
    table.now = MAX_RETURN_WITHIN_MINUTES * MINUTE - 1;
    // A day less a moment later A is still held to the stack A left with.
    expect(() => table.sit(1, 'A', 300)).toThrow('A buy-in of 300 is not within 1000–1000 (A left with 1000 less than 1440 minutes ago)');
    table.do({ type: 'leave', seat: 2, at: table.now });
    expect(table.state.departures.map((departure) => departure.name)).toEqual(['A', 'B']);
    table.do({ type: 'leave', seat: 3, at: MAX_RETURN_WITHIN_MINUTES * MINUTE });
    // A's departure is a day old when C leaves: no window can reach it any more, and it goes.
    expect(table.state.departures.map((departure) => departure.name)).toEqual(['B', 'C']);
    table.now = MAX_RETURN_WITHIN_MINUTES * MINUTE;
    table.sit(1, 'A', 300);
    expect(table.player(1).stack).toBe(300);
  });

  it('a departure a day old goes also when it is the only one kept', () => {
    const table = new TableDriver().sit(1, 'A', 1000).sit(2, 'B', 300).sit(3, 'C', 400).draw('1:As 2:Ks 3:Qs');
    table.do({ type: 'leave', seat: 1, at: 0 });
    table.do({ type: 'leave', seat: 2, at: MAX_RETURN_WITHIN_MINUTES * MINUTE + MINUTE });
    expect(table.state.departures.map((departure) => departure.name)).toEqual(['B']);
  });

  it('departures kept before the table dropped old ones are read as it keeps them: none a day older than the last', () => {
    const day = MAX_RETURN_WITHIN_MINUTES * MINUTE;
    const kept = [
      { name: 'A', stack: 1000, at: 0 },
      { name: 'B', stack: 300, at: 5 * MINUTE },
      { name: 'C', stack: 400, at: day + 5 * MINUTE },
    ];
    // The last departure (C) is when the table last dropped old ones: A was a day and five minutes old then, B a day.
    expect(departuresAsKept(kept).map((departure) => departure.name)).toEqual(['C']);
    expect(departuresAsKept(kept.slice(0, 2))).toEqual(kept.slice(0, 2));
    expect(departuresAsKept([])).toEqual([]);
  });

  it('refuses a return window longer than a day', () => {
    expect(() => new TableDriver({ returnWithinMinutes: MAX_RETURN_WITHIN_MINUTES + 1 })).toThrow('returnWithinMinutes must be a whole number of minutes, at most 1440');
  });

  it('a player in the hand cannot leave until it ends', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').draw('1:As 2:Ks').start();
    expect(() => table.do({ type: 'leave', seat: 1, at: 0 })).toThrow('Seat 1 is in the hand');
  });

  it('a player back within the time must bring back at least the chips they left with; later a normal buy-in', () => {
    const table = new TableDriver().sit(1, 'A', 1000).sit(2, 'B', 300).draw('1:As 2:Ks');
    table.do({ type: 'leave', seat: 1, at: 0 });
    table.now = 30 * MINUTE;
    expect(() => table.sit(1, 'A', 500)).toThrow('A buy-in of 500 is not within 1000–1000 (A left with 1000 less than 60 minutes ago)');
    table.now = 61 * MINUTE;
    table.sit(1, 'A', 500);
    expect(table.player(1).stack).toBe(500);
  });
});

describe('T7 bad input', () => {
  it.each([
    [{ type: 'start-hand', at: Number.NaN }, 'NaN is not a time'],
    [{ type: 'leave', seat: 1, at: Number.NaN }, 'NaN is not a time'],
    [{ type: 'sit', seat: 3, name: 42, buyIn: 300, at: 0 }, 'A player needs a name'],
    [{ type: 'ruling', text: 7, by: 'Floor' }, 'A ruling needs its words'],
  ])('refuses %j: %s', (command, message) => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').draw('1:As 2:Ks');
    expect(() => table.do(command as never)).toThrow(message);
  });
});

describe('T7 the return window and top-ups, at their edges', () => {
  it('a player back after exactly the hour, or another player within it, buys in anew', () => {
    const table = new TableDriver().sit(1, 'A', 900).sit(2, 'B').draw('1:As 2:Ks').playHand(); // A: 900 − 15 time − 5 small blind
    table.do({ type: 'leave', seat: 1, at: 0 });
    table.now = 59 * MINUTE;
    table.sit(3, 'C', 200);
    expect(() => table.sit(1, 'A', 200)).toThrow('A buy-in of 200 is not within 880–1000 (A left with 880 less than 60 minutes ago)');
    table.now = 60 * MINUTE;
    table.sit(1, 'A', 200);
    expect(table.player(1).stack).toBe(200);
  });

  it('a player who left with less than the minimum brings the minimum, and is told only the limits', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').draw('1:As 2:Ks');
    table.do({ type: 'adjust-stack', seat: 1, amount: -350, reason: 'Chips taken off', by: 'Floor' }).do({ type: 'leave', seat: 1, at: 0 });
    expect(table.log.find((entry) => entry.type === 'left')).toMatchObject({ stack: 150 });
    expect(() => table.sit(1, 'A', 150)).toThrow(/^A buy-in of 150 is not within 200–1000$/);
    table.sit(1, 'A', 200);
  });

  it('a top-up brings the stack to at least the minimum and at most the maximum, both included', () => {
    const table = new TableDriver({ buyIn: { min: 100, max: 1000 } }).sit(1, 'A', 100).sit(2, 'B').draw('1:As 2:Ks').playHand(); // A: 100 − 15 − 5
    expect(table.player(1).stack).toBe(80);
    expect(() => table.do({ type: 'top-up', seat: 1, amount: 10 })).toThrow('A top-up must bring the stack to 100–1000; 80 + 10 is 90');
    table.do({ type: 'top-up', seat: 1, amount: 20 });
    expect(table.player(1).stack).toBe(100);
    table.do({ type: 'top-up', seat: 1, amount: 900 });
    expect(table.player(1).stack).toBe(1000);
    expect(() => table.do({ type: 'top-up', seat: 1, amount: 1 })).toThrow('1000 + 1 is 1001');
  });

  it('a player who owes nothing comes back playing, and is dealt the next hand', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:As 2:Ks 3:Qs');
    table.do({ type: 'sit-out', seat: 3 }).do({ type: 'come-back', seat: 3 });
    expect(table.player(3).status).toBe('playing');
    expect(table.log.at(-1)).toEqual({ type: 'came-back', seat: 3, status: 'playing' });
    table.start();
    expect(table.positions().dealtIn).toEqual([1, 2, 3]);
  });

  it('a buy-in and a correction are made of whole chip units', () => {
    const table = new TableDriver({ hand: { ...CASINO_5_10_HAND, chipUnit: 5 } }).sit(1, 'A').sit(2, 'B');
    expect(() => table.sit(3, 'C', 502)).toThrow('A buy-in of 502 is not a positive number of chip units (5)');
    expect(() => table.do({ type: 'adjust-stack', seat: 1, amount: 7, reason: 'Miscount', by: 'Floor' })).toThrow('A correction of 7 is not a whole number of chip units (5)');
    expect(() => table.do({ type: 'adjust-stack', seat: 1, amount: -MAX_CHIPS, reason: 'Miscount', by: 'Floor' })).toThrow('Seat 1 has only 500');
    expect(() => table.do({ type: 'adjust-stack', seat: 1, amount: -MAX_CHIPS - 5, reason: 'Miscount', by: 'Floor' })).toThrow("A correction of -1000000000005 is beyond any table's chips");
    // The most chips any amount may be is a whole amount; the buy-in limits then refuse it.
    expect(() => table.sit(3, 'C', MAX_CHIPS)).toThrow(/^A buy-in of 1000000000000 is not within 200–1000$/);
  });
});

describe('T7 the return window counted from the departure', () => {
  it('a player who left at 0:10 is held to the stack until 1:10, and one who left with exactly the minimum only to it', () => {
    const table = new TableDriver().sit(1, 'A', 900).sit(2, 'B').sit(3, 'C').draw('1:As 2:Ks 3:Qs');
    table.now = 10 * MINUTE;
    table.do({ type: 'leave', seat: 1, at: table.now });
    table.do({ type: 'adjust-stack', seat: 3, amount: -300, reason: 'Chips taken off', by: 'Floor' }).do({ type: 'leave', seat: 3, at: table.now });
    table.now = 69 * MINUTE;
    expect(() => table.sit(1, 'A', 500)).toThrow('A buy-in of 500 is not within 900–1000 (A left with 900 less than 60 minutes ago)');
    expect(() => table.sit(3, 'C', 150)).toThrow(/^A buy-in of 150 is not within 200–1000$/);
  });
});
