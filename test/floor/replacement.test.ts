import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFloor } from '../../src/cli/commands/floor.js';
import { runVerify } from '../../src/cli/commands/verify.js';
import { readBoard, storeStatus } from '../../src/floor/board.js';
import { enrolFromStart, enrolTable } from '../../src/floor/link/enrol.js';
import { formatEnrolmentCode, parseEnrolmentCode } from '../../src/floor/link/enrolment-code.js';
import { FloorClient, FloorRefused } from '../../src/floor/link/floor-client.js';
import { type FloorLinkFile, linkFilePath, readLinkFile } from '../../src/floor/link/link-file.js';
import { makeReplacement } from '../../src/floor/restore/replacement.js';
import { replaceTable, restoringPath } from '../../src/floor/restore/restore-table.js';
import { Shipper } from '../../src/floor/shipper/shipper.js';
import { SimulatedTable, type TablePlan } from '../../src/floor/sim/simulated-table.js';
import { verifyDatabase } from '../../src/store/verify.js';
import { cliIo } from '../cli/cli-io.js';
import { floorClientOf, startTestFloor, type TestFloor } from './support.js';

let floor: TestFloor;
let plan: TablePlan;
let oldLink: FloorLinkFile;
/** The hand the old PC was playing when it died, and the floor's head then (the last settled hand's end). */
let lostHand: number;
let headAtDeath: { seq: number; hash: string };
const path = (name: string): string => join(floor.folder, name);

/** A replacement code for the table `which` (its name or id), as `felt floor enrol --replaces` prints it. */
async function replacementCode(which: string): Promise<string> {
  const { secret, table } = await makeReplacement(floor.database.pool, which);
  return formatEnrolmentCode({ address: floor.address(), fingerprint: floor.certificate.fingerprint, secret, replaces: table.id });
}

async function ship(store: SimulatedTable['store'], link: FloorLinkFile): Promise<void> {
  const client = floorClientOf(link);
  const shipper = new Shipper(store, client, link.table.id, { pollMs: 5 });
  shipper.start();
  await shipper.caughtUp();
  await shipper.stop();
  client.close();
}

/** Nothing a replacement makes beside `db`: no database, no half-built one, no link. */
function nothingMade(db: string): void {
  expect(existsSync(db)).toBe(false);
  expect(readdirSync(floor.folder).filter((name) => name.startsWith(`${db.slice(floor.folder.length + 1)}`))).toEqual([]);
  expect(existsSync(restoringPath(db))).toBe(false);
  expect(existsSync(linkFilePath(db))).toBe(false);
}

beforeAll(async () => {
  floor = await startTestFloor('felt-floor-replace-');
  plan = SimulatedTable.plan({ hands: 14, seed: 83 });
  oldLink = await enrolTable(path('old.db'), await floor.enrolment('Table A'));
  const table = SimulatedTable.fromPlan(path('old.db'), plan);
  // Six hands settled and shipped, then the seventh dealt half-way: the PC dies in the middle of it.
  let settled = 0;
  while (settled < 6) {
    table.step(1);
    const last = [...table.store.rows(table.store.headOfChain().seq - 1)][0];
    if (last?.payload.includes('"type":"hand-settled"') === true) settled++;
  }
  table.step(12);
  await ship(table.store, oldLink);
  lostHand = table.controller.view().handNumber;
  headAtDeath = (await floor.database.pool.query<{ seq: number; hash: string }>('SELECT seq, hash FROM chain_head WHERE table_id = $1', [oldLink.table.id])).rows[0] as { seq: number; hash: string };
  expect(headAtDeath.seq).toBeLessThan(table.store.headOfChain().seq);
  // Its last line on the board: the hand in play.
  await storeStatus(floor.database.pool, oldLink.table.id, {
    at: Date.now(),
    game: { en: 'NL', de: 'NL' },
    seats: { taken: 6, count: 9 },
    handNumber: lostHand,
    handInPlay: true,
    pot: 30,
    dealer: null,
    devices: [],
    time: { collectNow: 0, owed: 0 },
    software: { version: 'test', build: 'test' },
  });
  table.close();
}, 120_000);

afterAll(async () => {
  await floor.close();
});

