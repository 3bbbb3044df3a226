import { describe, expect, it } from 'vitest';
import { CASINO_5_10, type TableConfig } from '../../../src/engine/table/table-config.js';
import { replayTable } from '../../../src/engine/table/table-reduce.js';
import { MINUTE, TableDriver } from '../../support/table-driver.js';

const FLOOR = 'Floor: supervisor';

function setup(config: Partial<TableConfig>): TableConfig {
  return { ...CASINO_5_10, ...config };
}

/**
 * T14 — the floor sets a cash table up anew between hands (the kiosk issue: stakes, structure, blinds,
 * time collection or rake, seats, buy-in limits): recorded with who, checked as a whole, and the next
 * hand is dealt under it.
 */
describe('T14 table setup between hands', () => {
  it('raises the stakes for the next hand, recorded with who changed them', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').draw('1:As 2:Ks').playHand();
    const config = setup({ hand: { ...CASINO_5_10.hand, smallBlind: 10, bigBlind: 20 }, buyIn: { min: 400, max: 2000 } });
    table.do({ type: 'configure', config, by: FLOOR, at: table.now });
    expect(table.log.at(-1)).toMatchObject({ type: 'table-configured', by: FLOOR, config: { hand: { smallBlind: 10, bigBlind: 20 } } });
    table.start();
    const posts = table.log.filter((entry) => entry.type === 'post').slice(-2);
    expect(posts.map((post) => (post.type === 'post' ? post.amount : 0))).toEqual([10, 20]);
    expect(replayTable(table.log)).toEqual(table.state);
  });

  it('adds seats, and switches time collection off and on again (a new period starts then)', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').draw('1:As 2:Ks').playHand();
    table.do({ type: 'configure', config: setup({ seatCount: 12, maxPlayers: 12, timeCollection: null }), by: FLOOR, at: table.now });
    expect(table.state.seats).toHaveLength(12);
    expect(table.state.nextTimeCollection).toBeNull();
    table.sit(12, 'L');
    table.now += 90 * MINUTE;
    table.do({ type: 'configure', config: setup({ seatCount: 12, maxPlayers: 12 }), by: FLOOR, at: table.now });
    expect(table.state.nextTimeCollection).toBe(table.now);
    expect(replayTable(table.log)).toEqual(table.state);
  });

  it.each([
    ['during a hand', (table: TableDriver) => table.start(), setup({}), "Change the table's setup between hands"],
    ['removing a taken seat', (table: TableDriver) => table, setup({ seatCount: 6, maxPlayers: 6 }), 'Seat 9 is taken: the table cannot have only 6 seats'],
    ['with fewer places than players', (table: TableDriver) => table, setup({ maxPlayers: 2 }), '3 players sit at the table: at most 2 is too few'],
    ['whose chip unit the stacks are not made of', (table: TableDriver) => table.playHand(), setup({ hand: { ...CASINO_5_10.hand, chipUnit: 25, smallBlind: 25, bigBlind: 50 }, buyIn: { min: 500, max: 2000 }, timeCollection: { amount: 25, everyMinutes: 30, sittingOutPays: false, courtesyHands: 0 } }), "Seat 1's stack 485 is not a whole number of the new chip unit 25"],
    ['that does not add up', (table: TableDriver) => table, setup({ buyIn: { min: 500, max: 200 } }), 'buyIn needs 0 < min ≤ max'],
    ['into a tournament', (table: TableDriver) => table, setup({ timeCollection: null, tournament: { startingStack: 1000, levels: [{ smallBlind: 5, bigBlind: 10, ante: 0, bigBlindAnte: 0 }], levelEvery: { hands: 10 } } }), "A tournament's structure is set at its start"],
  ] as const)('refuses a setup %s', (_, setUp, config, message) => {
    const table = setUp(new TableDriver().sit(1, 'A').sit(2, 'B').sit(9, 'I').draw('1:As 2:Ks 9:Qs'));
    expect(() => table.do({ type: 'configure', config, by: FLOOR, at: table.now })).toThrow(message);
  });

  it('refuses a chip unit that time owed is not made of: collected later, it would leave a stack off the unit and stop the table', () => {
    const unitTen = setup({ hand: { ...CASINO_5_10.hand, chipUnit: 10, smallBlind: 10, bigBlind: 20 }, buyIn: { min: 10, max: 1000 }, timeCollection: { amount: 20, everyMinutes: 30, sittingOutPays: false, courtesyHands: 0 } });
    const table = new TableDriver({ buyIn: { min: 10, max: 1000 } }).sit(1, 'A', 10).sit(2, 'B', 300).draw('1:As 2:Ks').start(); // A owes 15
    table.foldAround();
    for (const seat of [1, 2]) {
      const stack = table.player(seat).stack;
      if (stack % 10 !== 0) table.do({ type: 'adjust-stack', seat, amount: 10 - (stack % 10), reason: 'to the new unit', by: FLOOR });
    }
    expect(table.player(1).timeDue).toBe(15);
    expect(() => table.do({ type: 'configure', config: unitTen, by: FLOOR, at: table.now })).toThrow('Seat 1 owes 15 in time, not a whole number of the new chip unit 10: collect or waive it first');
    table.now += MINUTE;
    table.do({ type: 'leave', seat: 1, at: table.now }); // pays 10 of it, 5 owed on a return
    expect(() => table.do({ type: 'configure', config: unitTen, by: FLOOR, at: table.now })).toThrow('A left owing 5 in time, not a whole number of the new chip unit 10, and may come back owing it until 01:01 UTC');
    table.now += 60 * MINUTE;
    table.do({ type: 'configure', config: unitTen, by: FLOOR, at: table.now });
    expect(table.state.config.hand.chipUnit).toBe(10);
  });

  it('a departure off the new chip unit counts no more once its player is back: the seat is what counts', () => {
    const unitTen = setup({ hand: { ...CASINO_5_10.hand, chipUnit: 10, smallBlind: 10, bigBlind: 20 }, buyIn: { min: 10, max: 1000 }, timeCollection: { amount: 20, everyMinutes: 30, sittingOutPays: false, courtesyHands: 0 } });
    const table = new TableDriver({ buyIn: { min: 10, max: 1000 } }).sit(1, 'A', 10).sit(2, 'B', 300).draw('1:As 2:Ks').start(); // A owes 15
    table.foldAround(); // A has 5 left, owing 15
    table.do({ type: 'top-up', seat: 1, amount: 5 });
    table.now += MINUTE;
    table.do({ type: 'leave', seat: 1, at: table.now }); // pays 10 of it: 5 owed on a return
    expect(table.state.departures).toEqual([expect.objectContaining({ name: 'A', timeDue: 5 })]);
    table.sit(3, 'A', 20);
    table.do({ type: 'waive-time', seat: 3, amount: table.player(3).timeDue ?? 0, reason: 'new unit', by: FLOOR });
    for (const seat of [2, 3]) {
      const stack = table.player(seat).stack;
      if (stack % 10 !== 0) table.do({ type: 'adjust-stack', seat, amount: 10 - (stack % 10), reason: 'to the new unit', by: FLOOR });
    }
    table.do({ type: 'configure', config: unitTen, by: FLOOR, at: table.now });
    expect(table.state.config.hand.chipUnit).toBe(10);
  });

  it('removes a seat only once the button and the blinds have moved past it', () => {
    // Seat 10's player was the big blind and left: the next big blind is found from seat 10.
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').sit(10, 'J').draw('1:2c 2:3c 3:As 10:4c');
    while (table.state.bigBlind !== 10) table.playHand();
    table.do({ type: 'leave', seat: 10, at: table.now });
    const nine = setup({ seatCount: 9, maxPlayers: 9 });
    expect(() => table.do({ type: 'configure', config: nine, by: FLOOR, at: table.now })).toThrow('The button or a blind is at seat 10: the table can have only 9 seats once they have moved past it');
    for (let hands = 0; [table.state.button, table.state.smallBlindPosition, table.state.bigBlind].includes(10); hands++) {
      expect(hands).toBeLessThan(3);
      table.playHand();
    }
    table.do({ type: 'configure', config: nine, by: FLOOR, at: table.now });
    table.playHand();
    expect(table.state.seats).toHaveLength(9);
    expect(replayTable(table.log)).toEqual(table.state);
  });

  it('at an empty table removes the seat the button was last at, and the button is drawn for again', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(10, 'J').draw('1:2c 2:3c 10:As');
    expect(table.state.button).toBe(10);
    for (const seat of [1, 2, 10]) table.do({ type: 'leave', seat, at: table.now });
    table.do({ type: 'configure', config: setup({ seatCount: 9, maxPlayers: 9 }), by: FLOOR, at: table.now });
    expect(table.state).toMatchObject({ button: null, smallBlindPosition: null, bigBlind: null, buttonDraw: [] });
    table.sit(1, 'A').sit(2, 'B');
    expect(() => table.start()).toThrow('Draw for the button first');
    table.draw('1:As 2:Ks').playHand();
    expect(replayTable(table.log)).toEqual(table.state);
  });

  it('after hands were played too: the players who sit down at the emptied table draw for the button and play', () => {
    // A table stuck for good before (docs/mutation.md): they sat down waiting for a big blind, as newcomers do
    // once hands have been played, so none of them drew a card that counted and no hand could be dealt.
    const table = new TableDriver().sit(9, 'I').sit(10, 'J').draw('9:2c 10:As').playHand();
    for (const seat of [9, 10]) table.do({ type: 'leave', seat, at: table.now });
    table.do({ type: 'configure', config: setup({ seatCount: 6, maxPlayers: 6 }), by: FLOOR, at: table.now });
    expect(table.state).toMatchObject({ button: null, bigBlind: null, handNumber: 1 });
    table.sit(3, 'C').sit(4, 'D');
    expect([table.player(3), table.player(4)]).toMatchObject([{ status: 'playing' }, { status: 'playing' }]);
    table.draw('3:As 4:Ks');
    expect(table.state.button).toBe(3);
    table.playHand();
    // Heads-up, the button posts the small blind (T4).
    expect(table.positions()).toEqual({ button: 3, small: 3, big: 4, dealtIn: [3, 4] });
    expect(table.state.handNumber).toBe(2);
    expect(replayTable(table.log)).toEqual(table.state);
  });

  it('refuses a setup without who changed it', () => {
    const table = new TableDriver().sit(1, 'A');
    expect(() => table.do({ type: 'configure', config: setup({}), by: ' ', at: 0 })).toThrow('A floor decision needs the name of who made it');
  });
});

