import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TableController } from '../../src/controller/table-controller.js';
import { CASINO_5_10 } from '../../src/engine/table/table-config.js';
import { Store } from '../../src/store/store.js';
import { verifyDatabase } from '../../src/store/verify.js';

/**
 * A table written by an earlier version stays readable and verifiable. Its snapshots hold states as that
 * version derived them — the last hand's included — so a change to what the engine or the table keeps in
 * a state that older snapshots do not match shows here, not at a casino's `felt verify`.
 *
 * `table-2026-11-29.db`: 12 simulated hands (`simulateSession`, seed 3, 4 players, no limit, dead button),
 * 548 rows and nine snapshots between hands, written by the code of 2026-11-29 (commit 18430d0).
 */
describe('tables written by earlier versions', () => {
  it('a table of 2026-11-29 verifies and opens at the hand it ended with', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'felt-older-')), 'table.db');
    copyFileSync(fileURLToPath(new URL('../fixtures/tables/table-2026-11-29.db', import.meta.url)), path);
    expect(verifyDatabase(path)).toMatchObject({ ok: true, rows: 548, hands: 12, head: '81f640b5c4338ed5afd7aabf314f1f16e1a64d8d73689658936fd35052c2e53c' });
    const store = Store.open(path);
    expect(store.latestSnapshot()?.seq).toBeGreaterThan(500);
    const view = TableController.open(store, { now: () => Date.UTC(2026, 10, 29, 20) }, CASINO_5_10).view();
    expect(view.handNumber).toBe(12);
    store.close();
    expect(verifyDatabase(path).ok).toBe(true);
  });
});
