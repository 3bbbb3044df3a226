import { request } from 'node:https';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core } from '../../src/api/core.js';
import { type Board, readBoard, storeStatus } from '../../src/floor/board.js';
import { boardStatusOf } from '../../src/floor/link/board-status.js';
import { enrolTable } from '../../src/floor/link/enrol.js';
import { FloorClient } from '../../src/floor/link/floor-client.js';
import { boardStatus } from '../../src/floor/link/wire.js';
import { SimulatedTable } from '../../src/floor/sim/simulated-table.js';
import { startTestFloor, type TestFloor, until } from './support.js';

let floor: TestFloor;

beforeAll(async () => {
  floor = await startTestFloor();
}, 60_000);

afterAll(async () => {
  await floor.close();
});

/** Every key anywhere in a value. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  }
  return into;
}

async function board(key: string | null): Promise<{ status: number; body: Board | { error: unknown } }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = key === null ? {} : { authorization: `Bearer board.${key}` };
    const req = request({ host: '127.0.0.1', port: floor.server.port, path: '/v1/board', headers, ca: floor.certificate.certificate, checkServerIdentity: () => undefined }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Board }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the floor board', () => {
  it("carries no card of the table's view: no hole card, no board card, nothing a seat holds", () => {
    const table = SimulatedTable.open(join(floor.folder, 'cards.db'), { hands: 3, seed: 71 });
    // Into the first hand: hole cards dealt, a flop perhaps.
    while (table.playing && !(table.controller.view().handInPlay && table.controller.view().seats.some((seat) => seat.faceDown > 0))) table.step(1);
    table.step(6);
    const view = table.controller.view();
    expect(view.handInPlay).toBe(true);
    const status = boardStatusOf(view, 1_000);
    expect(boardStatus.parse(status)).toEqual(status);
    const allowed = new Set(['at', 'game', 'en', 'de', 'seats', 'taken', 'count', 'handNumber', 'handInPlay', 'pot', 'dealer', 'number', 'name', 'devices', 'id', 'kind', 'state', 'words', 'incident', 'time', 'collectNow', 'owed']);
    expect([...keysOf(status)].filter((key) => !allowed.has(key))).toEqual([]);
    for (const forbidden of ['board', 'holeCards', 'shown', 'faceDown', 'drawn', 'card', 'cards']) expect(keysOf(status).has(forbidden)).toBe(false);
    // A line with a card in it is refused at the floor's door.
    expect(boardStatus.safeParse({ ...status, board: [12, 13, 14] }).success).toBe(false);
    table.close();
  });

  it("shows a running table's line live — game, seats, hand, pot, dealer, devices, time — with its clock against the floor's", async () => {
    const db = join(floor.folder, 'board.db');
    const link = await enrolTable(db, await floor.enrolment('Board'));
    const played = SimulatedTable.open(db, { hands: 4, seed: 72, dealers: 2 });
    played.playAll();
    played.close();
    const core = await Core.open({ dbPath: db, hardware: 'sim', floorPin: '246813', seed: 1 });
    try {
      const view = core.controller.view();
      await until(async () => (await readBoard(floor.database.pool)).tables.find((row) => row.id === link.table.id)?.status?.handNumber === view.handNumber, 'the table on the board');
      const row = (await readBoard(floor.database.pool)).tables.find((entry) => entry.id === link.table.id);
      expect(row).toMatchObject({
        name: 'Board',
        status: { game: view.stakes.words, seats: { taken: view.seats.length, count: view.seatCount }, handNumber: view.handNumber, handInPlay: false, pot: 0, dealer: view.dealer },
        link: { state: 'live' },
        clockOff: false,
      });
      expect(Math.abs(row?.clockOffsetMs ?? Infinity)).toBeLessThan(5_000);
      expect(row?.status?.devices.some((device) => device.kind === 'shoe')).toBe(true);
      await until(async () => (await readBoard(floor.database.pool)).tables.find((entry) => entry.id === link.table.id)?.log.rows === core.controller.view().logRow, 'the log at the floor');
      // The board over the link, with its key only.
      expect((await board(null)).status).toBe(401);
      expect((await board('x'.repeat(43))).status).toBe(401);
      const answered = await board(floor.boardKey);
      expect(answered.status).toBe(200);
      expect((answered.body as Board).tables.map((entry) => entry.name)).toContain('Board');
    } finally {
      core.close();
    }
  });

  it('shows a table that went silent, since when, and live again from its next word; a clock far off is flagged', async () => {
    const link = await enrolTable(join(floor.folder, 'silent.db'), await floor.enrolment('Silent'));
    const client = new FloorClient(link.address, link.fingerprint, link.certificate, { tableId: link.table.id, secret: link.credential });
    const line = { at: Date.now(), game: { en: 'No limit 5/10', de: 'No Limit 5/10' }, seats: { taken: 3, count: 10 }, handNumber: 7, handInPlay: true, pot: 120, dealer: null, devices: [], time: { collectNow: 0, owed: 0 } };
    const before = await readBoard(floor.database.pool);
    expect(before.tables.find((row) => row.id === link.table.id)?.link.state).toBe('never');
    await client.status(line);
    expect((await readBoard(floor.database.pool)).tables.find((row) => row.id === link.table.id)).toMatchObject({ link: { state: 'live' }, status: { handNumber: 7, pot: 120 }, clockOff: false });
    await floor.database.pool.query("UPDATE board_status SET received_at = now() - interval '1 minute' WHERE table_id = $1", [link.table.id]);
    const silent = (await readBoard(floor.database.pool)).tables.find((row) => row.id === link.table.id);
    expect(silent?.link.state).toBe('silent');
    expect(Date.now() - Date.parse(silent?.link.since ?? '')).toBeGreaterThan(55_000);
    // Back, with its clock five minutes fast.
    await storeStatus(floor.database.pool, link.table.id, { ...line, at: Date.now() + 5 * 60_000 });
    const back = (await readBoard(floor.database.pool)).tables.find((row) => row.id === link.table.id);
    expect(back?.link.state).toBe('live');
    expect(Date.now() - Date.parse(back?.link.since ?? '')).toBeLessThan(10_000);
    expect(back?.clockOff).toBe(true);
    // A line with a card is refused, naming the field.
    await expect(client.call('POST', '/v1/status', { ...line, board: [1, 2, 3] })).rejects.toThrow(/board|Unrecognized/);
    client.close();
  });
});
