import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { TableController } from '../../src/controller/table-controller.js';
import type { TableCommand } from '../../src/engine/table/table.js';
import { SimulatedTable } from '../../src/floor/sim/simulated-table.js';
import { floorReport, REPORT_FACTS } from '../../src/reports/floor-report.js';
import { ErasureRefused, erasePlayer } from '../../src/store/erasure.js';
import { readReportSource } from '../../src/store/log-reader.js';
import { reopenedTable } from '../../src/store/reopen.js';
import { LogTables } from '../../src/store/log-rows.js';
import { Store } from '../../src/store/store.js';
import { verifyDatabase } from '../../src/store/verify.js';
import { reportPdf } from '../../src/reports/report-pdf.js';
import { pdfPages, writePdf } from '../reports/pdf-support.js';
import { copyOfOlderTable } from '../support/older-table.js';

/** Names no other text of the table holds: found in a file's bytes only where the name itself is. */
const guest = (index: number): string => `Ærøskøbing Guest${index}`;

/**
 * A simulated session of `hands` hands, its players renamed, played command by command through a real
 * controller and store with a snapshot every 40 rows; the database's path and the players still seated at
 * its end.
 */
function playedTable(hands = 24, seed = 5): { path: string; seated: string[]; gone: string[] } {
  const path = join(mkdtempSync(join(tmpdir(), 'felt-players-')), 'table.db');
  const plan = SimulatedTable.plan({ hands, seed, players: 4 });
  const names = new Map<string, string>();
  const commands = plan.commands.map(({ id, command }) => {
    if (command.type !== 'sit') return { id, command };
    const name = names.get(command.name) ?? guest(names.size + 1);
    names.set(command.name, name);
    return { id, command: { ...command, name } as TableCommand };
  });
  const store = Store.open(path);
  const controller = TableController.open(store, { now: () => plan.openedAt }, plan.config, { snapshotEvery: 40 });
  for (const { id, command } of commands) {
    const view = controller.submit({ id, command: command as Parameters<TableController['submit']>[0]['command'] });
    if (view.lastError !== null) throw new Error(`refused ${id}: ${view.lastError.en}`);
  }
  const seated = controller.table.seats.flatMap((player) => (player === null ? [] : [player.name]));
  store.close();
  return { path, seated, gone: [...names.values()].filter((name) => !seated.includes(name)) };
}

/** The database's bytes on disk, its write-ahead log's too. */
function fileBytes(path: string): Buffer {
  return Buffer.concat([readFileSync(path), ...(existsSync(`${path}-wal`) ? [readFileSync(`${path}-wal`)] : [])]);
}

function copy(path: string): string {
  const to = join(mkdtempSync(join(tmpdir(), 'felt-players-copy-')), 'table.db');
  copyFileSync(path, to);
  return to;
}

function playerId(path: string, name: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare('SELECT id FROM player WHERE name = ?').pluck().get(name) as number | undefined) ?? 0;
  } finally {
    db.close();
  }
}

