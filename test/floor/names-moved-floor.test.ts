import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPlayers } from '../../src/cli/commands/players.js';
import { runVerify } from '../../src/cli/commands/verify.js';
import { addStaffMember, newStaffFile, saveStaff, staffPath } from '../../src/api/staff.js';
import Database from 'better-sqlite3';
import { referencesFrom } from '../../src/store/players.js';
import { enrolTable } from '../../src/floor/link/enrol.js';
import { readLinkFile, writeLinkFile } from '../../src/floor/link/link-file.js';
import type { FloorLinkFile } from '../../src/floor/link/link-file.js';
import { Shipper } from '../../src/floor/shipper/shipper.js';
import { Store } from '../../src/store/store.js';
import { cliIo } from '../cli/cli-io.js';
import { rechain, rowsOf, tamper, writePayload } from '../store/tamper.js';
import { floorClientOf, startTestFloor, type TestFloor } from './support.js';
import { copyOfOlderTable, OLDER_TABLE } from '../support/older-table.js';

/**
 * `felt verify --floor` of a table an earlier Felt began whose names left its rows (D113): the floor's copy
 * holds the rows as first written, names and all; the file's rewritten rows differ from them only where the
 * names' move record pins them, and there the floor's rows give the hash kept for each command.
 */

let floor: TestFloor;

beforeAll(async () => {
  floor = await startTestFloor('felt-floor-names-');
}, 60_000);

afterAll(async () => {
  await floor.close();
});

/** A copy of `table-2026-12-02.db` enrolled at the floor as `name`, opened by today's Felt, changed by `change` (then rechained), its rows shipped. */
async function shippedOlderTable(name: string, change?: (rows: ReturnType<typeof rowsOf>) => { seq: number; payload: string }): Promise<{ db: string; tableId: string; link: FloorLinkFile }> {
  const db = join(floor.folder, `${name}.db`);
  copyOfOlderTable(OLDER_TABLE, db);
  const link = await enrolTable(db, await floor.enrolment(name));
  Store.open(db).close();
  if (change !== undefined) {
    tamper(db, (opened) => {
      const changed = change(rowsOf(opened));
      writePayload(opened, changed.seq, changed.payload);
      rechain(opened);
    });
  }
  await ship(db, link);
  return { db, tableId: link.table.id, link };
}

/** The table's rows the floor does not hold yet, shipped by the table's own shipper. */
async function ship(db: string, link: FloorLinkFile): Promise<void> {
  const store = Store.open(db);
  const client = floorClientOf(link);
  const shipper = new Shipper(store, client, link.table.id, { pollMs: 5 });
  shipper.start();
  await shipper.caughtUp();
  await shipper.stop();
  client.close();
  store.close();
}

async function verify(db: string, tableId: string): Promise<{ code: number; out: string }> {
  const io = cliIo();
  const code = await runVerify(['--db', db, '--floor', join(floor.folder, 'floor'), '--table', tableId], io);
  return { code, out: io.written.out + io.written.err };
}

function moveNames(db: string): void {
  const store = Store.open(db);
  store.moveNames('Mara (manager #1)', Date.UTC(2026, 11, 4, 9));
  store.close();
}

