import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { parseCard } from '../../src/cards/notation.js';
import type { TableCommand } from '../../src/engine/table/table.js';
import { CASINO_5_10 } from '../../src/engine/table/table-config.js';
import type { TableLogEntry } from '../../src/engine/table/table-operations.js';
import { getPrompt } from '../../src/engine/table/prompt.js';
import { cashFlow, reconcile } from '../../src/reports/cash-flow.js';
import { dealersOf, deriveFacts, type EventFact, factsOf, FIRST_CURSOR, type HandFact, handColumns, within } from '../../src/reports/facts.js';
import { replayTable } from '../../src/engine/table/table-reduce.js';
import { collectionsReport } from '../../src/reports/collections.js';
import { csv } from '../../src/reports/csv.js';
import { incidents } from '../../src/reports/incidents.js';
import { threeAtTheTable } from './three-at-the-table.js';
import { sessionReport } from '../../src/reports/session.js';
import { simulateSession } from '../../src/sim/session.js';
import { TableController } from '../../src/controller/table-controller.js';
import { Store } from '../../src/store/store.js';
import { readLog, readReportSource } from '../../src/store/log-reader.js';
import { ALL_FACTS } from '../../src/reports/facts.js';

const felt = fileURLToPath(new URL('../../bin/felt', import.meta.url));
const AT = Date.UTC(2026, 10, 29, 18);

/**
 * A small table whose numbers are known: Ada 500, Ben 800, Cleo 1,000; Cleo draws the button; time (15 a
 * seat) before the first hand; everyone calls the big blind and checks to the end (a pot of 30); the floor
 * gives Ben 25 for a miscounted stack and records a ruling; Ada tops up 200 and leaves.
 */
function knownTable(): TableLogEntry[] {
  const { log, run, state, deck } = threeAtTheTable(AT);
  run({ type: 'start-hand', at: AT });
  for (let guard = 0; guard < 100 && state().hand?.phase.kind !== 'complete'; guard++) {
    const prompt = getPrompt(state(), AT);
    if (prompt.kind === 'deal') run({ type: 'deal', card: deck.shift() ?? null });
    else if (prompt.kind === 'action') run(prompt.legal.check ? { type: 'check' } : { type: 'call' });
    else run({ type: 'show' });
  }
  run({ type: 'adjust-stack', seat: 3, amount: 25, reason: 'a 25 chip found under the rail', by: 'Floor Maria' } as TableCommand);
  run({ type: 'ruling', text: 'Ben acted out of turn: the action stands', by: 'Floor Maria' } as TableCommand);
  run({ type: 'top-up', seat: 1, amount: 200 });
  run({ type: 'leave', seat: 1, at: AT + 60_000 });
  return log;
}

