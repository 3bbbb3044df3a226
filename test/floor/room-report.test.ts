import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolTable } from '../../src/floor/link/enrol.js';
import { FloorClient } from '../../src/floor/link/floor-client.js';
import { roomReport, ROOM_REPORT_KINDS } from '../../src/floor/reports/room-report.js';
import { lineOf, roomSums } from './room-lines.js';
import { pdfPages } from '../reports/pdf-support.js';
import { FACTS_DERIVED_BY } from '../../src/floor/reports/room-facts.js';
import { Shipper } from '../../src/floor/shipper/shipper.js';
import { SimulatedTable } from '../../src/floor/sim/simulated-table.js';
import { type FloorReport, floorReport, REPORT_FACTS } from '../../src/reports/floor-report.js';
import { upToRow } from '../../src/reports/facts.js';
import { storedHead } from '../../src/floor/ingest/ingest.js';
import { readFileSync } from 'node:fs';
import { runFloor } from '../../src/cli/commands/floor.js';
import { roomCsv } from '../../src/floor/reports/room-csv.js';
import { changeDirectory } from '../../src/floor/staff/directory.js';
import { cliIo } from '../cli/cli-io.js';
import { launchChromium } from '../e2e/support.js';
import { HandArchive } from '../../src/store/hand-archive.js';
import { tableHandReplay, tableHands } from '../../src/floor/reports/room-hands.js';
import { startTestFloor, type TestFloor } from './support.js';

let floor: TestFloor;

beforeAll(async () => {
  floor = await startTestFloor('felt-floor-', { screens: true });
}, 60_000);

afterAll(async () => {
  await floor.close();
});

type Table = { readonly id: string; readonly table: SimulatedTable; readonly shipper: Shipper; readonly client: FloorClient };

async function tableAt(name: string, hands: number, seed: number): Promise<Table> {
  const db = join(floor.folder, `${name}.db`);
  const link = await enrolTable(db, await floor.enrolment(name));
  const table = SimulatedTable.open(db, { hands, seed, dealers: 3 });
  const client = new FloorClient(link.address, link.fingerprint, link.certificate, { tableId: link.table.id, secret: link.credential });
  return { id: link.table.id, table, client, shipper: new Shipper(table.store, client, link.table.id, { pollMs: 5 }) };
}

async function ship(tables: readonly Table[]): Promise<void> {
  for (const { shipper } of tables) {
    shipper.start();
    await shipper.caughtUp();
    await shipper.stop();
  }
}

/** A CSV read as a spreadsheet reads it: one header, every row as long (csv-parse, strict). */
const records = (text: string): Record<string, string>[] => parse(text, { columns: true, bom: false, relax_column_count: false, skip_empty_lines: false });

