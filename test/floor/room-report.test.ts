import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolTable } from '../../src/floor/link/enrol.js';
import { FloorClient } from '../../src/floor/link/floor-client.js';
import { roomReport, ROOM_REPORT_KINDS } from '../../src/floor/reports/room-report.js';
import { Shipper } from '../../src/floor/shipper/shipper.js';
import { SimulatedTable } from '../../src/floor/sim/simulated-table.js';
import { floorReport, REPORT_FACTS } from '../../src/reports/floor-report.js';
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

describe("the room's reports", () => {
  it("are each table's own reports over the same rows, by the table's own code, and the room's totals their sums — in any period, and again as the tables play on; each table's hands listed and replayed as the table replays them", async () => {
    const tables = [await tableAt('Room A', 12, 901), await tableAt('Room B', 9, 902), await tableAt('Room C', 6, 903)];
    try {
      const check = async (): Promise<void> => {
        // A period from the middle of the first table's hands on.
        const at = tables[0]?.table.store.reportFacts(REPORT_FACTS.session).hands.at.filter((time): time is number => time !== null) ?? [];
        const windows = [{ from: null, to: null }, { from: at[Math.floor(at.length / 2)] ?? null, to: null }];
        for (const window of windows) {
          for (const kind of ROOM_REPORT_KINDS) {
            const room = await roomReport(floor.database.pool, kind, window);
            for (const { id, table } of tables) {
              const atFloor = room.tables.find((entry) => entry.id === id);
              // The table's own report over the rows the floor holds (a hand in play stays at the table).
              const upTo = atFloor?.upToRow ?? -1;
              expect(upTo).toBe((await storedHead(floor.database.pool, id))?.seq);
              const own = floorReport(kind, upToRow(table.store.reportFacts(REPORT_FACTS[kind]), upTo), { window });
              expect(atFloor?.report).toEqual(own);
              expect(atFloor?.derivedBy).toMatch(/^felt /);
            }
            const reports = room.tables.map((entry) => entry.report);
            if (kind === 'session') {
              expect(room.totals.handsPlayed).toBe(reports.reduce((sum, report) => sum + (report.kind === 'session' ? report.handsPlayed : 0), 0));
              expect(room.totals.handsPlayed).toBeGreaterThan(0);
              expect(room.totals.byDealer.reduce((sum, dealer) => sum + dealer.hands, 0)).toBe(reports.reduce((sum, report) => sum + (report.kind === 'session' ? report.dealers.reduce((inner, dealer) => inner + dealer.hands, 0) : 0), 0));
            }
            if (kind === 'collections') {
              expect(room.totals.rake).toBe(reports.reduce((sum, report) => sum + (report.kind === 'collections' ? report.rake.total : 0), 0));
              expect(room.totals.byHour.reduce((sum, hour) => sum + hour.rake, 0)).toBe(room.totals.rake);
              expect(room.totals.timeCollected).toBe(reports.reduce((sum, report) => sum + (report.kind === 'collections' ? report.time.total : 0), 0));
            }
          }
        }
      };
      // Half-way, a hand in play at the tables; then to the end: the facts at the floor go on from where they stood.
      for (const { table } of tables) table.step(300);
      await ship(tables);
      await check();
      for (const { table } of tables) table.playAll();
      await ship(tables);
      await check();
      for (const { id, table } of tables) expect((await storedHead(floor.database.pool, id))?.seq).toBe(table.store.headOfChain().seq);

      // From the command line: the same report, as CSV.
      const collections = await roomReport(floor.database.pool, 'collections');
      const io = cliIo();
      expect(await runFloor(['report', '--data', join(floor.folder, 'floor'), '--kind', 'collections', '--format', 'csv'], io)).toBe(0);
      expect(io.written.out).toBe(roomCsv(collections));
      expect(io.written.out).toMatch(/^Room A,collection,by,hour,seat,hand,dealer number,dealer,shift from,shift to,hands,amount\r$/m);
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
