import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceStatus } from '../../src/controller/view-model.js';
import { enrolTable } from '../../src/floor/link/enrol.js';
import { type LinkState, type ShippedLog, Shipper } from '../../src/floor/shipper/shipper.js';
import { startFloorLink } from '../../src/floor/shipper/table-link.js';
import { SimulatedTable } from '../../src/floor/sim/simulated-table.js';
import type { LogRow } from '../../src/store/store.js';
import { floorClientOf, playedEnrolledTable, playedTableWithCopiedLink, startTestFloor, type TestFloor, until } from './support.js';

let floor: TestFloor;

beforeAll(async () => {
  floor = await startTestFloor();
}, 60_000);

afterAll(async () => {
  await floor.close();
});

/** The floor's copy of a table's log: each row's number and hash, in order. */
async function atFloor(tableId: string): Promise<{ seq: number; hash: string }[]> {
  return (await floor.database.pool.query<{ seq: number; hash: string }>('SELECT seq, hash FROM log_row WHERE table_id = $1 ORDER BY seq', [tableId])).rows;
}

function own(store: ShippedLog): { seq: number; hash: string }[] {
  return [...store.rows()].map((row) => ({ seq: row.seq, hash: row.hash }));
}

/** Where the last hand that ended in these rows ended (0: none). */
function lastHandEnd(rows: readonly LogRow[]): number {
  let end = 0;
  let inHand = false;
  for (const row of rows) {
    const type = (JSON.parse(row.payload) as { type: string }).type;
    if (type === 'hand-positions') inHand = true;
    if (type === 'hand-settled' || type === 'hand-voided') inHand = false;
    if (!inHand) end = row.seq;
  }
  return end;
}