describe("the room's reports", () => {
  it("are each table's own reports over the same rows, by the table's own code, and the room's totals their sums — in any period, and again as the tables play on; each table's hands listed and replayed as the table replays them", async () => {
    const tables = [await tableAt('Room A', 70, 901), await tableAt('Room B', 50, 902), await tableAt('Room C', 30, 903)];
    try {
      const check = async (end: boolean): Promise<void> => {
        // Periods that cut clock hours at one end or both, that take whole hours only (read from the floor's
        // summaries), that lie inside one hour, and that hold nothing.
        const at = tables[0]?.table.store.reportFacts(REPORT_FACTS.session).hands.at.filter((time): time is number => time !== null) ?? [];
        const first = at[0] ?? 0;
        const hour = Math.ceil(first / 3_600_000) * 3_600_000;
        const windows = [
          { from: null, to: null },
          { from: at[Math.floor(at.length / 2)] ?? null, to: null },
          { from: null, to: (at[Math.floor(at.length / 3)] ?? 0) + 1 },
          { from: hour, to: hour + 3_600_000 },
          { from: first + 60_000, to: hour + 3_600_000 + 7 * 60_000 },
          { from: hour + 5 * 60_000, to: hour + 25 * 60_000 },
          { from: (at.at(-1) ?? 0) + 3_600_000 * 5, to: null },
        ];
        for (const window of windows) {
          for (const kind of ROOM_REPORT_KINDS) {
            const room = await roomReport(floor.database.pool, kind, window);
            const owns = new Map<string, FloorReport>();
            for (const { id, table } of tables) {
              const atFloor = room.tables.find((entry) => entry.id === id);
              // The table's own report over the rows the floor holds (a hand in play stays at the table).
              const upTo = atFloor?.upToRow ?? -1;
              expect(upTo).toBe((await storedHead(floor.database.pool, id))?.seq);
              const own = floorReport(kind, upToRow(table.store.reportFacts(REPORT_FACTS[kind]), upTo), { window });
              owns.set(id, own);
              expect(atFloor?.report, `${kind} of ${id} over ${JSON.stringify(window)}`).toEqual(lineOf(own));
              expect(atFloor?.derivedBy).toBe(FACTS_DERIVED_BY);
            }
            // The room's totals are the sums of the tables' own reports: per hour and per dealer across tables too.
            const sums = roomSums([...owns.values()]);
            expect(room.totals.handsPlayed).toBe(sums.handsPlayed);
            expect(room.totals.rake).toBe(sums.rake);
            expect(room.totals.timeCollected).toBe(sums.timeCollected);
            expect(room.totals.incidents).toBe(sums.incidents);
            expect(room.totals.byHour).toEqual(sums.byHour);
            expect(room.totals.byDealer).toEqual(sums.byDealer);
            if (end && window.from === null && window.to === null) {
              // The sessions hold what the checks need: hours, dealers taking turns, time collected, incidents.
              if (kind === 'session') expect(room.totals.byHour.length).toBeGreaterThan(2);
              if (kind === 'session') expect(room.totals.byDealer.filter((dealer) => dealer.number !== null && dealer.tables === 3 && dealer.minutes > 0).length).toBe(3);
              if (kind === 'collections') expect(room.totals.timeCollected).toBeGreaterThan(0);
            }
          }
        }
      };
      // Half-way, a hand in play at the tables; then to the end: the facts at the floor go on from where they stood.
      for (const { table } of tables) table.step(300);
      await ship(tables);
      await check(false);
      for (const { table } of tables) table.playAll();
      await ship(tables);
      await check(true);
      for (const { id, table } of tables) expect((await storedHead(floor.database.pool, id))?.seq).toBe(table.store.headOfChain().seq);

      // Facts made by an older derivation (here: the floor's first, and changed since) are derived again
      // from the rows before a report reads them, and the report says which derivation each table's are (D97).
      const first = tables[0] as Table;
      await floor.database.pool.query("UPDATE fact_cursor SET derived_by = 'felt 0.1.0, facts of D36' WHERE table_id = $1", [first.id]);
      await floor.database.pool.query('UPDATE hand_hour SET played = played + 5, rake = rake + 100 WHERE table_id = $1', [first.id]);
      const again = await roomReport(floor.database.pool, 'session');
      const line = again.tables.find((entry) => entry.id === first.id);
      expect(line?.derivedBy).toBe(FACTS_DERIVED_BY);
      expect(line?.report).toEqual(lineOf(floorReport('session', upToRow(first.table.store.reportFacts(REPORT_FACTS.session), line?.upToRow ?? 0))));

      // From the command line: the same report, as CSV — one header, every row as long, read back by a CSV parser.
      const collections = await roomReport(floor.database.pool, 'collections');
      const io = cliIo();
      expect(await runFloor(['report', '--data', join(floor.folder, 'floor'), '--kind', 'collections', '--format', 'csv'], io)).toBe(0);
      expect(io.written.out).toBe(roomCsv(collections));
      for (const kind of ROOM_REPORT_KINDS) {
        const room = await roomReport(floor.database.pool, kind, { from: 1, to: null });
        const rows = records(roomCsv(room));
        // The tables' lines sum to the room's line, which stands in its own row; no number column holds a word.
        const tableRows = rows.filter((row) => row.line === 'table');
        const roomRow = rows.find((row) => row.line === 'room');
        expect(tableRows.map((row) => row.table)).toEqual(room.tables.map((table) => table.name));
        expect(rows.every((row) => row['period from'] === new Date(1).toISOString())).toBe(true);
        const column = kind === 'session' ? 'hands played' : kind === 'incidents' ? 'incidents' : 'rake';
        expect(Number(roomRow?.[column])).toBe(tableRows.reduce((sum, row) => sum + Number(row[column]), 0));
        for (const row of rows) for (const name of ['hands played', 'rake', 'time collected', 'incidents', 'rows at the floor', 'tables']) if (row[name] !== undefined && row[name] !== '') expect(row[name], `${kind}: ${name}`).toMatch(/^-?\d+$/);
        expect(roomRow?.tables).toBe(String(tables.length));
      }
      // As PDF, in the tables' printed layout, in German: the room's totals and each table's line with its derivation.
      const pdfFile = join(floor.folder, 'room.pdf');
      expect(await runFloor(['report', '--data', join(floor.folder, 'floor'), '--kind', 'collections', '--format', 'pdf', '--lang', 'de', '--out', pdfFile], cliIo())).toBe(0);
      const { pages, stderr } = pdfPages(pdfFile);
      expect(stderr).toBe('');
      const printed = pages.join('\n');
      expect(printed).toMatch(/^Saalbericht: Einnahmen und Rake$/m);
      expect(printed).toMatch(new RegExp(`^ *Zeitgebühr eingenommen +${collections.totals.timeCollected.toLocaleString('de-DE')}$`, 'm'));
      for (const table of collections.tables) if (table.report.kind === 'collections') expect(printed).toMatch(new RegExp(`^ *${table.name} +${table.upToRow} +${table.report.rake} +${table.report.timeCollected.toLocaleString('de-DE')} +felt facts`, 'm'));
      await expect(runFloor(['report', '--data', join(floor.folder, 'floor'), '--kind', 'collections', '--format', 'pdf'], cliIo())).rejects.toThrow(/--format pdf needs --out FILE/);
      await expect(runFloor(['report', '--data', join(floor.folder, 'floor'), '--kind', 'collections', '--lang', 'fr', '--format', 'pdf', '--out', pdfFile], cliIo())).rejects.toThrow(/--lang is en or de/);
      await expect(runFloor(['report', '--data', join(floor.folder, 'floor'), '--kind', 'standings'], cliIo())).rejects.toThrow(/--kind is one of session, collections, cashflow, incidents/);

      // On the floor's screen: the totals, the hours as bars, each table, and the CSV.
      await changeDirectory(floor.database.pool, { kind: 'add', member: { number: '1', name: 'Morgan', role: 'manager', pin: '111111' } });
      const session = await roomReport(floor.database.pool, 'session');
      const browser = await launchChromium();
      try {
        const page = await (await browser.newContext({ ignoreHTTPSErrors: true, acceptDownloads: true })).newPage();
        await page.goto(`${floor.address()}/`);
        await page.getByTestId('floor-number').fill('1');
        await page.getByTestId('floor-pin').fill('111111');
        await page.getByTestId('floor-sign-in-button').click();
        await page.getByTestId('tab-reports').click();
        await page.getByTestId('report-kind').selectOption('session');
        await page.getByTestId('report-show').click();
        await expect.poll(() => page.getByTestId('total-hands').textContent()).toBe(session.totals.handsPlayed.toLocaleString('en-US'));
        expect(await page.getByTestId('report-table').count()).toBe(3);
        expect(await page.locator('[data-testid="report-hours"] li').count()).toBe(session.totals.byHour.length);
        await page.getByTestId('report-kind').selectOption('collections');
        await page.getByTestId('report-show').click();
        await expect.poll(() => page.getByTestId('total-rake').textContent()).toBe(collections.totals.rake.toLocaleString('en-US'));
        const downloading = page.waitForEvent('download');
        await page.getByTestId('report-csv').click();
        const file = await (await downloading).path();
        expect(readFileSync(file, 'utf8')).toBe(roomCsv(collections));
        // The PDF from the screen, in its language: the same report in the tables' printed layout.
        const printing = page.waitForEvent('download');
        await page.getByTestId('report-pdf').click();
        const pdf = await (await printing).path();
        const onScreen = pdfPages(pdf).pages.join('\n');
        expect(onScreen).toMatch(/^Room report: Collections and rake$/m);
        expect(onScreen).toMatch(new RegExp(`^ *Rake +${collections.totals.rake.toLocaleString('en-US')}$`, 'm'));
        expect(onScreen).toContain('Room A');
        // A period the wrong way round is refused in words.
        await page.getByTestId('report-from').fill('2030-01-02');
        await page.getByTestId('report-to').fill('2030-01-01');
        await page.getByTestId('report-show').click();
        await expect.poll(() => page.getByTestId('report-problem').textContent()).toMatch(/from before to/);

        // A table's hands at the floor: the list from the floor's facts, the replay the table's own.
        const first = tables[0] as Table;
        const own = new HandArchive((after) => first.table.store.entries(after));
        const atFloor = await tableHands(floor.database.pool, first.id, null);
        expect(atFloor.hands.map((hand) => hand.handNumber)).toEqual(own.list().hands.map((hand) => hand.handNumber));
        const newest = atFloor.hands[0];
        if (newest === undefined) throw new Error('no hand at the floor');
        const ownReplay = own.replay(own.idsOf(newest.handNumber).at(-1) ?? 0);
        expect((await tableHandReplay(floor.database.pool, first.id, newest.seq))?.steps).toEqual(ownReplay?.steps);
        expect(await tableHandReplay(floor.database.pool, first.id, newest.seq - 1)).toBeNull();
        await page.getByTestId('tab-board').click();
        await page.locator('[data-testid="floor-table"][data-table="Room A"]').getByTestId('table-hands-open').click();
        await expect.poll(() => page.getByTestId('hand-row').count()).toBe(atFloor.hands.length);
        // Beside the hands, the table's incidents as its own incidents report gives them over the rows at the floor.
        const ownIncidents = floorReport('incidents', upToRow(first.table.store.reportFacts(REPORT_FACTS.incidents), (await storedHead(floor.database.pool, first.id))?.seq ?? 0));
        if (ownIncidents.kind !== 'incidents') throw new Error('not the incidents');
        await expect.poll(() => page.getByTestId('table-incidents-facts').textContent()).toContain(FACTS_DERIVED_BY);
        expect(await page.getByTestId('table-incident').count()).toBe(ownIncidents.incidents.length);
        expect(await page.getByTestId('table-incident').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-row'))))).toEqual(ownIncidents.incidents.map((incident) => incident.row));
        for (const [index, incident] of ownIncidents.incidents.entries()) expect(await page.getByTestId('table-incident').nth(index).textContent()).toContain(incident.words.en);
        await page.getByTestId('hand-open').first().click();
        await expect.poll(() => page.getByTestId('replay-step').count()).toBe(ownReplay?.steps.length);
        expect(await page.getByTestId('replay-step').first().textContent()).toContain(ownReplay?.steps[0]?.words.en ?? '?');
      } finally {
        await browser.close();
      }
    } finally {
      for (const { table, client } of tables) {
        table.close();
        client.close();
      }
    }
  });
});
