import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { TableController } from '../../src/controller/table-controller.js';
import { CASINO_5_10 } from '../../src/engine/table/table-config.js';
import { Store } from '../../src/store/store.js';
import { verifyDatabase } from '../../src/store/verify.js';
import { type LogRow, LogTables } from '../../src/store/log-rows.js';
import { copyOfOlderTable, keptHashes } from '../support/older-table.js';

/**
 * A table written by an earlier version stays readable and verifiable. Its snapshots hold states as that
 * version derived them — the last hand's included — so a change to what the engine or the table keeps in
 * a state that older snapshots do not match shows here, not at a casino's `felt verify`.
 *
 * `table-2026-11-29.db`: 12 simulated hands (`simulateSession`, seed 3, 4 players, no limit, dead button),
 * 548 rows and nine snapshots between hands, written by the code of 2026-11-29 (commit 18430d0).
 *
 * `table-2026-12-02.db`: 30 simulated hands (seed 9, 6 players, no limit, dead button, two dealers), 1,627
 * rows, a snapshot every 150 rows, under the ids real devices send (the shoe's and the panel's ending in a
 * UUID, the screen's 32 hex digits) and a command sent twice; written by the store of 2026-12-02 (commit
 * 66fce78), before the log was packed (D81).
 */
const copyOf = (name: string): string => copyOfOlderTable(name);

describe('tables written by earlier versions', () => {
  it('a table of 2026-11-29 verifies and opens at the hand it ended with', () => {
    const path = copyOf('table-2026-11-29.db');
    const head = '81f640b5c4338ed5afd7aabf314f1f16e1a64d8d73689658936fd35052c2e53c';
    expect(verifyDatabase(path)).toMatchObject({ ok: true, rows: 548, hands: 12, head });
    const store = Store.open(path);
    expect(store.latestSnapshot()?.seq).toBeGreaterThan(500);
    const view = TableController.open(store, { now: () => Date.UTC(2026, 10, 29, 20) }, CASINO_5_10).view();
    expect(view.handNumber).toBe(12);
    store.close();
    expect(verifyDatabase(path, head)).toMatchObject({ ok: true, rows: 548, hands: 12, head, anchorRow: 548 });
  });

  it('a table of 2026-12-02 is packed as it opens, every hash of its chain kept: heads kept elsewhere still verify', () => {
    const path = copyOf('table-2026-12-02.db');
    const hashes = keptHashes(path);
    // Read as stored before it is opened, and as computed after: the same rows (a copy kept elsewhere compares either).
    const read = (): LogRow[] => {
      const db = new Database(path, { readonly: true });
      const rows = [...new LogTables(db).chainRows(1500)];
      db.close();
      return rows;
    };
    const unpacked = read();
    expect(unpacked.map((row) => row.hash)).toEqual(hashes.slice(1500));
    const head = '109f6454fde1cf3d996f07d4a87ace1d9ba4aa575bb780206b520de530c05b58';
    expect(hashes).toHaveLength(1627);
    expect(hashes.at(-1)).toBe(head);
    // Verified as it is, read-only (packed into a copy of verify's own), before any Felt of today opened it.
    expect(verifyDatabase(path, hashes[199])).toMatchObject({ ok: true, rows: 1627, hands: 30, head, anchorRow: 200 });
    const before = statSync(path).size;
    const words: string[] = [];
    const store = Store.open(path, { progress: (said) => words.push(said) });
    // Every row's hash, computed from the packed rows, is the one the earlier Felt kept.
    expect([...store.rows()].map((row) => row.hash)).toEqual(hashes);
    expect(store.headOfChain()).toEqual({ seq: 1627, hash: head });
    const view = TableController.open(store, { now: () => Date.UTC(2026, 11, 2, 20) }, CASINO_5_10).view();
    expect(view.handNumber).toBe(30);
    store.close();
    expect(words).toContain("giving the unpacked log's space back to the disk");
    expect(read()).toEqual(unpacked);
    expect(statSync(path).size).toBeLessThan(before / 2);
    // Any head the earlier Felt printed is found in the packed chain.
    for (const row of [1, 57, 800, 1627]) expect(verifyDatabase(path, hashes[row - 1])).toMatchObject({ ok: true, rows: 1627, hands: 30, head, anchorRow: row });
    // Opened again: nothing more to migrate, the same chain.
    const again = Store.open(path);
    expect(again.headOfChain()).toEqual({ seq: 1627, hash: head });
    again.close();
  });
});
