import { describe, expect, it } from 'vitest';
import { cashFlow } from '../../src/reports/cash-flow.js';
import { factsOf } from '../../src/reports/facts.js';
import { MINUTE, TableDriver } from '../support/table-driver.js';

/**
 * A period of the cash flow is a stretch of the log. Times in the log need not rise row by row (a clock
 * set back, a sender's own time): a period ending between two such rows must neither crash nor count a
 * top-up of a player who, by the log, sat down after the period.
 */
describe('cash flow over a period of a log whose times go back', () => {
  it('counts each row no earlier than the rows written before it', () => {
    const table = new TableDriver();
    table.now = 10 * MINUTE;
    table.sit(1, 'A', 300).sit(2, 'B', 300);
    table.now = 60 * MINUTE;
    table.sit(3, 'C', 300);
    // The clock went back: C's top-up says 20 minutes, after C sat down at 60.
    table.do({ type: 'top-up', seat: 3, amount: 100, at: 20 * MINUTE });
    const facts = factsOf(table.log);
    const early = cashFlow(facts, null, null, { from: null, to: 30 * MINUTE });
    expect(early.totals).toMatchObject({ buyIns: 600, topUps: 0, expected: 600 });
    expect(early.stays.map((stay) => stay.seat)).toEqual([1, 2]);
    const late = cashFlow(facts, null, table.state, { from: 30 * MINUTE, to: null });
    expect(late.totals).toMatchObject({ opening: 600, buyIns: 300, topUps: 100, expected: 1000, unexplained: 0 });
  });
});
