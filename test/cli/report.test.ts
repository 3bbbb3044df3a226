import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runReport } from '../../src/cli/commands/report.js';
import { parseCard } from '../../src/cards/notation.js';
import { TableController } from '../../src/controller/table-controller.js';
import { CASINO_5_10 } from '../../src/engine/table/table-config.js';
import { Store } from '../../src/store/store.js';
import { cliIo, scratch, simulatedTable } from './cli-io.js';

/** A table stopped in the middle of its second hand dealt, the first having been a misdeal: hand id 2 is hand number 1. */
function stoppedAfterAMisdeal(): string {
  const db = join(scratch(), 'table.db');
  const store = Store.open(db);
  const table = TableController.open(store, { now: () => Date.UTC(2026, 10, 29, 18) }, CASINO_5_10);
  const send = (id: string, command: Parameters<typeof table.submit>[0]['command']): void => {
    const view = table.submit({ id, command });
    if (view.lastError !== null) throw new Error(`${id}: ${view.lastError.en}`);
  };
  for (const seat of [1, 2, 3]) send(`s${seat}`, { type: 'sit', seat, name: `P${seat}`, buyIn: 500 });
  ['As', 'Kd', '2c'].forEach((card, index) => send(`d${index}`, { type: 'draw', seat: index + 1, card: parseCard(card) }));
  send('start-1', { type: 'start-hand' });
  send('misdeal', { type: 'misdeal', reason: 'seat-skipped', by: 'Floor' });
  send('start-2', { type: 'start-hand' });
  ['Qh', 'Jh'].forEach((card, index) => send(`h${index}`, { type: 'deal', card: parseCard(card) }));
  store.close();
  return db;
}

