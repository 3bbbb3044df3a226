import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core } from '../../src/api/core.js';
import { enrolTable } from '../../src/floor/link/enrol.js';
import { Shipper } from '../../src/floor/shipper/shipper.js';
import { SimulatedTable } from '../../src/floor/sim/simulated-table.js';
import { identify, loadStaff, staffPath } from '../../src/api/staff.js';
import { runStaff } from '../../src/cli/commands/staff.js';
import { startFloorLink } from '../../src/floor/shipper/table-link.js';
import { changeDirectory } from '../../src/floor/staff/directory.js';
import { floorStaffPath, readCopy } from '../../src/floor/staff/table-copy.js';
import { cliIo } from '../cli/cli-io.js';
import { floorClientOf, playedEnrolledTable, playedTableWithCopiedLink, startTestFloor, type TestFloor, until } from './support.js';

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
    const { db, link, table: played } = await playedEnrolledTable(floor, 'linked.db', 'Linked', { hands: 6, seed: 41 });
    const hashes = [...played.store.rows()].map((row) => row.hash);
    played.close();
    const core = await Core.open({ dbPath: db, hardware: 'sim', floorPin: '246813', seed: 1 });
    try {
      await until(() => core.controller.view().devices.some((device) => device.kind === 'floor-link' && device.state === 'connected'), 'the link on the status bar');
      // The played rows, and the start's own row after them: which software runs the table from there (D87).
      await until(async () => (await floorRows(link.table.id)).length === hashes.length + 1, 'the log at the floor');
      const atFloor = await floorRows(link.table.id);
      expect(atFloor.slice(0, hashes.length)).toEqual(hashes);
      expect(hashes).not.toContain(atFloor.at(-1));
      expect(core.controller.view().devices.find((device) => device.kind === 'floor-link')?.detail?.en).toBe('Linked to the floor as Linked');
    } finally {
      core.close();
    }
  });

  it('shows a fork the floor answers as a device fault, which the table keeps in its log for the floor', async () => {
    const { db: dbA, link, table: first } = await playedEnrolledTable(floor, 'first.db', 'Forked', { hands: 3, seed: 51 });
    const client = floorClientOf(link);
    const shipper = new Shipper(first.store, client, link.table.id, { pollMs: 5 });
    shipper.start();
    await shipper.caughtUp();
    await shipper.stop();
    client.close();
    first.close();
    // Another log under the same credential (a table's file swapped for another's): refused at the start.
    const { db: dbB, table: second } = playedTableWithCopiedLink(floor, dbA, 'second.db', { hands: 3, seed: 52 });
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

describe("the floor's staff at an enrolled table", () => {
  it('signs in with the floor\'s directory, takes a change made on the floor, and refuses every sign-in once its copy is older than the floor allows', async () => {
    await changeDirectory(floor.database.pool, { kind: 'add', member: { number: '1', name: 'Morgan', role: 'manager', pin: '111111' } });
    await changeDirectory(floor.database.pool, { kind: 'add', member: { number: '30', name: 'Lee', role: 'supervisor', pin: '303030' } });
    const db = join(floor.folder, 'staffed.db');
    await enrolTable(db, await floor.enrolment('Staffed'));
    const core = await Core.open({ dbPath: db, hardware: 'sim', floorPin: '246813', seed: 1 });
    const unlock = (staff: string, pin: string): unknown => JSON.parse(JSON.stringify(core.connect(() => undefined).handle(JSON.stringify({ id: 'u', name: 'floor-unlock', args: { staff, pin } }))));
    try {
      await until(() => loadStaff(staffPath(db))?.staff.some((member) => member.name === 'Lee') === true, "the floor's staff at the table");
      // The table's own first manager (made at its first start) is gone: the floor's directory is the table's.
      expect(unlock('1', '246813')).toMatchObject({ ok: false, error: { code: 'floor-pin-wrong' } });
      expect(unlock('30', '303030')).toMatchObject({ ok: true, result: { unlocked: true, who: { en: 'Lee, floor supervisor #30' } } });
      // The table's staff are edited on the floor, not at the table.
      const io = cliIo();
      expect(await runStaff(['add', '--db', db, '--number', '40', '--name', 'Ari', '--role', 'croupier'], io, { FELT_STAFF_PIN: '404040' })).toBe(1);
      expect(io.written.err).toMatch(/enrolled at a floor: its staff are edited there/);
    } finally {
      core.close();
    }
    // A change on the floor reaches the running table's link (here one asking every 50 ms).
    const changed = await changeDirectory(floor.database.pool, { kind: 'change', number: '30', change: { pin: '313131' } });
    const link = startFloorLink(db, { headOfChain: () => ({ seq: 0, hash: '0'.repeat(64) }), rows: () => [][Symbol.iterator]() }, { subscribe: () => () => undefined, view: () => { throw new Error('no view'); }, reportDevice: () => undefined }, { pollMs: 1_000, staffEveryMs: 50 });
    try {
      await until(() => readCopy(db)?.version === changed.version, 'the new version at the table');
      const staff = loadStaff(staffPath(db));
      expect(staff === null ? null : identify(staff, { staff: '30', pin: '313131' })?.name).toBe('Lee');
    } finally {
      await link?.stop();
    }
    // Cut off from the floor for longer than it allows: every sign-in refused, in words that say why.
    const copy = readCopy(db);
    writeFileSync(floorStaffPath(db), JSON.stringify({ ...copy, confirmedAt: Date.now() - (copy?.maxAgeMs ?? 0) - 60_000 }));
    // Truly cut off: the floor's server is down (the last test of this file), so nothing renews the copy.
    await floor.server.close();
    const offline = await Core.open({ dbPath: db, hardware: 'sim', seed: 1 });
    try {
      await until(() => offline.controller.view().devices.some((device) => device.kind === 'floor-link' && device.state === 'disconnected'), 'the floor out of reach');
      const refused = JSON.parse(JSON.stringify(offline.connect(() => undefined).handle(JSON.stringify({ id: 'u', name: 'floor-unlock', args: { staff: '30', pin: '313131' } })))) as { ok: boolean; error?: { words: { en: string } } };
      expect(refused.ok).toBe(false);
      expect(refused.error?.words.en).toMatch(/copy of the floor's staff was last confirmed .* reconnect the table to the floor/);
    } finally {
      offline.close();
    }
  });
});
