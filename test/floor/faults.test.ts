import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runFloor } from '../../src/cli/commands/floor.js';
import { EmbeddedPostgres, freePort } from '../../src/floor/postgres/embedded.js';
import { FloorDatabase } from '../../src/floor/postgres/floor-database.js';
import { SimulatedRoom } from '../../src/floor/sim/room.js';
import { cliIo } from '../cli/cli-io.js';
import { FaultProxy, NO_FAULTS } from './fault-proxy.js';
import { type FloorProcess, startFloorProcess } from './floor-process.js';
import { testFolder, until } from './support.js';

/**
 * The floor's faults, end to end: tables shipping through a proxy that cuts requests and answers (so
 * batches arrive twice), holds chunks back and refuses connections; one table cut off for most of its
 * session; the floor server killed with SIGKILL mid-stream and started again; its PostgreSQL crashed
 * (stopped `immediate`) while the tables ship. Afterwards every table's rows at the floor are its own log,
 * row for row. `npm test` runs a small room; `npm run test:floor-faults` (FELT_FLOOR_FAULTS=full) a room
 * of 20 tables, longer, with a table offline for hundreds of hands.
 */
const FULL = process.env['FELT_FLOOR_FAULTS'] === 'full';
const SCALE = FULL ? { tables: 20, hands: 120, offlineHands: 1_000, tickMs: 15 } : { tables: 4, hands: 25, offlineHands: 30, tickMs: 20 };

const folder = testFolder('felt-floor-faults-');
const floorFolder = join(folder, 'floor');
let floorProcess: FloorProcess | null = null;

afterAll(async () => {
  await floorProcess?.stop().catch(() => undefined);
  // A run that failed half-way may leave the floor's PostgreSQL running: stopped here.
  await EmbeddedPostgres.open(floorFolder, { create: false })
    .then((postgres) => postgres.stop('immediate'))
    .catch(() => undefined);
  rmSync(folder, { recursive: true, force: true });
}, 60_000);

describe("the floor's faults", () => {
  it(`${SCALE.tables} tables through a breaking link, the floor killed and PostgreSQL crashed: every table's log at the floor is its own`, async () => {
    const floorPort = await freePort();
    const proxy = await FaultProxy.start({ host: '127.0.0.1', port: () => floorPort }, { ...NO_FAULTS }, 25);
    // The table that is offline for a long while has a link of its own.
    const lonely = await FaultProxy.start({ host: '127.0.0.1', port: () => floorPort }, { ...NO_FAULTS }, 26);
    floorProcess = await startFloorProcess(floorFolder, floorPort, proxy.address);
    // The floor's staff, from the command line (the PIN from the environment, never an argument).
    const staffIo = cliIo();
    expect(await runFloor(['staff', 'add', '--data', floorFolder, '--number', '1', '--name', 'Morgan', '--role', 'manager'], staffIo, { FELT_STAFF_PIN: '111111' })).toBe(0);
    expect(await runFloor(['staff', 'add', '--data', floorFolder, '--number', '20', '--name', 'Sam', '--role', 'supervisor'], staffIo, { FELT_STAFF_PIN: '202020' })).toBe(0);
    await expect(runFloor(['staff', 'add', '--data', floorFolder, '--number', '21', '--name', 'Kim', '--pin', '212121'], staffIo, {})).rejects.toThrow(/process list/);
    expect(await runFloor(['staff', 'remove', '--data', floorFolder, '--number', '1'], staffIo, {})).toBe(1);
    expect(staffIo.written.err).toMatch(/no manager who can sign in/);
    expect(staffIo.written.out).toMatch(/^20\tSam\tsupervisor\tPIN\tno badge$/m);
    const tablesFolder = join(folder, 'tables');
    const enrolment = async (name: string): Promise<string> => {
      const io = cliIo();
      const address = name === 'Table 1' ? lonely.address : proxy.address;
      expect(await runFloor(['enrol', '--data', floorFolder, '--name', name, '--address', address], io)).toBe(0);
      return io.written.out.trim().split('\n').at(-1) as string;
    };
    mkdirSync(tablesFolder);
    // Table 1 is cut off from the floor for its whole session, which is longer than the others'.
    const room = await SimulatedRoom.open({ tables: SCALE.tables, hands: SCALE.hands, handsOf: (index) => (index === 1 ? SCALE.offlineHands : SCALE.hands), seed: 500, folder: tablesFolder, enrolment, shipper: { pollMs: 20, retryMs: 20, maxRetryMs: 300, batchRows: 200 } });
    Object.assign(proxy.faults, { cutRequest: 0.02, cutAnswer: 0.04, delayMs: 30, refuse: 0.05 });
    lonely.faults.blocked = true;

    const events: string[] = [];
    const started = Date.now();
    let killed = false;
    const playing = room.play({
      commandsPerTick: 4,
      tickMs: SCALE.tickMs,
      progress: (progress) => {
        const at = Date.now() - started;
        if (!killed && at > 1_500) {
          killed = true;
          events.push(`${at} ms: the floor server killed (SIGKILL), ${progress.atFloor} rows at the floor`);
          void floorProcess?.kill();
        }
      },
    });
    // The floor comes back after a while; then its PostgreSQL crashes and the floor server starts it again.
    await until(() => killed, 'the floor is killed');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    floorProcess = await startFloorProcess(floorFolder, floorPort, proxy.address);
    events.push(`${Date.now() - started} ms: the floor server started again`);
    await new Promise((resolve) => setTimeout(resolve, 800));
    const postgres = await EmbeddedPostgres.open(floorFolder, { create: false });
    await postgres.stop('immediate');
    events.push(`${Date.now() - started} ms: PostgreSQL crashed (stopped immediate)`);
    await playing;
    events.push(`${Date.now() - started} ms: every table played its session`);
    // The offline table comes back, and the link heals.
    lonely.faults.blocked = false;
    Object.assign(proxy.faults, NO_FAULTS);
    await room.caughtUp();
    events.push(`${Date.now() - started} ms: every table caught up`);
    expect(killed).toBe(true);

    const database = await FloorDatabase.open({ folder: floorFolder }, { migrateSchema: false });
    try {
      for (const { link, table } of room.tables) {
        const atFloor = (await database.pool.query<{ seq: number; hash: string }>('SELECT seq, hash FROM log_row WHERE table_id = $1 ORDER BY seq', [link.table.id])).rows;
        const own = [...table.store.rows()].map((row) => ({ seq: row.seq, hash: row.hash }));
        expect(atFloor).toEqual(own);
        expect((await database.pool.query('SELECT seq, hash FROM chain_head WHERE table_id = $1', [link.table.id])).rows).toEqual([table.store.headOfChain()]);
      }
      expect((await database.pool.query('SELECT 1 FROM fork_incident')).rowCount).toBe(0);
    } finally {
      await database.close();
    }
    // What the faults did, so a run that broke nothing does not pass for one that survived.
    expect(proxy.done.answersCut + proxy.done.requestsCut).toBeGreaterThan(0);
    expect(lonely.done.refused).toBeGreaterThan(0);
    const offlineTable = room.tables[0]?.table.store.headOfChain().seq ?? 0;
    events.push(`the offline table wrote ${offlineTable} rows (${SCALE.offlineHands} hands) with its link cut, all at the floor now`);
    console.log([...events, `proxy: ${JSON.stringify(proxy.done)}; the offline table's link: ${JSON.stringify(lonely.done)}`].join('\n'));
    await room.close();
    await proxy.close();
    await lonely.close();
  }, FULL ? 600_000 : 120_000);
});
