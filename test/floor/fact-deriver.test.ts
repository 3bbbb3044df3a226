import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedHead } from '../../src/floor/ingest/ingest.js';
import { enrolTable } from '../../src/floor/link/enrol.js';
import { FloorClient } from '../../src/floor/link/floor-client.js';
import { Shipper } from '../../src/floor/shipper/shipper.js';
import { SimulatedTable } from '../../src/floor/sim/simulated-table.js';
import { startTestFloor, type TestFloor } from './support.js';

let floor: TestFloor;

beforeAll(async () => {
  floor = await startTestFloor('felt-floor-facts-');
}, 60_000);

afterAll(async () => {
  await floor.close();
});

/** A simulated table enrolled at the test floor, its session played and shipped. */
async function shippedTable(name: string, hands: number, seed: number): Promise<string> {
  const db = join(floor.folder, `${name}.db`);
  const link = await enrolTable(db, await floor.enrolment(name));
  const table = SimulatedTable.open(db, { hands, seed, dealers: 3 });
  try {
    table.playAll();
    const shipper = new Shipper(table.store, new FloorClient(link.address, link.fingerprint, link.certificate, { tableId: link.table.id, secret: link.credential }), link.table.id, { pollMs: 5 });
    shipper.start();
    await shipper.caughtUp();
    await shipper.stop();
  } finally {
    table.close();
  }
  return link.table.id;
}

const cursorOf = async (id: string): Promise<number | null> => (await floor.database.pool.query<{ seq: number }>('SELECT seq FROM fact_cursor WHERE table_id = $1', [id])).rows[0]?.seq ?? null;
const headOf = async (id: string): Promise<number> => (await storedHead(floor.database.pool, id))?.seq ?? 0;

describe("the room's report facts, derived behind the rows (D119)", () => {
  it('are derived after a table ships, without a report asking', async () => {
    const id = await shippedTable('Facts A', 12, 904);
    expect(await headOf(id)).toBeGreaterThan(0);
    await floor.server.facts.whenIdle();
    expect(await cursorOf(id)).toBe(await headOf(id));
  });

  it('are derived at the floor server\'s start for a table left behind (a floor stopped or killed before it derived)', async () => {
    const id = await shippedTable('Facts B', 6, 905);
    await floor.server.facts.close();
    // As if its facts were never derived (derived data: the floor may drop them, D92).
    for (const facts of ['hand_hour', 'hand_fact', 'event_fact', 'fact_cursor']) await floor.database.pool.query(`DELETE FROM ${facts} WHERE table_id = $1`, [id]);
    expect(await cursorOf(id)).toBeNull();
    await floor.restartServer();
    await floor.server.facts.whenIdle();
    expect(await cursorOf(id)).toBe(await headOf(id));
  });
});
