import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { TableController } from '../../src/controller/table-controller.js';
import { CASINO_5_10 } from '../../src/engine/table/table-config.js';
import { floorReport, REPORT_FACTS } from '../../src/reports/floor-report.js';
import { canonicalJson } from '../../src/store/canonical-json.js';
import { checkpointFile } from '../../src/store/checkpoint.js';
import { erasePlayer } from '../../src/store/erasure.js';
import { readHand, readReportSource } from '../../src/store/log-reader.js';
import { LogTables } from '../../src/store/log-rows.js';
import { type NamesMovedPin, pinsDigest, readMovedNames } from '../../src/store/names-moved.js';
import { RestoredLog } from '../../src/store/restored-log.js';
import { Store } from '../../src/store/store.js';
import { verifyDatabase } from '../../src/store/verify.js';
import { checkStretch, GENESIS } from '../../src/store/verify-log.js';
import { checkInThreads } from '../../src/store/verify-threads.js';
import { rowsOf, tamper, writePayload } from './tamper.js';
import { copyOfOlderTable, keptHashes } from '../support/older-table.js';

/**
 * The names of a table an earlier Felt began, moved out of its chained rows (D113), on `table-2026-12-02.db`
 * (30 hands, 1,627 rows, players "Player 1" … "Player 11", written before names were kept beside the log).
 */

const BY = 'Mara (manager #1)';
const AT = Date.UTC(2026, 11, 4, 9);

const olderTable = (): string => copyOfOlderTable();

/** The database's bytes on disk, its write-ahead log's too. */
function fileBytes(path: string): Buffer {
  return Buffer.concat([readFileSync(path), ...(existsSync(`${path}-wal`) ? [readFileSync(`${path}-wal`)] : [])]);
}

/** An older table with its names moved: its path, the hashes kept before, the record's row and pins. */
function movedTable(): { path: string; hashes: string[]; row: number; pins: NamesMovedPin[] } {
  const path = olderTable();
  const hashes = keptHashes(path);
  const store = Store.open(path);
  const moved = store.moveNames(BY, AT);
  store.close();
  return { path, hashes, row: moved.row, pins: pinsOf(path) };
}

function pinsOf(path: string): NamesMovedPin[] {
  const db = new Database(path, { readonly: true });
  try {
    const read = readMovedNames(db);
    if (!('moved' in read) || read.moved === null) throw new Error('no names moved');
    return [...read.moved.pins.values()];
  } finally {
    db.close();
  }
}

/** The pins kept beside the log replaced by these. */
function pinsWith(db: Database.Database, pins: readonly NamesMovedPin[]): void {
  db.exec('DELETE FROM names_moved_pin');
  const insert = db.prepare('INSERT INTO names_moved_pin (last, first, kept, now) VALUES (?, ?, ?, ?)');
  for (const pin of pins) insert.run(pin.last, pin.first, Buffer.from(pin.kept, 'hex'), Buffer.from(pin.now, 'hex'));
}

/** The names' move record's row rewritten to seal these pins (the chain left as it was). */
function sealWith(db: Database.Database, row: number, pins: readonly NamesMovedPin[]): void {
  const record = JSON.parse([...new LogTables(db).payloads(row - 1, row)][0] as string) as Record<string, unknown>;
  writePayload(db, row, canonicalJson({ ...record, commands: pins.length, pins: pinsDigest(pins) }));
}

/** The rows and text a table keeps in its log, commands, snapshots and facts. */
function keptTexts(path: string): string[] {
  const db = new Database(path, { readonly: true });
  try {
    return [
      [...new LogTables(db).payloads()].join('\n'),
      (db.prepare('SELECT command FROM command').pluck().all() as string[]).join('\n'),
      (db.prepare('SELECT state FROM snapshot').pluck().all() as string[]).join('\n'),
      (db.prepare('SELECT facts FROM fact_block').pluck().all() as string[]).join('\n'),
    ];
  } finally {
    db.close();
  }
}