describe('felt report', () => {
  it('says plainly that a database does not exist or is not a table database, as felt verify does: no "row 0"', async () => {
    const folder = scratch();
    const missing = join(folder, 'nosuch.db');
    const notADatabase = join(folder, 'notadb.txt');
    writeFileSync(notADatabase, 'hello, this is not a database at all\n');
    const empty = join(folder, 'empty.db');
    writeFileSync(empty, '');
    const cases: [string, string][] = [
      [missing, `felt report: ${missing} does not exist\n`],
      [notADatabase, `felt report: ${notADatabase} is not a Felt table database (it is not an SQLite database file)\n`],
      [empty, `felt report: ${empty} does not verify: this is not a Felt table's database (no 'log' table); no report over a log that is not the truth — see felt verify\n`],
    ];
    for (const [db, err] of cases) {
      const io = cliIo();
      expect(await runReport(['--db', db, '--kind', 'session'], io)).toBe(1);
      expect(io.written).toEqual({ out: '', err });
    }
  });

  it("gives a tournament's standings from its table: the places with the winner first, in JSON and CSV; a cash table has none", async () => {
    const db = join(scratch(), 'tournament.db');
    const store = Store.open(db);
    const table = TableController.open(store, { now: () => Date.UTC(2026, 10, 29, 18) }, { ...CASINO_5_10, timeCollection: null, tournament: { startingStack: 1500, levels: [{ smallBlind: 100, bigBlind: 200, ante: 0, bigBlindAnte: 200 }], levelEvery: { hands: 100 } } });
    const send = (id: string, command: Parameters<typeof table.submit>[0]['command']): void => {
      const view = table.submit({ id, command });
      if (view.lastError !== null) throw new Error(`${id}: ${view.lastError.en}`);
    };
    for (const [seat, name] of [[1, 'A'], [2, 'B'], [3, 'C']] as const) send(`s${seat}`, { type: 'sit', seat, name, buyIn: 1500 });
    ['As', 'Ks', 'Qs'].forEach((card, index) => send(`d${index}`, { type: 'draw', seat: index + 1, card: parseCard(card) }));
    send('short-b', { type: 'adjust-stack', seat: 2, amount: -600, reason: 'test stacks', by: 'Floor' });
    send('short-c', { type: 'adjust-stack', seat: 3, amount: -500, reason: 'test stacks', by: 'Floor' });
    send('start', { type: 'start-hand' });
    send('burn', { type: 'deal', card: null });
    ['Ks', 'Qs', 'As', 'Kh', 'Qh', 'Ah'].forEach((card, index) => send(`h${index}`, { type: 'deal', card: parseCard(card) }));
    send('a1', { type: 'all-in' });
    send('a2', { type: 'all-in' });
    send('a3', { type: 'call' });
    [null, '2c', '7d', '9h', null, 'Tc', null, '3s'].forEach((card, index) => send(`b${index}`, { type: 'deal', card: card === null ? null : parseCard(card) }));
    for (let show = 0; table.table.hand?.phase.kind === 'showdown'; show++) send(`show${show}`, { type: 'show' });
    store.close();
    const json = cliIo();
    expect(await runReport(['--db', db, '--kind', 'standings'], json)).toBe(0);
    expect(JSON.parse(json.written.out)).toMatchObject({ kind: 'standings', tournament: true, winner: 'A', places: [{ place: 1, name: 'A', seat: 1 }, { place: 2, name: 'C', seat: 3 }, { place: 3, name: 'B', seat: 2 }], playing: [] });
    const csv = cliIo();
    expect(await runReport(['--db', db, '--kind', 'standings', '--format', 'csv'], csv)).toBe(0);
    expect(csv.written.out).toBe('place,name,seat,chips\r\n1,A,1,\r\n2,C,3,\r\n3,B,2,\r\n');
    const cash = cliIo();
    expect(await runReport(['--db', stoppedAfterAMisdeal(), '--kind', 'standings'], cash)).toBe(0);
    expect(JSON.parse(cash.written.out)).toMatchObject({ tournament: false, places: [], playing: [] });
  });

  it('names phh only as the format of --kind hand', async () => {
    const db = await simulatedTable(1);
    await expect(runReport(['--db', db, '--kind', 'session', '--format', 'xml'], cliIo())).rejects.toThrow(/^--format is json, csv or pdf \(json or phh for --kind hand\), got 'xml'$/);
    await expect(runReport(['--db', db, '--kind', 'session', '--format', 'phh'], cliIo())).rejects.toThrow(/^--format phh is one hand's history, for --kind hand: a session report is --format json, csv or pdf$/);
  });

  it('says which of --hand and --kind hand is missing', async () => {
    const db = await simulatedTable(1);
    await expect(runReport(['--db', db, '--kind', 'session', '--hand', '3'], cliIo())).rejects.toThrow(/^--hand and --hand-number pick one hand for --kind hand: a session report covers every hand \(limit it with --from\/--to\), so leave them out$/);
    await expect(runReport(['--db', db, '--kind', 'hand'], cliIo())).rejects.toThrow(/^--kind hand needs --hand ID \(1 for the first dealt\) or --hand-number N \(the number the reports give\): the hand to show$/);
    await expect(runReport(['--db', db, '--kind', 'hand', '--hand', '1', '--hand-number', '1'], cliIo())).rejects.toThrow(/^give one hand: --hand ID or --hand-number N$/);
  });

  it('finds a hand by the number the reports give: a number a misdeal dealt again is the hand played, the void named by its id', async () => {
    // Seed 10: hand 3 is voided (a misdeal) and dealt again, so from there ids run one ahead of numbers.
    const db = await simulatedTable(5, 10);
    const io = cliIo();
    expect(await runReport(['--db', db, '--kind', 'hand', '--hand-number', '3'], io)).toBe(0);
    expect(JSON.parse(io.written.out)).toMatchObject({ id: 4, handNumber: 3, summary: { voided: null, complete: true } });
    expect(io.written.err).toBe('felt report: hand number 3 was dealt 2 times (a misdeal): this is hand id 4; the others are --hand 3\n');
    const void3 = cliIo();
    expect(await runReport(['--db', db, '--kind', 'hand', '--hand', '3'], void3)).toBe(0);
    expect(JSON.parse(void3.written.out)).toMatchObject({ id: 3, handNumber: 3, summary: { complete: false } });
    expect((JSON.parse(void3.written.out) as { summary: { voided: unknown } }).summary.voided).not.toBeNull();
    const fourth = cliIo();
    expect(await runReport(['--db', db, '--kind', 'hand', '--hand-number', '4', '--format', 'phh'], fourth)).toBe(0);
    expect(fourth.written.out).toMatch(/^_hand_number = 4$/m);
    expect(fourth.written.out).toMatch(/^_hand_id = 5$/m);
    const none = cliIo();
    expect(await runReport(['--db', db, '--kind', 'hand', '--hand-number', '99'], none)).toBe(1);
    expect(none.written.err).toContain('no hand numbered 99 was dealt in');
  });

  it('names a hand by its id and its number: after a misdeal, hand id 2 is the screen\'s hand 1', async () => {
    const db = stoppedAfterAMisdeal();
    const byId = cliIo();
    expect(await runReport(['--db', db, '--kind', 'hand', '--hand', '2'], byId)).toBe(1);
    expect(byId.written).toEqual({ out: '', err: 'felt report: hand id 2 (hand number 1) is still in play: its detail is kept until it is over\n' });
    const byNumber = cliIo();
    expect(await runReport(['--db', db, '--kind', 'hand', '--hand-number', '1', '--format', 'phh'], byNumber)).toBe(1);
    expect(byNumber.written.err).toBe('felt report: hand number 1 was dealt 2 times (a misdeal): this is hand id 2; the others are --hand 1\nfelt report: hand id 2 (hand number 1) is still in play: its detail is kept until it is over\n');
    const voided = cliIo();
    expect(await runReport(['--db', db, '--kind', 'hand', '--hand', '1', '--format', 'phh'], voided)).toBe(1);
    expect(voided.written.err).toBe('felt report: hand id 1 (hand number 1) was not played to the end: it has no hand history\n');
    const none = cliIo();
    expect(await runReport(['--db', db, '--kind', 'hand', '--hand', '9'], none)).toBe(1);
    expect(none.written.err).toBe(`felt report: there is no hand id 9 in ${db} (--hand is a hand's id, 1 for the first dealt; --hand-number takes the number the reports give)\n`);
  });

  it('refuses a day the calendar does not have, naming the option and what was given, rather than rolling it over', async () => {
    const db = join(scratch(), 'nosuch.db');
    const refused: [string, string, string][] = [
      ['--from', '2026-02-30', 'February 2026 has days 01–28'],
      ['--to', '2026-04-31', 'April 2026 has days 01–30'],
      ['--from', '2026-13-01', 'months are 01–12'],
      ['--from', '2026-00-10', 'months are 01–12'],
      ['--to', '2026-01-00', 'January 2026 has days 01–31'],
      ['--from', '2026-02-29T18:00Z', 'February 2026 has days 01–28'],
      ['--from', '2100-02-29', 'February 2100 has days 01–28'],
    ];
    for (const [option, given, why] of refused) {
      await expect(runReport(['--db', db, '--kind', 'session', option, given], cliIo())).rejects.toThrow(`${option} is no day of the calendar (${why}), got '${given}'`);
    }
    // A leap day is a day; the database is what is wrong then.
    for (const given of ['2024-02-29', '2000-02-29T18:00+01:00', '2026-12-31']) {
      const io = cliIo();
      expect(await runReport(['--db', db, '--kind', 'session', '--from', given], io)).toBe(1);
      expect(io.written.err).toBe(`felt report: ${db} does not exist\n`);
    }
    await expect(runReport(['--db', db, '--kind', 'session', '--from', '2026-11-29T25:00Z'], cliIo())).rejects.toThrow("--from is a date (2026-11-29, midnight UTC) or a time with its zone (2026-11-29T18:00Z, 2026-11-29T19:00+01:00), got '2026-11-29T25:00Z'");
  });

  it('refuses --from and --to with --kind hand, which shows one hand whenever it was played', async () => {
    const db = join(scratch(), 'nosuch.db');
    await expect(runReport(['--db', db, '--kind', 'hand', '--hand', '1', '--from', '2026-11-29'], cliIo())).rejects.toThrow(/^--from limits a report to a period: --kind hand shows one hand, whenever it was played, so leave --from out$/);
    await expect(runReport(['--db', db, '--kind', 'hand', '--hand-number', '1', '--to', '2026-11-29'], cliIo())).rejects.toThrow(/^--to limits a report to a period: --kind hand shows one hand, whenever it was played, so leave --to out$/);
  });
});
