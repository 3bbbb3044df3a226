import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedHead } from '../../src/floor/ingest/ingest.js';
import { freePort } from '../../src/floor/postgres/embedded.js';
import { FactDeriver } from '../../src/floor/reports/fact-deriver.js';
import { Shipper } from '../../src/floor/shipper/shipper.js';
import { floorClientOf, playedEnrolledTable, startTestFloor, type TestFloor, until } from './support.js';

let floor: TestFloor;

beforeAll(async () => {
  floor = await startTestFloor('felt-floor-facts-');
}, 60_000);

afterAll(async () => {
  await floor.close();
});

/** A simulated table enrolled at the test floor, its session played and shipped: its id at the floor. */
async function shippedTable(name: string, hands: number, seed: number): Promise<string> {
  const { link, table } = await playedEnrolledTable(floor, `${name}.db`, name, { hands, seed, dealers: 3 });
  try {
    const shipper = new Shipper(table.store, floorClientOf(link), link.table.id, { pollMs: 5 });
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

  it('says so and tries again later when PostgreSQL does not answer, and never stops the floor', async () => {
    // A PostgreSQL that is not there (restarting, its machine down): nothing listens on the port.
    const pool = new pg.Pool({ host: '127.0.0.1', port: await freePort(), user: 'felt', password: 'x', database: 'felt', connectionTimeoutMillis: 500 });
    pool.on('error', () => undefined);
    const lines: string[] = [];
    const deriver = new FactDeriver(pool, { quietMs: 10, maxWaitMs: 300, log: (line) => lines.push(line) });
    try {
      deriver.moved('t-00000000abcd');
      await until(() => lines.some((line) => line.includes('t-00000000abcd')), 'the failed derivation said');
      expect(lines[0]).toMatch(/the report facts of the tables behind were not derived at the start: .* \(a report derives them\)/);
      expect(lines.find((line) => line.includes('t-00000000abcd'))).toMatch(/^the report facts of table t-00000000abcd were not derived: .* \(tried again\)$/);
      // Tried again, not at once (not every second against a PostgreSQL restarting): after maxWaitMs.
      const said = lines.length;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(lines.length).toBe(said);
      await until(() => lines.length > said, 'tried again');
    } finally {
      await deriver.close();
      await pool.end();
    }
  });
});