describe("players' names beside the log (D102)", () => {
  it('a new table keeps no name in its chained rows, commands, snapshots or facts: only in the side table', () => {
    const { path, seated, gone } = playedTable();
    expect(gone.length).toBeGreaterThan(0);
    const db = new Database(path, { readonly: true });
    const payloads = [...new LogTables(db).payloads()].join('\n');
    const commands = (db.prepare('SELECT command FROM command').pluck().all() as string[]).join('\n');
    const snapshots = (db.prepare('SELECT state FROM snapshot').pluck().all() as string[]).join('\n');
    const facts = (db.prepare('SELECT facts FROM fact_block').pluck().all() as string[]).join('\n');
    const kept = db.prepare('SELECT name FROM player ORDER BY id').pluck().all() as string[];
    db.close();
    expect(payloads).toMatch(/"name":"player:1:[0-9a-f]{64}"/);
    expect(snapshots.length).toBeGreaterThan(0);
    for (const name of [...seated, ...gone]) {
      for (const text of [payloads, commands, snapshots, facts]) expect(text).not.toContain(name);
      expect(kept).toContain(name);
    }
    // The table reopens with its players' names, and verifies.
    expect(verifyDatabase(path).ok).toBe(true);
    const store = Store.open(path);
    expect(store.latestSnapshot()?.state.seats.flatMap((player) => (player === null ? [] : [player.name])).every((name) => name.startsWith('Ærøskøbing'))).toBe(true);
    store.close();
  });

  it('erases a name: out of the side table and of every byte of the file, the reports say so in English and German, and verify passes', () => {
    const { path, gone } = playedTable();
    const name = gone[0] as string;
    const id = playerId(path, name);
    expect(id).toBeGreaterThan(0);
    expect(fileBytes(path).includes(Buffer.from(name))).toBe(true);

    const store = Store.open(path);
    const { row } = erasePlayer(store, { player: id }, 'Mara (manager #1)', Date.UTC(2027, 0, 5, 9));
    // Twice: refused, naming the first.
    expect(() => erasePlayer(store, { player: id }, 'Mara (manager #1)', Date.UTC(2027, 0, 5, 10))).toThrow(new RegExp(`player ${id}'s name was erased already \\(at row ${row}, 2027-01-05T09:00:00.000Z, by Mara`));
    expect(store.playerList().find((player) => player.id === id)).toMatchObject({ name: null, salt: null, erased_row: row, erased_by: 'Mara (manager #1)' });
    store.close();

    // secure_delete overwrote the freed bytes; the erasure emptied the write-ahead log into the file.
    expect(fileBytes(path).includes(Buffer.from(name))).toBe(false);
    expect(verifyDatabase(path)).toMatchObject({ ok: true });

    const source = readReportSource(path, REPORT_FACTS.cashflow, true);
    const report = floorReport('cashflow', source.facts, { table: source.table, names: source.names });
    if (report.kind !== 'cashflow') throw new Error('not a cash flow');
    const erased = report.stays.filter((stay) => stay.erased === true);
    expect(erased.length).toBeGreaterThan(0);
    expect(erased.every((stay) => stay.name === 'erased player')).toBe(true);
    expect(report.stays.filter((stay) => stay.erased !== true).every((stay) => stay.name.startsWith('Ærøskøbing'))).toBe(true);
    expect(JSON.stringify(report)).not.toContain(name);
    const folder = mkdtempSync(join(tmpdir(), 'felt-players-pdf-'));
    const text = (language: 'en' | 'de'): string => pdfPages(writePdf(folder, language, reportPdf(report, { language, generatedAt: Date.UTC(2027, 0, 5, 11) })), 'raw').pages.join('\n');
    const german = text('de');
    expect(german).toContain('gelöschter Spieler');
    expect(german).not.toContain(name);
    expect(german).not.toContain('erased player');
    expect(text('en')).toContain('erased player');

    // The table opens on after the erasure and goes on.
    const reopened = Store.open(path);
    expect([...reopened.entries()].some((entry) => entry.type === 'player-erased' && entry.player === id)).toBe(true);
    reopened.close();
  });

  it('verify finds a name changed in the side table, a player removed from it, an erasure forged there, and one undone', () => {
    const { path, gone } = playedTable();
    const [first, second] = gone as [string, string];
    const erased = copy(path);
    const store = Store.open(erased);
    const { row } = erasePlayer(store, { name: first }, 'Mara (manager #1)', Date.UTC(2027, 0, 5, 9));
    store.close();
    expect(verifyDatabase(erased).ok).toBe(true);

    const changed = (from: string, sql: string, ...values: unknown[]): string => {
      const to = copy(from);
      const db = new Database(to);
      db.prepare(sql).run(...values);
      db.close();
      return to;
    };
    const id = playerId(path, second);
    // A name changed beside the log: the row that named the player first is named.
    const renamed = changed(path, 'UPDATE player SET name = ? WHERE id = ?', 'Someone Else', id);
    const firstRow = (new Database(path, { readonly: true }).prepare('SELECT first_row FROM player WHERE id = ?').pluck().get(id)) as number;
    expect(verifyDatabase(renamed)).toMatchObject({ ok: false, row: firstRow, problem: expect.stringMatching(`the name the players' side table keeps for player ${id} is not the one this row was written with`) });
    // A player's row removed from the side table: a name gone with no erasure in the log.
    const removed = changed(path, 'DELETE FROM player WHERE id = ?', id);
    expect(verifyDatabase(removed)).toMatchObject({ ok: false, row: firstRow, problem: expect.stringMatching(`it seats player ${id}, whom the players' side table does not have`) });
    // An erasure the log does not record (the name removed by hand).
    const forged = changed(path, 'UPDATE player SET name = NULL, salt = NULL, erased_row = 3, erased_at = 0, erased_by = ? WHERE id = ?', 'nobody', id);
    expect(verifyDatabase(forged)).toMatchObject({ ok: false, row: 3, problem: expect.stringMatching(`player ${id} has no name in the players' side table, but the log records no erasure of theirs`) });
    // An erasure undone: the name put back (with a salt) where the log records its erasure.
    const erasedId = playerId(path, first);
    const undone = changed(erased, 'UPDATE player SET name = ?, salt = ?, erased_row = NULL, erased_at = NULL, erased_by = NULL WHERE id = ?', first, Buffer.alloc(16), erasedId);
    // (A salt of its own: the one the name was written with is gone, so the row that seated the player shows it first.)
    const seatedFirst = new Database(path, { readonly: true }).prepare('SELECT first_row FROM player WHERE id = ?').pluck().get(erasedId) as number;
    expect(verifyDatabase(undone)).toMatchObject({ ok: false, row: seatedFirst, problem: expect.stringMatching(`the name the players' side table keeps for player ${erasedId} is not the one this row was written with`) });
    // The erasure's row itself removed: the chain shows it.
    const cut = copy(erased);
    const db = new Database(cut);
    for (const { name } of db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").all() as { name: string }[]) db.exec(`DROP TRIGGER ${name}`);
    db.prepare('DELETE FROM log WHERE seq = ?').run(row);
    db.close();
    expect(verifyDatabase(cut).ok).toBe(false);
  });

  it('refuses, in words: a player the table does not have, a seated player, a name no one has', () => {
    const { path, seated } = playedTable();
    const store = Store.open(path);
    try {
      expect(() => erasePlayer(store, { player: 9999 }, 'Mara', 0)).toThrow(new ErasureRefused('this table has no player 9999 (felt players list shows its players)'));
      expect(() => erasePlayer(store, { name: 'Nobody Here' }, 'Mara', 0)).toThrow(/no player of this table is named 'Nobody Here'/);
      expect(() => erasePlayer(store, { name: seated[0] as string }, 'Mara', 0)).toThrow(/sits at seat \d+ now: .* erase it once they have left the table/);
      // Nothing was written by the refusals.
      expect(store.playerList().every((player) => player.name !== null)).toBe(true);
    } finally {
      store.close();
    }
    expect(verifyDatabase(path).ok).toBe(true);
  });

  it('the same name seated again is the same player; a name seated after its erasure is a new one', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'felt-players-')), 'table.db');
    const clock = { now: () => Date.UTC(2027, 0, 5, 18) };
    let store = Store.open(path);
    let controller = TableController.open(store, clock, { ...SimulatedTable.plan({ hands: 1, seed: 1 }).config });
    const submit = (id: string, command: Parameters<TableController['submit']>[0]['command']): void => {
      const view = controller.submit({ id, command });
      if (view.lastError !== null) throw new Error(view.lastError.en);
    };
    submit('s1', { type: 'sit', seat: 1, name: ' Hans ', buyIn: 500 });
    submit('l1', { type: 'leave', seat: 1 });
    submit('s2', { type: 'sit', seat: 2, name: 'Hans', buyIn: 500 });
    submit('l2', { type: 'leave', seat: 2 });
    expect(store.playerList().map((player) => player.name)).toEqual(['Hans']);
    // A command sent again is recognised as the one applied, the spaces as sent kept beside the reference.
    expect(store.storedCommand('s1')).toContain('" Hans "');
    const head = store.headOfChain();
    expect(controller.command({ id: 's1', command: { type: 'sit', seat: 1, name: ' Hans ', buyIn: 500 } })).toMatchObject({ ok: true });
    expect(controller.command({ id: 's1', command: { type: 'sit', seat: 1, name: 'Hans', buyIn: 500 } })).toMatchObject({ ok: false, code: 'command-id-used' });
    expect(store.headOfChain()).toEqual(head);
    erasePlayer(store, { name: 'Hans' }, 'Mara', clock.now());
    store.close();
    store = Store.open(path);
    controller = TableController.open(store, clock, SimulatedTable.plan({ hands: 1, seed: 1 }).config, { snapshotEvery: 1 });
    submit('s3', { type: 'sit', seat: 3, name: 'Hans', buyIn: 500 });
    expect(store.playerList().map((player) => player.name)).toEqual([null, 'Hans']);
    // A name typed to look like the erased player's reference is a name, a player of its own — never theirs.
    const reference = /"name":"(player:1:[0-9a-f]{64})"/.exec([...new LogTables(new Database(path, { readonly: true })).payloads()].join('\n'))?.[1] as string;
    expect(reference).toBeDefined();
    submit('s4', { type: 'sit', seat: 4, name: reference, buyIn: 500 });
    expect(store.playerList().map((player) => player.name)).toEqual([null, 'Hans', reference]);
    expect(controller.table.seats[3]?.name).toBe(reference);
    // The erased Hans's departure, as the table holds it: a token no one can type (the table refuses U+2068/9).
    expect(controller.table.departures.map((left) => left.name)).toEqual(['erased player \u20681\u2069']);
    expect(controller.command({ id: 's5', command: { type: 'sit', seat: 5, name: 'erased player \u20681\u2069', buyIn: 500 } })).toMatchObject({ ok: false });
    store.close();
    expect(verifyDatabase(path)).toMatchObject({ ok: true });
    store = Store.open(path);
    expect(store.latestSnapshot()?.state.seats[3]?.name).toBe(reference);
    store.close();
  });

  it('a table an earlier Felt began keeps every hash and its names until a manager moves them; an erasure moves them first (D103, D113)', () => {
    const path = copyOfOlderTable();
    const before = verifyDatabase(path);
    if (!before.ok) throw new Error(before.problem);
    const store = Store.open(path);
    expect(store.namesByReference).toBe(false);
    expect(store.headOfChain().hash).toBe(before.head);
    // A player who sits at the table: the erasure is refused, and says the names were moved out of the rows first.
    const seated = reopenedTable(store).state.seats.find((player) => player !== null)?.name as string;
    expect(() => erasePlayer(store, { name: seated }, 'Mara', 0)).toThrow(/player \d+ sits at seat \d+ now: .* — the players' names of this table, begun by an earlier Felt, were moved out of its rows first all the same \(row 1628 records it, D113\)/);
    expect(store.namesByReference).toBe(true);
    store.close();
    expect(verifyDatabase(path, before.head)).toMatchObject({ ok: true, rows: before.rows + 1, anchorRow: before.rows });
  });
});
