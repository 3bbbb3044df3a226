import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core } from '../../src/api/core.js';
import { enrolTable } from '../../src/floor/link/enrol.js';
import { FloorClient } from '../../src/floor/link/floor-client.js';
import { linkFilePath } from '../../src/floor/link/link-file.js';
import { Shipper } from '../../src/floor/shipper/shipper.js';
import { SimulatedTable } from '../../src/floor/sim/simulated-table.js';
import { startTestFloor, type TestFloor, until } from './support.js';

let floor: TestFloor;

beforeAll(async () => {
  floor = await startTestFloor();
}, 60_000);

afterAll(async () => {
  await floor.close();
});

async function floorRows(tableId: string): Promise<string[]> {
  return (await floor.database.pool.query<{ hash: string }>('SELECT hash FROM log_row WHERE table_id = $1 ORDER BY seq', [tableId])).rows.map((row) => row.hash);
}

describe('a table enrolled at a floor', () => {
  it('ships its log from the running table, and shows the link on its status bar', async () => {
    const db = join(floor.folder, 'linked.db');
    const link = await enrolTable(db, await floor.enrolment('Linked'));
    const played = SimulatedTable.open(db, { hands: 6, seed: 41 });
    played.playAll();
    const hashes = [...played.store.rows()].map((row) => row.hash);
    played.close();
    const core = await Core.open({ dbPath: db, hardware: 'sim', floorPin: '246813', seed: 1 });
    try {
      await until(() => core.controller.view().devices.some((device) => device.kind === 'floor-link' && device.state === 'connected'), 'the link on the status bar');
      await until(async () => (await floorRows(link.table.id)).length === hashes.length, 'the log at the floor');
      expect(await floorRows(link.table.id)).toEqual(hashes);
      expect(core.controller.view().devices.find((device) => device.kind === 'floor-link')?.detail?.en).toBe('Linked to the floor as Linked');
    } finally {
      core.close();
    }
  });

  it('shows a fork the floor answers as a device fault, which the table keeps in its log for the floor', async () => {
    const dbA = join(floor.folder, 'first.db');
    const link = await enrolTable(dbA, await floor.enrolment('Forked'));
    const first = SimulatedTable.open(dbA, { hands: 3, seed: 51 });
    first.playAll();
    const client = new FloorClient(link.address, link.fingerprint, link.certificate, { tableId: link.table.id, secret: link.credential });
    const shipper = new Shipper(first.store, client, link.table.id, { pollMs: 5 });
    shipper.start();
    await shipper.caughtUp();
    await shipper.stop();
    client.close();
    first.close();
    // Another log under the same credential (a table's file swapped for another's): refused at the start.
    const dbB = join(floor.folder, 'second.db');
    copyFileSync(linkFilePath(dbA), linkFilePath(dbB));
    const second = SimulatedTable.open(dbB, { hands: 3, seed: 52 });
    second.playAll();
    second.close();
    const core = await Core.open({ dbPath: dbB, hardware: 'sim', floorPin: '246813', seed: 1 });
    try {
      await until(() => core.controller.view().devices.some((device) => device.kind === 'floor-link' && device.state === 'fault'), 'the fork on the status bar');
      const device = core.controller.view().devices.find((status) => status.kind === 'floor-link');
      expect(device?.detail?.en).toMatch(/^The floor refuses this table's log: the floor holds /);
      expect(device?.detail?.de).toMatch(/^Der Floor lehnt das Protokoll dieses Tisches ab/);
    } finally {
      core.close();
    }
    // The incident is in the table's own log (for its incidents report, and for the floor once it takes the log again).
    const reopened = SimulatedTable.open(dbB, { hands: 3, seed: 52 });
    const incidents = [...reopened.store.entries()].filter((entry) => entry.type === 'device-incident');
    reopened.close();
    expect(incidents).toEqual([expect.objectContaining({ device: 'floor', kind: 'floor-link', incident: 'device-fault' })]);
  });

  it('starts as it always did with no floor: no link, nothing on the status bar', async () => {
    const core = await Core.open({ dbPath: join(floor.folder, 'alone.db'), hardware: 'sim', floorPin: '246813', seed: 1 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(core.controller.view().devices.some((device) => device.kind === 'floor-link')).toBe(false);
    } finally {
      core.close();
    }
  });
});
