import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { factsOf } from '../../src/reports/facts.js';
import { floorReport, REPORT_KINDS } from '../../src/reports/floor-report.js';
import { reportCsv } from '../../src/reports/report-csv.js';
import { getPrompt } from '../../src/engine/table/prompt.js';
import { threeAtTheTable } from './three-at-the-table.js';

const AT = Date.UTC(2026, 10, 29, 18);
const MINUTE = 60_000;

/**
 * The CSV is read back by a CSV parser (csv-parse, strict: every row as long as the header), as a
 * spreadsheet would read it: one table, one kind of value per column.
 */
describe('a floor report as CSV, read back by a CSV parser', () => {
  const { log, run, state, deck } = threeAtTheTable(AT);
  // Dealer 17 deals one hand, checked down; time (15 a seat) is collected before it.
  run({ type: 'dealer-change', number: '17', name: 'Maria', at: AT });
  run({ type: 'start-hand', at: AT + MINUTE });
  for (let guard = 0; guard < 100 && state().hand?.phase.kind !== 'complete'; guard++) {
    const prompt = getPrompt(state(), AT);
    if (prompt.kind === 'deal') run({ type: 'deal', card: deck.shift() ?? null });
    else if (prompt.kind === 'action') run(prompt.legal.check ? { type: 'check' } : { type: 'call' });
    else run({ type: 'show' });
  }
  run({ type: 'top-up', seat: 3, amount: 200, at: AT + 10 * MINUTE });
  run({ type: 'leave', seat: 1, at: AT + 20 * MINUTE });
  run({ type: 'sit', seat: 2, name: '=Dan, "the man"', buyIn: 400, at: AT + 40 * MINUTE });
  run({ type: 'adjust-stack', seat: 6, amount: -25, reason: 'miscount', by: 'F1', at: AT + 50 * MINUTE });
  const facts = factsOf(log);
  const table = state();

  const records = (text: string): Record<string, string>[] => parse(text, { columns: true, bom: false, relax_column_count: false, skip_empty_lines: false });

  it('gives the cash flow a column per figure: stays fill the seat’s columns, each summary line only its own amount', () => {
    const window = { from: AT + 30 * MINUTE, to: null };
    const flow = floorReport('cashflow', facts, { counted: 2_000, table, window });
    const rows = records(reportCsv(flow));
    const start = new Date(AT + 30 * MINUTE).toISOString();
    expect(rows.every((row) => row['period from'] === start && row['period to'] === '')).toBe(true);
    const stays = rows.filter((row) => row.line === 'stay');
    // Dan sat down in the period; Cleo, corrected in it, sat before it: no buy-in in it (it is in the opening chips), not a word in a number column.
    expect(stays.map((row) => [row.seat, row.name, row['seated before'], row['buy-in'], row['top-ups'], row.corrections, row.amount])).toEqual([
      ['2', "'=Dan, \"the man\"", 'no', '400', '0', '0', ''],
      ['6', 'Cleo', 'yes', '', '0', '-25', ''],
    ]);
    const summary = new Map(rows.filter((row) => row.line !== 'stay').map((row) => [row.line, row]));
    expect([...summary.keys()]).toEqual(['opening', 'buy-ins', 'top-ups', 'cash-outs', 'time collected', 'rake', 'corrections', 'expected on the table', 'chips on the table', 'unexplained', 'time left unpaid', 'counted', 'difference']);
    for (const row of summary.values()) {
      // A summary line holds its amount and nothing else of a stay's.
      expect(Object.entries(row).filter(([column, value]) => value !== '' && !['period from', 'period to', 'line', 'amount'].includes(column))).toEqual([]);
    }
    const amount = (line: string): number => Number(summary.get(line)?.amount);
    // Opening: Ben 800 + 200 and Cleo 1,000, less their time (15 each) and the big blind each called (10):
    // Ada won the pot of 30 and left with it before the period.
    expect([amount('opening'), amount('buy-ins'), amount('corrections'), amount('expected on the table'), amount('chips on the table'), amount('unexplained')]).toEqual([1_950, 400, -25, 2_325, 2_325, 0]);
    expect([amount('counted'), amount('difference')]).toEqual([2_000, -325]);
  });

  it('gives the collections a column per key: `by` names the one a row fills, totals their own rows', () => {
    const rows = records(reportCsv(floorReport('collections', facts, { table })));
    expect(rows.filter((row) => row.by === 'shift').map((row) => [row.collection, row['dealer number'], row.dealer, row.hands, row.amount])).toEqual([
      ['time', '17', 'Maria', '1', '45'],
      ['rake', '17', 'Maria', '1', '0'],
    ]);
    const keys = ['hour', 'seat', 'hand', 'dealer number', 'dealer', 'shift from', 'shift to', 'hands'];
    const filled = (row: Record<string, string>): string[] => keys.filter((key) => row[key] !== '');
    const byKey: Readonly<Record<string, readonly string[]>> = { hour: ['hour'], seat: ['seat'], hand: ['hand'], total: [], untimed: [] };
    for (const row of rows) {
      const expected = row.by === 'shift' ? keys.slice(3).filter((key) => row[key] !== '') : byKey[row.by as string];
      expect(filled(row), JSON.stringify(row)).toEqual(expected);
      expect(row.by === 'shift' ? row.hands : row.amount, JSON.stringify(row)).toMatch(/^-?\d+$/);
      expect(row.amount, JSON.stringify(row)).toMatch(/^-?\d+$/);
    }
    const total = (collection: string, by: string): number => rows.filter((row) => row.collection === collection && row.by === by).reduce((sum, row) => sum + Number(row.amount), 0);
    for (const collection of ['time', 'rake']) {
      expect(total(collection, 'hour') + total(collection, 'untimed'), collection).toBe(total(collection, 'total'));
      expect(total(collection, 'shift'), collection).toBe(total(collection, 'total'));
    }
    expect(total('time', 'seat')).toBe(total('time', 'total'));
    expect(rows.filter((row) => row.by === 'total').map((row) => row.collection)).toEqual(['time', 'rake']);
  });

  it('reads every report as one table with a header, the period in front when there is one', () => {
    for (const window of [{ from: null, to: null }, { from: AT, to: AT + 60 * MINUTE }]) {
      for (const kind of REPORT_KINDS) {
        const text = reportCsv(floorReport(kind, facts, { table, window }));
        const rows: string[][] = parse(text, { relax_column_count: false });
        const [header = []] = rows;
        expect(new Set(header).size, `${kind}: a column named twice in ${header.join(',')}`).toBe(header.length);
        // Standings are the table as it is now, whatever the period.
        const periodic = window.from !== null && kind !== 'standings';
        expect(header.filter((name) => name.startsWith('period ')), kind).toEqual(periodic ? ['period from', 'period to'] : []);
        expect(header[0] === 'period from' && header[1] === 'period to', kind).toBe(periodic);
      }
    }
  });
});