describe("felt verify --floor of a table whose names left its rows (D113)", () => {
  it("accepts the rewritten rows where the record pins them and the floor's rows give the hash kept; refuses a floor copy that differs otherwise", async () => {
    const { db, tableId, link } = await shippedOlderTable('Older');
    expect((await verify(db, tableId)).code).toBe(0);
    moveNames(db);
    const moved = await verify(db, tableId);
    expect(moved.out).toMatch(/the floor's copy of table t-[0-9a-f]{12} is this log row for row up to row 1627/);
    expect(moved.code).toBe(0);
    // The record reaches the floor as the next row, linked to the hash kept at row 1627.
    await ship(db, link);
    const shipped = await verify(db, tableId);
    expect(shipped.out).toMatch(/row for row up to row 1628 \(head [0-9a-f]{64}\); the floor holds all of it/);
    expect(shipped.code).toBe(0);

    // The floor's copy of another table, whose second row (a seat taken, which the move rewrote) says another stack:
    // the file's row differs from it by more than the name.
    const stack = await shippedOlderTable('Stack', (rows) => {
      const row = rows.find((entry) => entry.payload.includes('"type":"seated"')) as { seq: number; payload: string };
      return { seq: row.seq, payload: row.payload.replace('"stack":', '"stack":1') };
    });
    const other = await verify(db, stack.tableId);
    expect(other.out).toMatch(/row 2 is not the floor's: it is not the row the floor holds there, and differs from it by more than the player's name the names' move \(D113\) took out of it/);
    expect(other.code).toBe(1);

    // One whose first seat taken holds another name: only the name differs, but the floor's rows do not give the hash kept.
    const renamed = await shippedOlderTable('Renamed', (rows) => {
      const row = rows.find((entry) => entry.payload.includes('"type":"seated"')) as { seq: number; payload: string; commandLast: number };
      return { seq: row.seq, payload: row.payload.replace('"name":"Player 1"', '"name":"Someone Else"') };
    });
    const named = await verify(db, renamed.tableId);
    expect(named.out).toMatch(/the floor's rows \d+–\d+ do not give the hash the names' move \(D113\) pins as kept for them: the rows it rewrote were not these rows/);
    expect(named.code).toBe(1);

    // A row the move did not rewrite, changed at the floor's copy: refused as before.
    const dealt = await shippedOlderTable('Dealt', (rows) => {
      const row = rows.find((entry) => entry.payload.includes('"type":"time-collected"')) as { seq: number; payload: string };
      return { seq: row.seq, payload: row.payload.replace('"amount":', '"amount":1') };
    });
    const changed = await verify(db, dealt.tableId);
    expect(changed.out).toMatch(/row \d+ is not the floor's: it is not the row the floor holds there: the log was rewritten from here/);
    expect(changed.code).toBe(1);
  }, 120_000);
});

describe("an older table's names' move and its floor (D113)", () => {
  it('moves an enrolled older table’s names only once the floor holds every row as first written, and ships the record after them', async () => {
    const db = join(floor.folder, 'Lagging.db');
    copyOfOlderTable(OLDER_TABLE, db);
    const link = await enrolTable(db, await floor.enrolment('Lagging'));
    saveStaff(staffPath(db), addStaffMember(newStaffFile(), { number: '1', name: 'Mara', role: 'manager', pin: '135790' }));
    // The floor out of reach (its address moved to a port nothing listens on): refused, nothing moved.
    writeLinkFile(db, { ...link, address: 'https://127.0.0.1:9' });
    const unreachable = cliIo();
    expect(await runPlayers(['migrate', '--db', db, '--staff', '1'], unreachable, { FELT_STAFF_PIN: '135790' })).toBe(1);
    expect(unreachable.written.err).toMatch(/the floor https:\/\/127\.0\.0\.1:9 cannot be asked whether it holds this table's whole log \(.+\): the names' move rewrites the older rows .*; nothing was moved/);
    writeLinkFile(db, link);
    const early = cliIo();
    expect(await runPlayers(['migrate', '--db', db, '--staff', '1'], early, { FELT_STAFF_PIN: '135790' })).toBe(1);
    expect(early.written.err).toMatch(/the floor https:\/\/\S+ holds this table's log up to row 0 of 1627: the names' move rewrites the older rows \(D113\), and the floor takes them only as first written — let the table ship every row first \(its link up\), then move the names; nothing was moved/);
    const opened = new Database(db, { readonly: true });
    expect(referencesFrom(opened)).toBeNull();
    opened.close();
    await ship(db, link);
    const moved = cliIo();
    expect(await runPlayers(['migrate', '--db', db, '--staff', '1'], moved, { FELT_STAFF_PIN: '135790' })).toBe(0);
    await ship(db, link);
    const verified = await verify(db, link.table.id);
    expect(verified.out).toMatch(/row for row up to row 1628 .*the floor holds all of it/);
    expect(verified.code).toBe(0);
  }, 60_000);

  it('refuses to enrol a table whose names moved before any floor held its rows, and leaves the code unspent', async () => {
    const db = join(floor.folder, 'Moved first.db');
    copyOfOlderTable(OLDER_TABLE, db);
    moveNames(db);
    const code = await floor.enrolment('Moved first');
    await expect(enrolTable(db, code)).rejects.toThrow(/this table's players' names were moved out of its older rows \(row 1628, D113\) before any floor held those rows as first written.*enrol a new table file instead \(felt start --db NEW\.db --floor CODE/);
    expect(readLinkFile(db)).toBeNull();
    const fresh = await enrolTable(join(floor.folder, 'Moved first, new file.db'), code);
    expect(fresh.table.name).toBe('Moved first');
  }, 60_000);
});
