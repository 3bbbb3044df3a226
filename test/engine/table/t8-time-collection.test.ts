import { describe, expect, it } from 'vitest';
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

  it('time comes before the deal: the collected chips are not in the hand', () => {
    const table = new TableDriver().sit(1, 'A', 300).sit(2, 'B', 300).draw('1:As 2:Ks').start();
    expect(table.state.hand?.players.map((player) => player.stack + player.bet)).toEqual([285, 285]);
  });

  it('flags a player who cannot pay, takes nothing from them', () => {
    const table = new TableDriver({ buyIn: { min: 10, max: 1000 } }).sit(1, 'A', 10).sit(2, 'B', 300).draw('1:As 2:Ks').start();
    expect(table.log).toContainEqual({ type: 'time-owed', seat: 1, amount: 15 });
    expect(table.player(1)).toMatchObject({ timeOwed: 15 });
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
});