describe('a dead table PC replaced from the floor (D99)', () => {
  it('refuses a replacement of a table the floor does not know', async () => {
    await expect(makeReplacement(floor.database.pool, 'Table Z')).rejects.toThrow(/no table 'Table Z' is enrolled at this floor/);
    const io = cliIo();
    expect(await runFloor(['enrol', '--replaces', 'Table Z', '--data', join(floor.folder, 'floor'), '--address', floor.address()], io)).toBe(1);
    expect(io.written.err).toMatch(/no table 'Table Z' is enrolled at this floor \(felt floor tables lists them/);
    expect(io.written.out).toBe('');
  }, 60_000);

  it('prints a replacement code with what the floor holds and what was lost (felt floor enrol --replaces)', async () => {
    const io = cliIo();
    expect(await runFloor(['enrol', '--replaces', 'Table A', '--data', join(floor.folder, 'floor'), '--address', floor.address()], io)).toBe(0);
    expect(io.written.out).toContain(`Replacement code for 'Table A' (${oldLink.table.id}`);
    expect(io.written.out).toContain(`${headAtDeath.seq.toLocaleString('en')} rows at the floor`);
    expect(io.written.out).toContain(`hand ${lostHand} was lost with the old PC`);
    expect(parseEnrolmentCode(io.written.out.trim().split('\n').at(-1) ?? '').replaces).toBe(oldLink.table.id);
  }, 60_000);

  it('refuses a download cut in the middle clearly, leaves nothing half-made, and the same code works again', async () => {
    const code = parseEnrolmentCode(await replacementCode('Table A'));
    const db = path('cut.db');
    let pages = 0;
    const cut = replaceTable(db, { ...code, replaces: code.replaces ?? '' }, () => {
      // After the first page, the floor goes away: every request after it is refused.
      if (++pages === 1) void floor.server.close();
    }, { pageRows: 100 });
    await expect(cut).rejects.toThrow(/cannot be reached/);
    expect(pages).toBe(1);
    nothingMade(db);
    await floor.restartServer();
    // The code was not spent: nothing was taken over. The old credential still reads the head.
    const old = floorClientOf(oldLink);
    expect(await old.head()).toEqual(headAtDeath);
    old.close();
    const again = await replaceTable(path('cut-again.db'), { ...code, replaces: code.replaces ?? '' }, undefined, { pageRows: 100 });
    expect(again.head).toEqual(headAtDeath);
    // This one took the table over: the rest of the test replaces it again (a PC replaced twice).
  }, 60_000);

  it("gives a new PC the table's log back, verified, and the same chain goes on; the old PC is refused and seen", async () => {
    const db = path('new.db');
    const started = await enrolFromStart(db, await replacementCode(oldLink.table.id));
    if ('problem' in started) throw new Error(started.problem);
    expect(started.words).toContain(`This PC replaces 'Table A' (${oldLink.table.id})`);
    expect(started.words).toContain(`hand ${lostHand} was lost with the old PC`);
    expect(started.words).toContain('hardware configuration');
    expect(existsSync(restoringPath(db))).toBe(false);
    // Beside the table: its database, its link, the floor's staff copy when the floor has one — nothing of the building.
    expect(readdirSync(floor.folder).filter((name) => name.startsWith('new.db')).filter((name) => !['new.db', 'new.db.floor.json', 'new.db.staff.json', 'new.db.floor-staff.json'].includes(name))).toEqual([]);
    const link = readLinkFile(db) as FloorLinkFile;
    expect(link.table).toEqual(oldLink.table);
    expect(link.credential).not.toBe(oldLink.credential);
    // The log as the floor holds it, whole, every hash the old PC's.
    const verified = verifyDatabase(db);
    expect(verified).toMatchObject({ ok: true, rows: headAtDeath.seq, head: headAtDeath.hash });
    // Played on: the lost hand is dealt again from the plan (its commands are not in the log), and the
    // rows after the floor's head are accepted as the continuation of the same chain.
    const table = SimulatedTable.fromPlan(db, plan);
    expect(table.controller.view().handNumber).toBe(lostHand - 1);
    table.playAll();
    await ship(table.store, link);
    const head = table.store.headOfChain();
    table.close();
    // The floor keeps no names (D104): the players the restored rows name are known here by number only,
    // and one of them leaving stays that player — no new player is made of the number the table showed.
    const players = new Database(db, { readonly: true });
    const unnamedUpTo = players.prepare('SELECT unnamed_up_to FROM player_references').pluck().get() as number;
    const kept = players.prepare('SELECT id, name FROM player').all() as { id: number; name: string }[];
    players.close();
    expect(unnamedUpTo).toBeGreaterThan(0);
    expect(kept.filter((player) => player.id <= unnamedUpTo || player.name.includes('\u2068'))).toEqual([]);
    expect(head.seq).toBeGreaterThan(headAtDeath.seq);
    expect(await floorClientOf(link).head()).toEqual(head);
    const io = cliIo();
    expect(await runVerify(['--db', db, '--floor', join(floor.folder, 'floor')], io)).toBe(0);
    expect(io.written.out).toContain(`the floor's copy of table ${link.table.id} is this log row for row up to row ${head.seq}`);

    // The old PC comes back: refused, with words; it cannot ship, nor fork the floor's copy.
    const old = floorClientOf(oldLink);
    await expect(old.head()).rejects.toThrow(/this PC was replaced as table 'Table A'/);
    const back = SimulatedTable.fromPlan(path('old.db'), plan);
    const states: string[] = [];
    const shipper = new Shipper(back.store, old, oldLink.table.id, { pollMs: 5, onState: (state) => states.push(state.state) });
    shipper.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await shipper.stop();
    back.close();
    old.close();
    expect(states).toContain('refused');
    expect(await floorClientOf(link).head()).toEqual(head);
    const seen = await floor.database.pool.query<{ old_seen_count: number }>('SELECT old_seen_count FROM table_replacement WHERE table_id = $1 AND old_credential_hash IS NOT NULL ORDER BY replaced_at', [link.table.id]);
    expect(seen.rows.some((row) => row.old_seen_count > 0)).toBe(true);
    expect(floor.log.some((line) => line.includes("the old PC of 'Table A'") && line.includes('refused'))).toBe(true);
    // On the floor board: the table replaced, its old PC seen coming back (refused), as an alarm for the room.
    const line = (await readBoard(floor.database.pool)).tables.find((row) => row.id === link.table.id);
    expect(line?.replaced).toEqual({ at: expect.any(String) as string, oldPc: { seenAt: expect.any(String) as string, times: expect.any(Number) as number } });
    expect(line?.replaced?.oldPc?.times).toBeGreaterThanOrEqual(2);
    expect(Date.parse(line?.replaced?.oldPc?.seenAt ?? '')).toBeGreaterThanOrEqual(Date.parse(line?.replaced?.at ?? ''));
  }, 120_000);

  it('refuses a replacement code used twice, and leaves nothing made', async () => {
    const code = await replacementCode('Table A');
    const first = await enrolFromStart(path('twice-1.db'), code);
    expect('words' in first).toBe(true);
    const second = await enrolFromStart(path('twice-2.db'), code);
    expect(second).toEqual({ problem: expect.stringMatching(/the floor refused the replacement: this replacement code was used already/) });
    nothingMade(path('twice-2.db'));
  }, 60_000);

  it('refuses a replacement onto a database that exists, and a replacement code as a new table', async () => {
    const code = await replacementCode('Table A');
    const taken = await enrolFromStart(path('new.db'), code);
    expect(taken).toEqual({ problem: expect.stringMatching(/enrolled already/) });
    const { secret } = parseEnrolmentCode(code);
    const client = new FloorClient(floor.address(), floor.certificate.fingerprint, floor.certificate.certificate, null);
    await expect(client.enrol(secret, 'e'.repeat(43))).rejects.toThrow(/this code replaces the PC of table 'Table A'/);
    client.close();
  }, 60_000);

  it('refuses to take over a table whose old PC still ships while the new one reads, and leaves nothing made', async () => {
    const link = await enrolTable(path('alive.db'), await floor.enrolment('Table D'));
    const alive = SimulatedTable.fromPlan(path('alive.db'), SimulatedTable.plan({ hands: 6, seed: 5 }));
    alive.step(150);
    await ship(alive.store, link);
    const code = parseEnrolmentCode(await replacementCode('Table D'));
    let shipped: Promise<void> | null = null;
    const taking = replaceTable(path('too-soon.db'), { ...code, replaces: code.replaces ?? '' }, () => {
      if (shipped !== null) return;
      alive.playAll();
      shipped = ship(alive.store, link);
    }, { pageRows: 20 });
    await expect(taking).rejects.toThrow(/moved on while this PC read it .* is the old PC still playing\?/);
    await shipped;
    alive.close();
    nothingMade(path('too-soon.db'));
    // The old PC keeps its credential: nothing was taken over.
    expect((await floorClientOf(link).head()).seq).toBe(alive.store.headOfChain().seq);
  }, 60_000);

  it("never gives a table's rows to a table's credential, nor another table's rows to a replacement code", async () => {
    const other = await enrolTable(path('other.db'), await floor.enrolment('Table B'));
    const client = floorClientOf(other);
    // A table's own credential reads back nothing, its own rows or another's.
    await expect(client.call('GET', '/v1/restore?after=0', null)).rejects.toThrow(/only with its replacement code/);
    await expect(client.call('GET', `/v1/restore?after=0`, null, `Bearer ${oldLink.table.id}.${other.credential}`)).rejects.toThrow(/only with its replacement code/);
    // A replacement code for table B reads table B's rows (none yet), never table A's, whatever is asked.
    const { secret } = parseEnrolmentCode(await replacementCode('Table B'));
    const page = await client.restorePage(secret, 0, null);
    expect(page.table.id).toBe(other.table.id);
    expect(page.rows).toEqual([]);
    // An ordinary enrolment code reads nothing back.
    const plain = parseEnrolmentCode(await floor.enrolment('Table C'));
    await expect(client.restorePage(plain.secret, 0, null)).rejects.toThrow(FloorRefused);
    await expect(client.restorePage(plain.secret, 0, null)).rejects.toThrow(/replaces none/);
    client.close();
  }, 60_000);
});
