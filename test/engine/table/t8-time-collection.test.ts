import { describe, expect, it } from 'vitest';
import { parseCard } from '../../../src/cards/notation.js';
import { getPrompt } from '../../../src/engine/table/prompt.js';
import { CASINO_5_10, type TableConfig } from '../../../src/engine/table/table-config.js';
import { reduceTable, replayTable } from '../../../src/engine/table/table-reduce.js';
import { cashFlow } from '../../../src/reports/cash-flow.js';
import { factsOf } from '../../../src/reports/facts.js';
import { incidents } from '../../../src/reports/incidents.js';
import { MINUTE, TableDriver } from '../../support/table-driver.js';

/**
 * T8 — time collection (seed 000): the house takes a fee (15 every 30 minutes at 5/10) from every player in
 * a seat, at the first hand boundary after the period starts, before the deal; a player who cannot pay is
 * flagged; sitting-out players pay only if the table says so; a courtesy hand for new arrivals.
 */
describe('T8 time collection (seed 000)', () => {
  it('collects 15 from every seated player before the first deal and again once per half hour', () => {
    const table = new TableDriver().sit(1, 'A', 300).sit(2, 'B', 300).sit(3, 'C', 300).draw('1:As 2:Ks 3:Qs').playHand();
    expect(table.log.filter((entry) => entry.type === 'time-collected')).toHaveLength(3);
    expect(table.state.totals.timeCollected).toBe(45);
    table.now = 29 * MINUTE;
    table.playHand();
    expect(table.state.totals.timeCollected).toBe(45);
    table.now = 31 * MINUTE;
    table.playHand();
    expect(table.state.totals.timeCollected).toBe(90);
    // Two hours with no hand: one collection at the next boundary, not four.
    table.now = 150 * MINUTE;
    table.playHand();
    expect(table.state.totals.timeCollected).toBe(135);
    expect(table.state.nextTimeCollection).toBe(180 * MINUTE);
  });

  it('a shorter period brings the next collection forward to one new period from now; a longer one keeps it', () => {
    const table = new TableDriver().sit(1, 'A', 300).sit(2, 'B', 300).draw('1:As 2:Ks').playHand();
    expect(table.state.nextTimeCollection).toBe(30 * MINUTE);
    const every = (minutes: number): TableConfig => ({ ...table.state.config, timeCollection: { ...(table.state.config.timeCollection as NonNullable<TableConfig['timeCollection']>), everyMinutes: minutes } });
    table.now = 5 * MINUTE;
    table.do({ type: 'configure', config: every(1), by: 'Floor', at: table.now });
    expect(table.log.at(-1)).toEqual({ type: 'time-period', next: 6 * MINUTE });
    // Back to 30: the collection due at 6 stays, and the next ones are every 30 minutes.
    table.do({ type: 'configure', config: every(30), by: 'Floor', at: table.now });
    expect(table.log.at(-1)?.type).toBe('table-configured');
    expect(table.state.nextTimeCollection).toBe(6 * MINUTE);
    table.now = 7 * MINUTE;
    table.playHand();
    expect(table.state.totals.timeCollected).toBe(60);
    expect(table.state.nextTimeCollection).toBe(36 * MINUTE);
    // Shorter again, each time: one new period from now.
    table.do({ type: 'configure', config: every(20), by: 'Floor', at: table.now });
    expect(table.state.nextTimeCollection).toBe(27 * MINUTE);
    table.do({ type: 'configure', config: every(10), by: 'Floor', at: table.now });
    expect(table.state.nextTimeCollection).toBe(17 * MINUTE);
    expect(replayTable(table.log)).toEqual(table.state);
  });

  it('time comes before the deal: the collected chips are not in the hand', () => {
    const table = new TableDriver().sit(1, 'A', 300).sit(2, 'B', 300).draw('1:As 2:Ks').start();
    expect(table.state.hand?.players.map((player) => player.stack + player.bet)).toEqual([285, 285]);
  });

  it('a player who cannot pay owes it, and nothing is taken', () => {
    const table = new TableDriver({ buyIn: { min: 10, max: 1000 } }).sit(1, 'A', 10).sit(2, 'B', 300).draw('1:As 2:Ks').start();
    expect(table.log).toContainEqual({ type: 'time-due', seat: 1, amount: 15 });
    expect(table.player(1)).toMatchObject({ stack: 10, timeDue: 15, timeOwed: 0 });
  });

  it('sitting-out players pay only when the table says so; new arrivals get their courtesy hands', () => {
    const base = { amount: 15, everyMinutes: 30, courtesyHands: 0 };
    const table = new TableDriver({ timeCollection: { ...base, sittingOutPays: false } }).sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:As 2:Ks 3:Qs');
    table.do({ type: 'sit-out', seat: 3 }).playHand();
    expect(table.log.filter((entry) => entry.type === 'time-collected').map((entry) => (entry.type === 'time-collected' ? entry.seat : 0))).toEqual([1, 2]);

    const paying = new TableDriver({ timeCollection: { ...base, sittingOutPays: true } }).sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:As 2:Ks 3:Qs');
    paying.do({ type: 'sit-out', seat: 3 }).playHand();
    expect(paying.state.totals.timeCollected).toBe(45);

    const courtesy = new TableDriver({ timeCollection: { ...base, sittingOutPays: false, courtesyHands: 1 } }).sit(1, 'A').sit(2, 'B').draw('1:As 2:Ks');
    courtesy.playHand();
    expect(courtesy.state.totals.timeCollected).toBe(0);
    courtesy.now = 30 * MINUTE;
    courtesy.playHand();
    expect(courtesy.state.totals.timeCollected).toBe(30);
  });

  it('a player back within the return window gets no new courtesy hands: it is the same stay (D46)', () => {
    const rule = { amount: 15, everyMinutes: 30, sittingOutPays: false, courtesyHands: 3 };
    const table = new TableDriver({ timeCollection: rule }).sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:As 2:Ks 3:Qs');
    for (let hand = 0; hand < 3; hand++) table.playHand();
    table.now = 10 * MINUTE;
    table.do({ type: 'leave', seat: 3, at: table.now });
    expect(table.log.at(-1)).toMatchObject({ type: 'left', seat: 3, handsDealt: 3 });
    table.now = 11 * MINUTE;
    table.sit(3, 'C', 500).do({ type: 'post', seat: 3 });
    table.now = 31 * MINUTE;
    table.playHand();
    const paid = table.log.filter((entry) => entry.type === 'time-collected').map((entry) => (entry.type === 'time-collected' ? entry.seat : 0));
    expect(paid).toEqual([1, 2, 3]);
    expect(replayTable(table.log)).toEqual(table.state);
  });

  /** Seat 1 sits out with 10 chips at a table where sitting-out players pay: the first period leaves them owing 15. */
  function owing(config: Partial<TableConfig> = {}): TableDriver {
    const table = new TableDriver({ buyIn: { min: 10, max: 1000 }, timeCollection: { amount: 15, everyMinutes: 30, courtesyHands: 0, sittingOutPays: true }, ...config });
    table.sit(1, 'A', 10).sit(2, 'B', 300).sit(3, 'C', 300).draw('1:As 2:Ks 3:Qs').do({ type: 'sit-out', seat: 1 }).playHand();
    expect(table.player(1)).toMatchObject({ stack: 10, timeDue: 15 });
    return table;
  }

  it('collects time due in full at the next hand once the stack covers it, before any new period', () => {
    const table = owing();
    table.now = 5 * MINUTE;
    // Not covered: nothing taken, still due.
    table.playHand();
    expect(table.player(1)).toMatchObject({ stack: 10, timeDue: 15 });
    table.do({ type: 'top-up', seat: 1, amount: 290, at: table.now });
    const collected = table.state.totals.timeCollected;
    expect(getPrompt(table.state, table.now)).toMatchObject({ collectTime: [{ seat: 1, amount: 15 }], words: { en: expect.stringContaining('Collect time, 15 each, from seat 1') } });
    table.playHand();
    expect(table.log).toContainEqual({ type: 'time-collected', seat: 1, amount: 15, due: true });
    expect(table.player(1)).toMatchObject({ stack: 285, timeDue: 0 });
    expect(table.state.totals.timeCollected).toBe(collected + 15);
    // The next period: the debt paid, the fee is the period's own.
    table.now = 31 * MINUTE;
    table.playHand();
    expect(table.player(1)).toMatchObject({ stack: 270, timeDue: 0 });
  });

  it('a seat paying time due and a new period at one start is named once, with what it pays', () => {
    const table = owing();
    table.do({ type: 'top-up', seat: 1, amount: 290, at: table.now });
    table.now = 31 * MINUTE;
    const prompt = getPrompt(table.state, table.now);
    expect(prompt).toMatchObject({ collectTime: [{ seat: 1, amount: 30 }, { seat: 2, amount: 15 }, { seat: 3, amount: 15 }] });
    expect(prompt.words.en).toContain('Collect time from seat 1 (30), 2 (15), 3 (15)');
    expect(prompt.words.de).toContain('Zeit kassieren: Platz 1 (30), 2 (15), 3 (15)');
  });

  it('a seat paying only its time due between periods is named with the amount', () => {
    const table = owing();
    table.do({ type: 'top-up', seat: 1, amount: 290, at: table.now });
    table.now = 5 * MINUTE;
    const prompt = getPrompt(table.state, table.now);
    expect(prompt).toMatchObject({ collectTime: [{ seat: 1, amount: 15 }] });
    // 15 is also the period's fee: one amount every seat pays, said once...
    expect(prompt.words.en).toContain('Collect time, 15 each, from seat 1');
    // ...but a debt of another sum is named.
    const five = owing();
    five.do({ type: 'waive-time', seat: 1, amount: 15, reason: 'test', by: 'Floor', at: five.now });
    five.state = reduceTable(five.state, { type: 'time-due', seat: 1, amount: 5 });
    five.do({ type: 'top-up', seat: 1, amount: 290, at: five.now });
    five.now = 5 * MINUTE;
    expect(getPrompt(five.state, five.now).words.en).toContain('Collect time from seat 1 (5)');
  });

  it('a table that stopped collecting time still collects the time due from when it did', () => {
    const table = owing();
    const { config } = table.state;
    table.do({ type: 'configure', config: { ...config, timeCollection: null, hand: { ...config.hand, rake: { basisPoints: 500, cap: 50, noFlopNoDrop: true } } }, by: 'Floor', at: table.now });
    expect(table.state.config.hand.rake).not.toBeNull();
    table.do({ type: 'top-up', seat: 1, amount: 290, at: table.now });
    // No period's fee at a rake table: the amount is named.
    expect(getPrompt(table.state, table.now).words.en).toContain('Collect time from seat 1 (15)');
    table.playHand();
    expect(table.log).toContainEqual({ type: 'time-collected', seat: 1, amount: 15, due: true });
    expect(table.player(1).timeDue).toBe(0);
  });

  it('time flagged by a table before D41 (time-owed) stays a flag: never collected', () => {
    const table = new TableDriver({ buyIn: { min: 10, max: 1000 } }).sit(1, 'A', 300).sit(2, 'B', 300).draw('1:As 2:Ks');
    table.state = reduceTable(table.state, { type: 'time-owed', seat: 1, amount: 15 });
    table.playHand();
    expect(table.player(1)).toMatchObject({ timeOwed: 15 });
    expect(table.log.filter((entry) => entry.type === 'time-collected' && entry.due === true)).toEqual([]);
  });

  it('a player leaving pays what they owe from their chips; the rest is written on the departure and owed again on a return', () => {
    const table = owing();
    table.now = 10 * MINUTE;
    table.do({ type: 'leave', seat: 1, at: table.now });
    expect(table.log.slice(-2)).toEqual([
      { type: 'time-collected', seat: 1, amount: 10, due: true },
      { type: 'left', seat: 1, name: 'A', stack: 0, at: 10 * MINUTE, timeDue: 5 },
    ]);
    const flow = cashFlow(factsOf(table.log), null, table.state);
    expect(flow.stays.find((stay) => stay.seat === 1)).toMatchObject({ cashOut: 0, timeCollected: 10, timeUnpaid: 5 });
    expect(flow.totals).toMatchObject({ timeUnpaid: 5, unexplained: 0 });
    // Paid as they left: at the leaving's time, not the last hand's.
    const paid = factsOf(table.log).events.filter((fact) => fact.entry.type === 'time-collected' && fact.entry.seat === 1);
    expect(paid.at(-1)?.at).toBe(10 * MINUTE);

    table.now = 40 * MINUTE;
    table.sit(4, 'A', 300);
    expect(table.log.at(-1)).toMatchObject({ type: 'seated', seat: 4, name: 'A', timeDue: 5 });
    expect(table.player(4)).toMatchObject({ timeDue: 5 });
    table.playHand();
    expect(table.log).toContainEqual({ type: 'time-collected', seat: 4, amount: 5, due: true });
    expect(table.player(4).timeDue).toBe(0);
    // Back and paid: nothing is left unpaid in the session.
    const after = cashFlow(factsOf(table.log), null, table.state);
    expect(after.totals).toMatchObject({ timeUnpaid: 0, unexplained: 0 });
    expect(after.stays.find((stay) => stay.seat === 1)?.timeUnpaid).toBe(5);
  });

  it('time due paid by a player who leaves during a hand counts at the hand’s time, as the leaving does', () => {
    const table = owing();
    table.now = 29 * MINUTE;
    table.start();
    table.now = 31 * MINUTE;
    table.do({ type: 'leave', seat: 1, at: table.now });
    const facts = factsOf(table.log).events.filter((fact) => (fact.entry.type === 'left' || fact.entry.type === 'time-collected') && fact.entry.seat === 1);
    expect(facts.slice(-2).map((fact) => [fact.entry.type, fact.at])).toEqual([
      ['time-collected', 29 * MINUTE],
      ['left', 29 * MINUTE],
    ]);
  });

  it('a player back after the return window owes nothing; one who leaves after paying leaves no debt', () => {
    const late = owing();
    late.do({ type: 'leave', seat: 1, at: late.now });
    late.now = 61 * MINUTE;
    late.sit(1, 'A', 300);
    expect(late.player(1).timeDue).toBeUndefined();

    const paid = owing();
    paid.do({ type: 'top-up', seat: 1, amount: 290, at: paid.now }).do({ type: 'leave', seat: 1, at: paid.now });
    expect(paid.log.slice(-2)).toEqual([
      { type: 'time-collected', seat: 1, amount: 15, due: true },
      { type: 'left', seat: 1, name: 'A', stack: 285, at: 0 },
    ]);
  });

  it('the floor may waive the time a seat owes, all of it, with who and why: it shows in the incidents, and no chip moves', () => {
    const table = owing();
    table.now = 3 * MINUTE;
    expect(() => table.do({ type: 'waive-time', seat: 2, amount: 15, reason: 'regular', by: 'Floor Sam', at: table.now })).toThrow(/Seat 2 owes no time/);
    expect(() => table.do({ type: 'waive-time', seat: 1, amount: 15, reason: '  ', by: 'Floor Sam', at: table.now })).toThrow(/Waiving time needs its reason/);
    // The floor saw another amount (a period fell due meanwhile): look again.
    expect(() => table.do({ type: 'waive-time', seat: 1, amount: 30, reason: 'regular', by: 'Floor Sam', at: table.now })).toThrow(/Seat 1 owes 15 in time now, not 30: look again/);
    const chips = table.chipsOnTable();
    table.do({ type: 'waive-time', seat: 1, amount: 15, reason: 'A regular: the house pays', by: 'Floor Sam', at: table.now });
    expect(table.log.at(-1)).toEqual({ type: 'time-waived', seat: 1, amount: 15, reason: 'A regular: the house pays', by: 'Floor Sam', at: 3 * MINUTE });
    expect(table.player(1)).toMatchObject({ stack: 10, timeDue: 0 });
    expect(table.chipsOnTable()).toBe(chips);
    expect(incidents(factsOf(table.log)).at(-1)).toMatchObject({ kind: 'time-waived', by: 'Floor Sam', chips: 0, at: 3 * MINUTE, words: { en: "Seat 1's time due (15) waived: A regular: the house pays" } });
    // Waived, it is not collected when the stack covers it.
    table.do({ type: 'top-up', seat: 1, amount: 290, at: table.now });
    table.playHand();
    expect(table.player(1).stack).toBe(300);
    expect(() => reduceTable(table.state, { type: 'time-waived', seat: 1, amount: 15, reason: 'again', by: 'Floor Sam' })).toThrow(/15 of time waived is not the 0 due/);
  });

  it('a log that pays more time than was due does not replay', () => {
    const table = owing();
    expect(() => reduceTable(table.state, { type: 'time-collected', seat: 1, amount: 30, due: true })).toThrow(/pays 30 of time due but owes 15/);
  });

  it('a stack of exactly the fee pays it: the player is left with no chips, sits out and is not dealt in', () => {
    const table = new TableDriver({ buyIn: { min: 10, max: 1000 } }).sit(1, 'A', 15).sit(2, 'B', 300).sit(3, 'C', 300).draw('1:As 2:Ks 3:Qs').start();
    expect(table.log).toContainEqual({ type: 'time-collected', seat: 1, amount: 15 });
    expect(table.log.filter((entry) => entry.type === 'time-due')).toEqual([]);
    expect(table.player(1)).toMatchObject({ stack: 0, status: 'sitting-out' });
    expect(table.positions().dealtIn).toEqual([2, 3]);
  });

  it('a stack of exactly the time due pays it in full between periods, and nothing is left', () => {
    const table = owing();
    table.do({ type: 'top-up', seat: 1, amount: 5, at: table.now }); // 15: the time due
    table.now = 5 * MINUTE;
    table.playHand();
    expect(table.log).toContainEqual({ type: 'time-collected', seat: 1, amount: 15, due: true });
    expect(table.player(1)).toMatchObject({ stack: 0, timeDue: 0, status: 'sitting-out' });
  });

  it('time due is paid first, and the period that falls due at the same start is owed from what is left', () => {
    const table = owing();
    table.do({ type: 'top-up', seat: 1, amount: 10, at: table.now }); // 20: covers the 15 due, not 15 more
    table.now = 31 * MINUTE;
    table.playHand();
    const seat1 = table.log.filter((entry) => (entry.type === 'time-collected' || entry.type === 'time-due') && entry.seat === 1);
    expect(seat1.slice(-2)).toEqual([
      { type: 'time-collected', seat: 1, amount: 15, due: true },
      { type: 'time-due', seat: 1, amount: 15 },
    ]);
    expect(table.player(1)).toMatchObject({ stack: 5, timeDue: 15 });
  });

  it('a player with no chips who leaves pays nothing, and all the time due is written on the departure', () => {
    const table = owing();
    table.do({ type: 'adjust-stack', seat: 1, amount: -10, reason: 'chips paid out by mistake', by: 'Floor' });
    table.do({ type: 'leave', seat: 1, at: table.now });
    expect(table.log.at(-2)?.type).toBe('stack-adjusted');
    expect(table.log.at(-1)).toEqual({ type: 'left', seat: 1, name: 'A', stack: 0, at: 0, timeDue: 15 });
  });
});

describe('T8 a table that rakes instead', () => {
  it('the rake leaves the seats and is counted in the totals: 10 % of a pot of 20, 2 chips', () => {
    const table = new TableDriver({ timeCollection: null, hand: { ...CASINO_5_10.hand, rake: { basisPoints: 1000, cap: 5, noFlopNoDrop: true } } }).sit(1, 'A').sit(2, 'B').draw('1:As 2:Ks').start();
    for (let card = 0; card < 5; card++) table.do({ type: 'deal', card: null });
    // Heads-up: the button (seat 1) calls, the big blind checks; after the flop the big blind bets and seat 1 folds.
    table.do({ type: 'call' }).do({ type: 'check' });
    for (const card of [null, '2c', '7d', '9h']) table.do({ type: 'deal', card: card === null ? null : parseCard(card) });
    table.do({ type: 'bet', to: 10 }).do({ type: 'fold' });
    expect(table.state.totals.rake).toBe(2);
    expect([table.player(1).stack, table.player(2).stack]).toEqual([490, 508]);
    expect(table.chipsOnTable()).toBe(998);
  });
});