describe('the shipper', () => {
  it('sends the log in order as the table plays, never a row of a hand in play, and ends with the same rows at the floor', async () => {
    const db = join(floor.folder, 'play.db');
    const link = await enrolTable(db, await floor.enrolment('Play'));
    const table = SimulatedTable.open(db, { hands: 15, seed: 11 });
    const client = floorClientOf(link);
    const shipper = new Shipper(table.store, client, link.table.id, { batchRows: 40, pollMs: 5 });
    shipper.start();
    let checks = 0;
    while (table.playing) {
      table.step(7);
      shipper.nudge();
      await new Promise((resolve) => setTimeout(resolve, 3));
      const stored = await atFloor(link.table.id);
      const boundary = lastHandEnd([...table.store.rows()]);
      // The floor never holds a row past the last hand that ended: no hole card of a hand in play.
      expect(stored.length).toBeLessThanOrEqual(boundary);
      expect(stored).toEqual(own(table.store).slice(0, stored.length));
      checks++;
    }
    await shipper.caughtUp();
    expect(await atFloor(link.table.id)).toEqual(own(table.store).slice(0, lastHandEnd([...table.store.rows()])));
    expect(checks).toBeGreaterThan(20);
    await shipper.stop();
    client.close();
    table.close();
  });

  it('keeps the table playing with the floor down, and catches up by itself when it is back', async () => {
    const db = join(floor.folder, 'down.db');
    const link = await enrolTable(db, await floor.enrolment('Down'));
    const table = SimulatedTable.open(db, { hands: 30, seed: 12 });
    const states: LinkState['state'][] = [];
    const client = floorClientOf(link);
    const shipper = new Shipper(table.store, client, link.table.id, { pollMs: 5, retryMs: 20, maxRetryMs: 100, onState: (state) => states.push(state.state) });
    shipper.start();
    table.step(300);
    await shipper.caughtUp();
    await floor.server.close();
    table.step(600);
    shipper.nudge();
    await until(() => shipper.status().state === 'offline', 'the shipper sees the floor down');
    table.playAll();
    const before = (await atFloor(link.table.id)).length;
    expect(before).toBeLessThan(lastHandEnd([...table.store.rows()]));
    await floor.restartServer();
    await shipper.caughtUp();
    expect(await atFloor(link.table.id)).toEqual(own(table.store));
    expect(states).toEqual(['linked', 'offline', 'linked']);
    await shipper.stop();
    client.close();
    table.close();
  });

  it('stops at a fork the floor answers, and shows it on the table as a device fault', async () => {
    // Two tables with one credential (a copied link file): the first ships its log, the second's differs.
    const { db: dbA, link, table: a } = await playedEnrolledTable(floor, 'fork-a.db', 'Fork', { hands: 4, seed: 21 });
    const { db: dbB, table: b } = playedTableWithCopiedLink(floor, dbA, 'fork-b.db', { hands: 6, seed: 22 });
    // B begins while the floor's copy is empty; A's log reaches the floor before B's first batch.
    const hidden = { rows: 0 };
    const bLog: ShippedLog = { headOfChain: () => (hidden.rows === 0 ? { seq: 0, hash: '0'.repeat(64) } : b.store.headOfChain()), rows: (after) => b.store.rows(after) };
    const devices: DeviceStatus[] = [];
    const bLink = startFloorLink(dbB, bLog, { subscribe: () => () => undefined, view: () => b.controller.view(), reportDevice: (status) => devices.push(status) }, { pollMs: 5 });
    await until(() => bLink?.shipper.status().state === 'linked', 'B linked at row 0');
    const aClient = floorClientOf(link);
    const aShipper = new Shipper(a.store, aClient, link.table.id, { pollMs: 5 });
    aShipper.start();
    await aShipper.caughtUp();
    hidden.rows = 1;
    bLink?.shipper.nudge();
    await until(() => bLink?.shipper.status().state === 'fork', 'B stopped at a fork');
    // Both logs begin alike (the same table opened at the same time): they part where the seeds differ.
    const aRows = own(a.store);
    const parted = own(b.store).findIndex((row, index) => row.hash !== aRows[index]?.hash) + 1;
    expect(parted).toBeGreaterThan(1);
    expect(bLink?.shipper.status()).toMatchObject({ state: 'fork', seq: parted });
    expect(devices.at(-1)).toMatchObject({ id: 'floor', kind: 'floor-link', state: 'fault', incident: 'device-fault', detail: { en: expect.stringMatching(/refuses this table's log/) } });
    // The floor keeps A's log and the fork.
    expect(await atFloor(link.table.id)).toEqual(own(a.store));
    const forks = await floor.database.pool.query('SELECT seq FROM fork_incident WHERE table_id = $1', [link.table.id]);
    expect(forks.rows).toEqual([{ seq: parted }]);
    // B started again: the fork is found at the start, before anything is sent.
    await bLink?.stop();
    const again = new Shipper(b.store, floorClientOf(link), link.table.id, { pollMs: 5 });
    again.start();
    await until(() => again.status().state === 'fork', 'B finds the fork at its start');
    await again.stop();
    await aShipper.stop();
    aClient.close();
    a.close();
    b.close();
  });

  it('finds a log cut short (fewer rows than the floor holds) at its start', async () => {
    const { db, link, table } = await playedEnrolledTable(floor, 'cut.db', 'Cut', { hands: 5, seed: 31 });
    const client = floorClientOf(link);
    const shipper = new Shipper(table.store, client, link.table.id, { pollMs: 5 });
    shipper.start();
    await shipper.caughtUp();
    await shipper.stop();
    table.close();
    // The table's file replaced by a shorter log (an older copy): a new session of two hands.
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${db}${suffix}`, { force: true });
    const shorter = SimulatedTable.open(db, { hands: 2, seed: 31 });
    shorter.playAll();
    const restarted = new Shipper(shorter.store, client, link.table.id, { pollMs: 5 });
    restarted.start();
    await until(() => restarted.status().state === 'fork', 'the shorter log is found');
    expect(restarted.status()).toMatchObject({ words: { en: expect.stringMatching(/the table only \d+/) } });
    await restarted.stop();
    client.close();
    shorter.close();
  });
});
