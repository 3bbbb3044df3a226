import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TableController } from '../../src/controller/table-controller.js';
import { parseCard } from '../../src/cards/notation.js';
import { CASINO_5_10 } from '../../src/engine/table/table-config.js';
import { ErasureRefused } from '../../src/store/erasure.js';
import { reopenedTable } from '../../src/store/reopen.js';
import { Store } from '../../src/store/store.js';
import { verifyDatabase } from '../../src/store/verify.js';

const NAME = 'Ottilie Brandstetter';

function fileBytes(path: string): Buffer {
  return Buffer.concat([readFileSync(path), ...(existsSync(`${path}-wal`) ? [readFileSync(`${path}-wal`)] : [])]);
}

describe("the running table after a player's name is erased (D114)", () => {
  it('holds the erased player by their token, and its snapshots name them by their reference: never a new player of the erased name', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'felt-erase-controller-')), 'table.db');
    let now = Date.UTC(2027, 0, 5, 18);
    const clock = { now: () => now };
    let store = Store.open(path);
    // A snapshot at every command: what the table writes next holds its departures, the erased one's too.
    const controller = TableController.open(store, clock, CASINO_5_10, { snapshotEvery: 1 });
    const submit = (id: string, command: Parameters<TableController['submit']>[0]['command']): void => {
      const view = controller.submit({ id, command });
      if (view.lastError !== null) throw new Error(view.lastError.en);
    };
    submit('s1', { type: 'sit', seat: 1, name: NAME, buyIn: 1000 });
    submit('s2', { type: 'sit', seat: 2, name: 'Bo', buyIn: 500 });
    submit('l1', { type: 'leave', seat: 1 });
    now += 60_000;
    expect(() => controller.erasePlayer(2, 'Mara (manager #1)', now)).toThrow(ErasureRefused);
    const views: number[] = [];
    controller.subscribe((view) => views.push(view.logRow));
    controller.erasePlayer(1, 'Mara (manager #1)', now);
    expect(views).toEqual([store.headOfChain().seq]);
    expect(controller.players()).toEqual([
      { player: 1, name: null, erased: { row: store.headOfChain().seq, at: now, by: 'Mara (manager #1)' }, seat: null },
      { player: 2, name: 'Bo', erased: null, seat: 2 },
    ]);
    // Commands after it, each with its snapshot of the table (the departure in it): the erased player stays
    // player 1, no player of the erased name is made, and the name does not come back into the file.
    submit('s3', { type: 'sit', seat: 3, name: 'Cy', buyIn: 500 });
    submit('t2', { type: 'top-up', seat: 2, amount: 100 });
    expect(store.playerList().map((player) => player.name)).toEqual([null, 'Bo', 'Cy']);
    expect(fileBytes(path).includes(Buffer.from(NAME))).toBe(false);
    // The table the store reads is the table in memory (its erased departure by token).
    expect(reopenedTable(store).state).toEqual(controller.table);
    // A guest of that name now: a new player, no longer held to the 1,000 the erased one left with.
    submit('s4', { type: 'sit', seat: 1, name: NAME, buyIn: 200 });
    expect(store.playerList().map((player) => player.name)).toEqual([null, 'Bo', 'Cy', NAME]);
    store.close();
    expect(verifyDatabase(path)).toMatchObject({ ok: true });
    store = Store.open(path);
    expect(TableController.open(store, clock, CASINO_5_10).table.departures.map((left) => left.name)).toEqual(['erased player \u20681\u2069']);
    store.close();
  });

  it('keeps the hole cards read at the seats of the hand in play across the erasure: the same hand, read again', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'felt-erase-reads-')), 'table.db');
    const now = Date.UTC(2027, 0, 5, 18);
    const store = Store.open(path);
    const controller = TableController.open(store, { now: () => now }, CASINO_5_10);
    const submit = (id: string, command: Parameters<TableController['submit']>[0]['command']): void => {
      const view = controller.submit({ id, command });
      if (view.lastError !== null) throw new Error(view.lastError.en);
    };
    submit('s1', { type: 'sit', seat: 1, name: NAME, buyIn: 1000 });
    submit('l1', { type: 'leave', seat: 1 });
    ['Bo', 'Cy', 'Di'].forEach((name, index) => submit(`s${index + 2}`, { type: 'sit', seat: index + 2, name, buyIn: 500 }));
    ['Ah', 'Kd', 'Qc'].forEach((card, index) => submit(`d${index}`, { type: 'draw', seat: index + 2, card: parseCard(card) }));
    submit('start', { type: 'start-hand' });
    for (let card = 0; card < 6; card++) submit(`deal${card}`, { type: 'deal', card: null });
    const seen = parseCard('7s');
    expect(controller.noteReadAtSeat(3, seen)).toBe(true);
    expect(controller.seatOfRead(seen)).toBe(3);
    controller.erasePlayer(1, 'Mara (manager #1)', now);
    expect(controller.table.hand?.phase.kind).not.toBe('complete');
    expect(controller.seatOfRead(seen)).toBe(3);
    // A card read at another seat is still refused there: the reads are the same hand's.
    expect(controller.noteReadAtSeat(4, seen)).toBe(false);
    store.close();
  });
});