describe('T14 a setup at its limits', () => {
  it('keeps a seat the button is on when it is the last seat, and as many players as seats allowed', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(6, 'F').draw('1:2c 2:3c 6:As').playHand();
    expect(table.state.button).toBe(6);
    table.do({ type: 'configure', config: setup({ seatCount: 6, maxPlayers: 3 }), by: FLOOR, at: table.now });
    expect(table.state.seats).toHaveLength(6);
    expect(table.state.config.maxPlayers).toBe(3);
    table.playHand();
  });

  it('a shorter period that would fall due after the collection already due leaves it, with no new row', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').draw('1:As 2:Ks').playHand();
    table.now = 25 * MINUTE;
    const every10 = setup({ timeCollection: { amount: 15, everyMinutes: 10, sittingOutPays: false, courtesyHands: 0 } });
    table.do({ type: 'configure', config: every10, by: FLOOR, at: table.now });
    expect(table.log.at(-1)?.type).toBe('table-configured');
    expect(table.state.nextTimeCollection).toBe(30 * MINUTE);
  });

  it('a player who left owing time off the new chip unit holds it only while they may come back owing it', () => {
    const table = new TableDriver({ buyIn: { min: 10, max: 1000 } }).sit(1, 'A', 10).sit(2, 'B', 300).draw('1:As 2:Ks').playHand(); // A owes 15
    table.do({ type: 'adjust-stack', seat: 2, amount: 300 - table.player(2).stack, reason: 'Even stacks', by: FLOOR });
    table.do({ type: 'adjust-stack', seat: 1, amount: 10 - table.player(1).stack, reason: 'Even stacks', by: FLOOR });
    table.now = 50 * MINUTE;
    table.do({ type: 'leave', seat: 1, at: table.now }); // pays 10 of the 15: owes 5 on a return until 01:50
    const even = setup({ hand: { ...CASINO_5_10.hand, chipUnit: 2, smallBlind: 4, bigBlind: 10 }, timeCollection: { amount: 16, everyMinutes: 30, sittingOutPays: false, courtesyHands: 0 }, buyIn: { min: 10, max: 1000 } });
    table.now = 55 * MINUTE;
    expect(() => table.do({ type: 'configure', config: even, by: FLOOR, at: table.now })).toThrow('A left owing 5 in time, not a whole number of the new chip unit 2, and may come back owing it until 01:50 UTC');
    table.now = 110 * MINUTE;
    table.do({ type: 'configure', config: even, by: FLOOR, at: table.now });
    expect(table.state.config.hand.chipUnit).toBe(2);
  });

  it('a player who left owing time in whole units of the new chip unit holds nothing', () => {
    const table = new TableDriver({ buyIn: { min: 10, max: 1000 } }).sit(1, 'A', 10).sit(2, 'B', 300).draw('1:As 2:Ks').playHand(); // A owes 15
    table.do({ type: 'adjust-stack', seat: 2, amount: 300 - table.player(2).stack, reason: 'Even stacks', by: FLOOR });
    expect(table.player(1).stack).toBe(5); // 10, less the small blind it folded
    table.do({ type: 'leave', seat: 1, at: table.now }); // pays 5 of the 15: owes 10 on a return within the hour
    expect(table.log.at(-1)).toMatchObject({ type: 'left', timeDue: 10 });
    const even = setup({ hand: { ...CASINO_5_10.hand, chipUnit: 2, smallBlind: 4, bigBlind: 10 }, timeCollection: { amount: 16, everyMinutes: 30, sittingOutPays: false, courtesyHands: 0 }, buyIn: { min: 10, max: 1000 } });
    table.do({ type: 'configure', config: even, by: FLOOR, at: table.now });
    expect(table.state.config.hand.chipUnit).toBe(2);
  });
});