describe('floor reports over a table log', () => {
  it('gives the known table’s numbers exactly: hands, pots, cash flow reconciled, incidents with who approved them', () => {
    const log = knownTable();
    const facts = factsOf(log);
    const session = sessionReport(facts);
    expect(session).toEqual({
      handsPlayed: 1,
      handsVoided: 0,
      potTotal: 30,
      averagePot: 30,
      largestPot: { hand: 1, amount: 30 },
      playersPerHand: { average: 3, hands: { '3': 1 } },
      rake: 0,
      time: { first: AT, last: AT, handsPerHour: null, byHour: [{ hour: '2026-11-29T18:00Z', hands: 1, players: 3, seated: 3 }], untimed: 0 },
      dealers: [{ number: null, name: null, shifts: 1, hands: 1, minutes: 0, handsPerHour: null }],
    });
    expect(collectionsReport(facts)).toEqual({
      time: { total: 45, byHour: [{ hour: '2026-11-29T18:00Z', amount: 45 }], bySeat: [{ seat: 1, amount: 15 }, { seat: 3, amount: 15 }, { seat: 6, amount: 15 }], untimed: 0 },
      rake: { total: 0, byHand: [], byHour: [] },
      shifts: [{ number: null, name: null, from: AT, to: AT, hands: 1, timeCollected: 45, rake: 0 }],
    });

    const flow = cashFlow(facts, 2_100, replayTable(log));
    const adaLeft = flow.stays.find((stay) => stay.name === 'Ada')?.cashOut ?? -1;
    expect(flow.stays.every((stay) => !stay.seatedBefore)).toBe(true);
    expect(flow.stays.map(({ name, buyIn, topUps, timeCollected, adjustments }) => ({ name, buyIn, topUps, timeCollected, adjustments }))).toEqual([
      { name: 'Ada', buyIn: 500, topUps: 200, timeCollected: 15, adjustments: 0 },
      { name: 'Ben', buyIn: 800, topUps: 0, timeCollected: 15, adjustments: 25 },
      { name: 'Cleo', buyIn: 1000, topUps: 0, timeCollected: 15, adjustments: 0 },
    ]);
    // 2,300 bought in + 200 topped up − 45 time + 25 corrected − what Ada took = what is on the table.
    expect(flow.totals).toMatchObject({ opening: 0, buyIns: 2300, topUps: 200, timeCollected: 45, rake: 0, adjustments: 25, cashOuts: adaLeft, unexplained: 0 });
    expect(flow.totals.onTable).toBe(2300 + 200 - 45 + 25 - adaLeft);
    expect(flow.count).toEqual({ counted: 2100, difference: 2100 - (flow.totals.onTable ?? 0) });

    expect(incidents(facts).map(({ kind, hand, by, chips, words }) => ({ kind, hand, by, chips, en: words.en }))).toEqual([
      { kind: 'stack-corrected', hand: 1, by: 'Floor Maria', chips: 25, en: "Seat 3's stack corrected by +25: a 25 chip found under the rail" },
      { kind: 'ruling', hand: 1, by: 'Floor Maria', chips: 0, en: 'Ruling: Ben acted out of turn: the action stands' },
    ]);
  });

  it('reconciles every simulated session to zero, and agrees with its totals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.constantFrom('nl', 'pl', 'fl', 'spread' as const), (seed, structure) => {
        const log: TableLogEntry[] = [];
        // The facts derived append by append, as the store does, are the facts of the whole log.
        let cursor = FIRST_CURSOR;
        const appended: { hands: HandFact[]; events: EventFact[] } = { hands: [], events: [] };
        const { summary, state } = simulateSession({ hands: 30, seed, players: 6, structure, button: 'dead', mode: 'cash', dealers: 2 }, (entries) => {
          log.push(...entries);
          const derived = deriveFacts(cursor, entries);
          cursor = derived.cursor;
          appended.hands.push(...derived.hands);
          appended.events.push(...derived.events);
        });
        expect({ hands: handColumns(appended.hands), events: appended.events, dealers: dealersOf(appended.events) }).toEqual(factsOf(log));
        const facts = factsOf(log);
        const flow = cashFlow(facts, null, state);
        expect(flow.totals.unexplained).toBe(0);
        expect(flow.totals.expected).toBe(reconcile(state).onTable);
        expect(flow.totals.buyIns + flow.totals.topUps).toBe(summary.buyIns);
        expect(flow.totals.cashOuts).toBe(summary.cashOuts);
        expect(flow.totals.timeCollected).toBe(summary.collected.time);
        expect(flow.totals.onTable).toBe(summary.chipsOnTable);
        // The seats' rows add up to the totals.
        const sum = (pick: (stay: (typeof flow.stays)[number]) => number): number => flow.stays.reduce((total, stay) => total + pick(stay), 0);
        expect(sum((stay) => stay.buyIn)).toBe(flow.totals.buyIns);
        expect(sum((stay) => stay.topUps)).toBe(flow.totals.topUps);
        expect(sum((stay) => stay.cashOut ?? 0)).toBe(flow.totals.cashOuts);
        expect(sum((stay) => stay.timeCollected)).toBe(flow.totals.timeCollected);
        const session = sessionReport(facts);
        expect(session.handsPlayed).toBe(summary.hands);
        expect(session.handsVoided).toBe(summary.voided);
        // The collections report equals the sum of the collection operations, hour by hour.
        const collections = collectionsReport(facts);
        const collected = log.reduce((total, entry) => total + (entry.type === 'time-collected' ? entry.amount : 0), 0);
        expect(collections.time.total).toBe(collected);
        expect(collections.time.total).toBe(summary.collected.time);
        expect(collections.time.byHour.reduce((total, { amount }) => total + amount, 0) + collections.time.untimed).toBe(collected);
        expect(collections.rake.total).toBe(summary.collected.rake);
        expect(session.time.byHour.reduce((total, { hands }) => total + hands, 0)).toBe(summary.hands);
        // The dealers' shifts add up to the session: every hand, every chip collected, once.
        const shifts = collections.shifts;
        expect(shifts.map((shift) => shift.number)).toEqual(['1', '2', '1'].slice(0, shifts.length));
        expect(shifts.reduce((total, shift) => total + shift.hands, 0)).toBe(summary.hands);
        expect(shifts.reduce((total, shift) => total + shift.timeCollected, 0)).toBe(collected);
        expect(shifts.reduce((total, shift) => total + shift.rake, 0)).toBe(collections.rake.total);
        expect(session.dealers.reduce((total, dealer) => total + dealer.hands, 0)).toBe(summary.hands);
        expect(session.dealers.map((dealer) => dealer.number).sort()).toEqual(['1', '2']);

        // Cut in two at any hand's start, the periods add up to the whole: hands, collections,
        // incidents, and the cash flow's chips (the second period opens with what the first leaves).
        const cut = facts.hands.at[Math.floor(facts.hands.seq.length / 2)] ?? null;
        if (cut !== null) {
          const early = { from: null, to: cut };
          const late = { from: cut, to: null };
          const [first, second] = [early, late].map((window) => sessionReport(within(facts, window)));
          expect((first?.handsPlayed ?? 0) + (second?.handsPlayed ?? 0)).toBe(session.handsPlayed);
          // A period that begins mid-shift still names the dealer of every hand (each hand carries it).
          expect(second?.dealers.every((dealer) => dealer.number !== null)).toBe(true);
          const [c1, c2] = [early, late].map((window) => collectionsReport(within(facts, window)));
          expect((c1?.time.total ?? 0) + (c2?.time.total ?? 0)).toBe(collections.time.total);
          const f1 = cashFlow(facts, null, state, early);
          const f2 = cashFlow(facts, null, state, late);
          expect(f1.totals.onTable).toBeNull();
          expect(f2.totals.opening).toBe(f1.totals.expected);
          expect(f2.totals.expected).toBe(flow.totals.expected);
          expect(f2.totals.unexplained).toBe(0);
          expect(f1.totals.timeCollected + f2.totals.timeCollected).toBe(flow.totals.timeCollected);
          expect(f1.stays.every((stay) => !stay.seatedBefore)).toBe(true);
        }
      }),
      { numRuns: 12 },
    );
  });

  it('writes CSV a spreadsheet reads back: commas, quotes and line breaks quoted', () => {
    expect(csv([['row', 'what'], [3, 'Ruling: "late", then reversed, as agreed\nby both'], [4, null]])).toBe('row,what\r\n3,"Ruling: ""late"", then reversed, as agreed\nby both"\r\n4,\r\n');
  });

  it('writes a name a spreadsheet would run as a formula as text (CSV injection), and negative amounts as numbers', () => {
    expect(csv([[6, '=HYPERLINK("x")', -40], [7, '+1', '@SUM(A1)'], [8, '-5', 'Ann-Marie']])).toBe(`6,"'=HYPERLINK(""x"")",-40\r\n7,'+1,'@SUM(A1)\r\n8,'-5,Ann-Marie\r\n`);
  });

  it('felt report reads a table’s database read-only, in JSON or CSV, and refuses one that does not verify', () => {
    const db = join(mkdtempSync(join(tmpdir(), 'felt-report-')), 'table.db');
    expect(spawnSync(felt, ['sim', '--hands', '40', '--seed', '3', '--db', db], { encoding: 'utf8' }).status).toBe(0);
    const report = spawnSync(felt, ['report', '--db', db, '--kind', 'cashflow', '--count', '5000'], { encoding: 'utf8' });
    expect(report.status).toBe(0);
    const flow = JSON.parse(report.stdout) as ReturnType<typeof cashFlow>;
    expect(flow.totals.unexplained).toBe(0);
    expect(flow.count?.difference).toBe(5000 - (flow.totals.onTable ?? 0));
    const session = spawnSync(felt, ['report', '--db', db, '--kind', 'session', '--format', 'csv'], { encoding: 'utf8' });
    expect(session.stdout.split('\r\n').slice(0, 2)).toEqual(['measure,value', 'hands played,40']);
    expect(spawnSync(felt, ['report', '--db', db, '--kind', 'rake'], { encoding: 'utf8' }).stderr).toContain("--kind is session, collections, cashflow, incidents, standings, hand, got 'rake'");
    // A period: the hands started in it, the cash flow opening with what came before.
    const whole = JSON.parse(spawnSync(felt, ['report', '--db', db, '--kind', 'session'], { encoding: 'utf8' }).stdout) as ReturnType<typeof sessionReport>;
    const middle = new Date(((whole.time.first ?? 0) + (whole.time.last ?? 0)) / 2).toISOString().slice(0, 16) + 'Z';
    const early = JSON.parse(spawnSync(felt, ['report', '--db', db, '--kind', 'session', '--to', middle], { encoding: 'utf8' }).stdout) as ReturnType<typeof sessionReport> & { window: unknown };
    const late = JSON.parse(spawnSync(felt, ['report', '--db', db, '--kind', 'session', '--from', middle], { encoding: 'utf8' }).stdout) as ReturnType<typeof sessionReport>;
    expect(early.window).toEqual({ from: null, to: Date.parse(middle) });
    expect(early.handsPlayed + late.handsPlayed).toBe(whole.handsPlayed);
    expect(early.handsPlayed).toBeGreaterThan(0);
    const lateFlow = JSON.parse(spawnSync(felt, ['report', '--db', db, '--kind', 'cashflow', '--from', middle], { encoding: 'utf8' }).stdout) as ReturnType<typeof cashFlow>;
    expect(lateFlow.totals.opening).toBeGreaterThan(0);
    expect(lateFlow.totals.unexplained).toBe(0);
    expect(spawnSync(felt, ['report', '--db', db, '--kind', 'session', '--from', '2026-11-29T18:00'], { encoding: 'utf8' }).stderr).toContain("--from is a date (2026-11-29, midnight UTC) or a time with its zone");
    // Printed: a PDF poppler reads, in German.
    const pdf = join(mkdtempSync(join(tmpdir(), 'felt-report-pdf-')), 'session.pdf');
    expect(spawnSync(felt, ['report', '--db', db, '--kind', 'session', '--format', 'pdf', '--lang', 'de', '--out', pdf], { encoding: 'utf8' }).status).toBe(0);
    expect(spawnSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).stdout).toMatch(/Gespielte Hände +40/);
    // One hand's detail: its full history, and its PHH.
    const hand = JSON.parse(spawnSync(felt, ['report', '--db', db, '--kind', 'hand', '--hand', '3'], { encoding: 'utf8' }).stdout) as { id: number; entries: { type: string }[]; phh: string | null };
    expect(hand.id).toBe(3);
    expect(hand.entries[0]?.type).toBe('hand-started');
    expect(hand.entries.filter((entry) => entry.type === 'deal').length).toBeGreaterThan(4);
    const phh = spawnSync(felt, ['report', '--db', db, '--kind', 'hand', '--hand', '3', '--format', 'phh'], { encoding: 'utf8' });
    expect(phh.stdout).toBe(hand.phh);
    expect(phh.stdout).toMatch(/^variant = "NT"$/m);
    expect(spawnSync(felt, ['report', '--db', db, '--kind', 'hand', '--hand', '999'], { encoding: 'utf8' }).stderr).toContain('there is no hand id 999');
    // A hand still in play when the table stopped: its rows hold hole cards nobody has shown, so no detail.
    const stopped = join(mkdtempSync(join(tmpdir(), 'felt-report-live-')), 'table.db');
    const live = Store.open(stopped);
    const table = TableController.open(live, { now: () => Date.UTC(2026, 10, 29, 18) }, CASINO_5_10);
    for (const seat of [1, 2, 3]) table.submit({ id: `s${seat}`, command: { type: 'sit', seat, name: `P${seat}`, buyIn: 500 } });
    ['As', 'Kd', '2c'].forEach((card, index) => table.submit({ id: `d${index}`, command: { type: 'draw', seat: index + 1, card: parseCard(card) } }));
    table.submit({ id: 'start', command: { type: 'start-hand' } });
    ['Qh', 'Jh', 'Th', '9h'].forEach((card, index) => table.submit({ id: `h${index}`, command: { type: 'deal', card: parseCard(card) } }));
    live.close();
    const inPlay = spawnSync(felt, ['report', '--db', stopped, '--kind', 'hand', '--hand', '1'], { encoding: 'utf8' });
    expect(inPlay.status).toBe(1);
    expect(inPlay.stderr).toContain('hand id 1 (hand number 1) is still in play: its detail is kept until it is over');
    expect(inPlay.stdout).toBe('');
    // A row changed behind the table's back: no report.
    const raw = new Database(db);
    raw.exec('DROP TRIGGER log_no_update');
    raw.prepare("UPDATE log SET payload = replace(payload, '\"amount\":15', '\"amount\":5') WHERE seq = (SELECT min(seq) FROM log WHERE payload LIKE '%time-collected%')").run();
    raw.close();
    const refused = spawnSync(felt, ['report', '--db', db, '--kind', 'cashflow'], { encoding: 'utf8' });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/does not verify: the log.s append-only triggers were removed; no report over a log that is not the truth/);
  });

  it('reads a report no further than the row verify checked: a running table writes on meanwhile', () => {
    const db = join(mkdtempSync(join(tmpdir(), 'felt-report-upto-')), 'table.db');
    expect(spawnSync(felt, ['sim', '--hands', '12', '--seed', '5', '--db', db], { encoding: 'utf8' }).status).toBe(0);
    const rows = [...readLog(db)];
    const whole = readReportSource(db, ALL_FACTS, true);
    // A row in the middle of the log, as if verify had checked the table up to there.
    const upTo = Math.floor(rows.length / 2);
    const { facts, table } = readReportSource(db, { kinds: ALL_FACTS.kinds, handFields: ['hand', 'rake'] }, true, upTo);
    expect(facts.hands.seq.length).toBeGreaterThan(0);
    expect(facts.hands.seq.length).toBeLessThan(whole.facts.hands.seq.length);
    expect(facts.hands.seq.every((seq) => seq <= upTo)).toBe(true);
    expect(facts.hands.rake).toHaveLength(facts.hands.seq.length);
    expect(facts.events.every((event) => event.seq <= upTo)).toBe(true);
    expect(facts.events.length).toBeLessThan(whole.facts.events.length);
    expect(table).toEqual(replayTable(rows.slice(0, upTo)));
  });
});