describe("an older table's names moved out of its rows (D113)", () => {
  it('moves every name into a reference under one chained record: verify passes, every head kept before is found, the table opens on', () => {
    const path = olderTable();
    const hashes = keptHashes(path);
    const head = hashes.at(-1) as string;
    // A checkpoint left by a check before the move: dropped by it, and the next check is from the first row.
    expect(verifyDatabase(path)).toMatchObject({ ok: true, rows: 1627, head });
    const store = Store.open(path);
    expect(verifyDatabase(path)).toMatchObject({ ok: true, rows: 1627, head });
    expect(existsSync(checkpointFile(path))).toBe(true);
    expect(store.namesByReference).toBe(false);
    const words: string[] = [];
    const moved = store.moveNames(BY, AT, (said) => words.push(said));
    expect(moved).toMatchObject({ row: 1628, players: 11, walEmptied: true });
    expect(words).toContain('rows rewritten');
    expect(store.namesByReference).toBe(true);
    expect(store.playerList().map((player) => player.name)).toEqual(Array.from({ length: 11 }, (_, index) => `Player ${index + 1}`));
    // Once: a second move is refused, nothing written.
    expect(() => store.moveNames(BY, AT)).toThrow(/name players by reference already/);
    expect(store.headOfChain().seq).toBe(1628);
    const view = TableController.open(store, { now: () => Date.UTC(2026, 11, 4, 10) }, CASINO_5_10).view();
    expect(view.handNumber).toBe(30);
    store.close();
    expect(existsSync(checkpointFile(path))).toBe(false);

    const pins = pinsOf(path);
    expect(pins).toHaveLength(moved.pins);
    // Every command whose rows held a name, and no other, is pinned: the seats taken, the departures.
    const db = new Database(path, { readonly: true });
    const rows = rowsOf(db);
    expect(db.prepare('SELECT from_row FROM player_references').pluck().get()).toBe(1);
    db.close();
    const named = new Set(rows.filter((row) => row.seq < 1628 && /"type":"(seated|left|eliminated|tournament-won)"/.test(row.payload)).map((row) => row.commandLast));
    expect(new Set(pins.map((pin) => pin.last))).toEqual(named);
    for (const pin of pins) expect(pin.kept).toBe(hashes[pin.last - 1]);
    // One small row seals the pins kept beside the log: their number and SHA-256.
    const record = JSON.parse(rows[1627]?.payload ?? '') as unknown;
    expect(record).toEqual({ type: 'names-moved', by: BY, at: AT, commands: pins.length, pins: pinsDigest(pins) });

    // No name left in the rows, the commands kept, the snapshots or the report facts: only beside the log.
    for (const text of keptTexts(path)) {
      expect(text).toMatch(/player:\d+:[0-9a-f]{64}/);
      expect(text).not.toMatch(/Player \d/);
    }

    // Verified, incrementally and in full; the head kept before, and every command's end the move rewrote, are found.
    expect(verifyDatabase(path)).toMatchObject({ ok: true, rows: 1628, hands: 30 });
    expect(verifyDatabase(path, undefined, { full: true })).toMatchObject({ ok: true, rows: 1628, hands: 30 });
    expect(verifyDatabase(path, head)).toMatchObject({ ok: true, anchorRow: 1627 });
    for (const pin of [pins[0], pins[5], pins.at(-1)] as NamesMovedPin[]) expect(verifyDatabase(path, hashes[pin.last - 1])).toMatchObject({ ok: true, anchorRow: pin.last });
    expect(verifyDatabase(path, hashes[199])).toMatchObject({ ok: true, anchorRow: 200 });

    // The store's reading of the chain (the opening's, the shipper's): the hash kept at every command's end.
    const again = Store.open(path);
    const read = [...again.rows()];
    for (const pin of pins) {
      expect(read[pin.last - 1]?.hash).toBe(pin.kept);
      expect(read[pin.last]?.prev_hash).toBe(pin.kept);
    }
    const seated = again.latestSnapshot()?.state.seats.flatMap((player) => (player === null ? [] : [player.name])) ?? [];
    expect(seated.length).toBeGreaterThan(1);
    expect(seated.every((name) => /^Player \d+$/.test(name))).toBe(true);
    again.close();
  });

  it('then erasure works as on any table: the name leaves every byte of the file, reports and hand histories say erased player', () => {
    const { path, hashes } = movedTable();
    const name = 'Player 3';
    expect(fileBytes(path).includes(Buffer.from(name))).toBe(true);
    const store = Store.open(path);
    const erased = erasePlayer(store, { name }, BY, Date.UTC(2026, 11, 4, 11));
    expect(erased).toMatchObject({ moved: null, row: 1629, walEmptied: true, player: { id: 3 } });
    store.close();
    expect(fileBytes(path).includes(Buffer.from(name))).toBe(false);
    expect(verifyDatabase(path)).toMatchObject({ ok: true, rows: 1629 });
    expect(verifyDatabase(path, hashes.at(-1))).toMatchObject({ ok: true, anchorRow: 1627 });

    const source = readReportSource(path, REPORT_FACTS.cashflow, true);
    const report = floorReport('cashflow', source.facts, { table: source.table, names: source.names });
    if (report.kind !== 'cashflow') throw new Error('not a cash flow');
    expect(report.stays.filter((stay) => stay.erased === true).map((stay) => stay.name)).toContain('erased player');
    expect(report.stays.some((stay) => stay.name === 'Player 1')).toBe(true);
    expect(JSON.stringify(report)).not.toContain(name);
    // The first hand's history, which Player 3 played: no name in it (players are seats), and it reads.
    expect(JSON.stringify(readHand(path, { handNumber: 1 }))).not.toContain(name);
  });

  it('an erasure on a table not moved yet moves the names first, signed by the same manager, then erases', () => {
    const path = olderTable();
    const store = Store.open(path);
    const erased = erasePlayer(store, { name: 'Player 3' }, BY, AT);
    expect(erased).toMatchObject({ moved: { row: 1628, players: 11 }, row: 1629, player: { id: 3 } });
    // A refusal after the move says the move stands.
    expect(() => erasePlayer(store, { name: 'Nobody' }, BY, AT)).toThrow(/no player of this table is named 'Nobody'/);
    store.close();
    expect(fileBytes(path).includes(Buffer.from('Player 3'))).toBe(false);
    expect(verifyDatabase(path)).toMatchObject({ ok: true, rows: 1629 });
  });

  it('a move that fails half-way leaves the table as it was: its rows, names, chain and side tables', () => {
    const path = olderTable();
    const store = Store.open(path);
    const before = keptTexts(path);
    expect(() =>
      store.moveNames(BY, AT, (words) => {
        if (words === 'deriving the report facts again') throw new Error('the disk is full');
      }),
    ).toThrow(/cannot move the players' names out of the log: the disk is full/);
    expect(store.namesByReference).toBe(false);
    expect(store.playerList()).toEqual([]);
    expect(store.headOfChain().seq).toBe(1627);
    store.close();
    expect(keptTexts(path)).toEqual(before);
    expect(verifyDatabase(path)).toMatchObject({ ok: true, rows: 1627 });
    const db = new Database(path, { readonly: true });
    expect(db.prepare('SELECT count(*) FROM names_moved').pluck().get()).toBe(0);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'trigger'").pluck().get()).toBe(4);
    db.close();
    // And it is done whole the next time.
    const again = Store.open(path);
    expect(again.moveNames(BY, AT).row).toBe(1628);
    again.close();
    expect(verifyDatabase(path)).toMatchObject({ ok: true, rows: 1628 });
  });

  it('refuses to pin a chain that does not hold: names are never moved out of rows changed outside Felt', () => {
    const path = olderTable();
    Store.open(path).close();
    tamper(path, (db) => {
      const row = rowsOf(db).find((entry) => entry.payload.includes('"type":"seated"')) as { seq: number; payload: string };
      writePayload(db, row.seq, row.payload.replace('"stack":', '"stack":1'));
    });
    const store = Store.open(path);
    expect(() => store.moveNames(BY, AT)).toThrow(/do not give the hash kept at their end .*names are moved out of a chain that holds/);
    expect(store.namesByReference).toBe(false);
    store.close();
  });

  it("a log restored from the floor's copy (the rows as first written, then the record) verifies: the record pins the rows' kept hashes", () => {
    const path = olderTable();
    const original = Store.open(path);
    const rows = [...original.rows()];
    original.moveNames(BY, AT);
    const record = [...original.rows(1627)];
    original.close();
    expect(record.map((row) => row.seq)).toEqual([1628]);
    const restoredPath = join(mkdtempSync(join(tmpdir(), 'felt-names-restored-')), 'table.db');
    const restored = RestoredLog.create(restoredPath);
    restored.add([...rows, ...record]);
    restored.finish();
    // Its facts derived at its first opening, as a replacement's are (D99); it opens on the restored rows.
    Store.open(restoredPath).close();
    const checked = verifyDatabase(restoredPath);
    expect(checked, JSON.stringify(checked)).toMatchObject({ ok: true, rows: 1628, hands: 30 });
    // Its rows hold the names again, as the floor's copy does (D113 says what the casino does about it).
    expect(keptTexts(restoredPath)[0]).toContain('"name":"Player 1"');
  });

  it('is checked in stretches at once as in one (D83): the pins read by every thread, a rewritten row changed in a later stretch found', () => {
    // The worker runs from the build (npm test builds first).
    const threads = { threads: 3, from: 1, worker: new URL('../../dist/verify-worker.js', import.meta.url) };
    const { path, pins, hashes } = movedTable();
    const db = new Database(path, { readonly: true });
    const joined = checkInThreads(db, path, GENESIS, 1628, undefined, { what: 'its log', row: null }, threads);
    const single = checkStretch(db, GENESIS, 1628, undefined, { what: 'its log', row: null });
    db.close();
    expect(joined).not.toBeNull();
    expect({ ...joined, state: null }).toEqual({ ...single, state: null });
    const late = pins.filter((pin) => pin.first > 1000).at(-1) as NamesMovedPin;
    expect(verifyDatabase(path, hashes[late.last - 1], { threads })).toMatchObject({ ok: true, anchorRow: late.last });
    tamper(path, (tampered) => {
      const row = rowsOf(tampered).find((entry) => entry.seq >= late.first && entry.payload.includes('"player:')) as { seq: number; payload: string };
      writePayload(tampered, row.seq, row.payload.replace(/"player:(\d+):/, '"player:9$1:'));
    });
    const found = verifyDatabase(path, undefined, { threads });
    expect(found).toMatchObject({ ok: false, row: late.first });
    expect(found).toEqual(verifyDatabase(path));
  });

  describe('verify finds, in words', () => {
    it('a rewritten row changed since', () => {
      const { path, pins } = movedTable();
      const pin = pins[2] as NamesMovedPin;
      tamper(path, (db) => {
        const row = rowsOf(db).find((entry) => entry.seq >= pin.first && entry.payload.includes('"player:')) as { seq: number; payload: string };
        writePayload(db, row.seq, row.payload.replace(/"player:(\d+):/, '"player:9$1:'));
      });
      const found = verifyDatabase(path);
      expect(found).toMatchObject({ ok: false, row: pin.first });
      expect(found.ok === false && found.problem).toMatch(/nor the hash the 'names-moved' record at row 1628 pins for (it|them): a row the names' move rewrote was changed since, or the pin was/);
    });

    it('a pin changed beside the log: not the pins the record seals', () => {
      const { path, pins, row } = movedTable();
      tamper(path, (db) => pinsWith(db, pins.map((each, index) => (index === 2 ? { ...each, now: 'b'.repeat(64) } : each))));
      const found = verifyDatabase(path);
      expect(found).toMatchObject({ ok: false, row });
      expect(found.ok === false && found.problem).toMatch(new RegExp(`the 'names-moved' record here seals ${pins.length} pins, and the pins kept beside the log \\(names_moved_pin, ${pins.length}\\) are not those: a pin was changed, added or removed`));
    });

    it('a pin forged with the seal forged to match: the rows do not give it (and the record\'s own row breaks the chain)', () => {
      const { path, pins, row } = movedTable();
      const pin = pins[2] as NamesMovedPin;
      const forged = pins.map((each) => (each === pin ? { ...pin, now: 'b'.repeat(64) } : each));
      tamper(path, (db) => {
        pinsWith(db, forged);
        sealWith(db, row, forged);
      });
      const found = verifyDatabase(path);
      expect(found).toMatchObject({ ok: false, row: pin.first });
      expect(found.ok === false && found.problem).toMatch(/nor the hash the 'names-moved' record at row 1628 pins for (it|them)/);
      // The pin put back, the seal left forged: the record's row is the finding.
      tamper(path, (db) => pinsWith(db, pins));
      expect(verifyDatabase(path)).toMatchObject({ ok: false, row });
    });

    it('a pin removed, beside the log and from the seal', () => {
      const { path, pins, row } = movedTable();
      const pin = pins[3] as NamesMovedPin;
      const fewer = pins.filter((each) => each !== pin);
      tamper(path, (db) => {
        pinsWith(db, fewer);
        sealWith(db, row, fewer);
      });
      const found = verifyDatabase(path);
      expect(found).toMatchObject({ ok: false, row: pin.first });
      expect(found.ok === false && found.problem).toMatch(/and the 'names-moved' record at row 1628 pins no hash for (it|them)/);
    });

    it('a pin added for a command whose rows did not change', () => {
      const { path, pins, row } = movedTable();
      const db = new Database(path, { readonly: true });
      const rows = rowsOf(db);
      // A command of one row, whose rows the move did not change.
      const unchanged = rows.find((entry) => entry.seq === entry.commandLast && rows[entry.seq - 2]?.commandLast === entry.seq - 1 && entry.seq > 100 && !pins.some((pin) => pin.last === entry.seq)) as { seq: number };
      const kept = db.prepare('SELECT lower(hex(hash)) FROM command WHERE last = ?').pluck().get(unchanged.seq) as string;
      db.close();
      const more = [...pins, { first: unchanged.seq, last: unchanged.seq, kept, now: 'a'.repeat(64) }].sort((a, b) => a.last - b.last);
      tamper(path, (tampered) => {
        pinsWith(tampered, more);
        sealWith(tampered, row, more);
      });
      const found = verifyDatabase(path);
      expect(found).toMatchObject({ ok: false, row: unchanged.seq });
      expect(found.ok === false && found.problem).toMatch(/pins this row .* as rewritten, but they give the hash kept for them: the record pins a command whose rows did not change/);
    });

    it('the record removed (its row, its command, the head moved back), then its side tables', () => {
      const { path, pins, hashes } = movedTable();
      const first = (pins[0] as NamesMovedPin).first;
      tamper(path, `DELETE FROM log WHERE seq = 1628; DELETE FROM command WHERE last = 1628; UPDATE head SET seq = 1627, hash = '${hashes.at(-1) as string}'`);
      const found = verifyDatabase(path);
      expect(found).toMatchObject({ ok: false, row: 1628 });
      expect(found.ok === false && found.problem).toMatch(/says row 1628 is its 'names-moved' record, and it is none: the side table was changed, or the record removed/);
      tamper(path, 'DELETE FROM names_moved');
      const pinsLeft = verifyDatabase(path);
      expect(pinsLeft).toMatchObject({ ok: false, row: first });
      expect(pinsLeft.ok === false && pinsLeft.problem).toMatch(/pins of the names' move are kept beside the log for these rows, but the side table names no 'names-moved' record/);
      tamper(path, 'DELETE FROM names_moved_pin');
      const without = verifyDatabase(path);
      expect(without).toMatchObject({ ok: false, row: first });
      expect(without.ok === false && without.problem).toMatch(/do(es)? not give the hash kept/);
    });

    it('a side table that names another row', () => {
      const { path } = movedTable();
      tamper(path, 'UPDATE names_moved SET row = 5');
      const elsewhere = verifyDatabase(path);
      expect(elsewhere).toMatchObject({ ok: false, row: 5 });
      expect(elsewhere.ok === false && elsewhere.problem).toMatch(/says row 5 is its 'names-moved' record, and it is none/);
    });
  });
});
