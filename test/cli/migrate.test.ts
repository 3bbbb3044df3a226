import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runMigrate } from '../../src/cli/commands/migrate.js';
import { main } from '../../src/cli/dispatch.js';
import { MIGRATIONS } from '../../src/store/migrations.js';
import { Store } from '../../src/store/store.js';
import { verifyDatabase } from '../../src/store/verify.js';
import { cliIo, scratch } from './cli-io.js';

/** felt migrate: what an update runs on a stopped table before it starts it again (docs/operations.md). */
describe('felt migrate', () => {
  it('brings a table written by an earlier version up to date, once, and it verifies as before', async () => {
    const db = join(scratch(), 'table.db');
    copyFileSync(fileURLToPath(new URL('../fixtures/tables/table-2026-11-29.db', import.meta.url)), db);
    const before = verifyDatabase(db);
    const first = cliIo();
    expect(await runMigrate(['--db', db], first)).toBe(0);
    expect(first.written.out).toMatch(new RegExp(`^${db}: (migrated: [\\w:, -]+|up to date \\(${MIGRATIONS.length} migrations\\))\\n$`));
    const again = cliIo();
    expect(await runMigrate(['--db', db], again)).toBe(0);
    expect(again.written.out).toBe(`${db}: up to date (${MIGRATIONS.length} migrations)\n`);
    expect(verifyDatabase(db)).toEqual(before);
  });

  it('refuses what it cannot migrate, saying why, and makes no database', async () => {
    const folder = scratch();
    const missing = cliIo();
    expect(await main(['migrate', '--db', join(folder, 'none.db')], missing)).toBe(1);
    expect(missing.written.err).toBe(`felt migrate: ${join(folder, 'none.db')} does not exist\n`);
    // A table a newer Felt wrote: an older one does not run it (the update's way back is the copy it took).
    const newer = join(folder, 'newer.db');
    Store.open(newer).close();
    const raw = new Database(newer);
    raw.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, 0)').run('2099-01-01T00:00-from-the-future');
    raw.close();
    const refused = cliIo();
    expect(await main(['migrate', '--db', newer], refused)).toBe(1);
    expect(refused.written.err).toContain("the database has migration '2099-01-01T00:00-from-the-future', which this version of Felt does not know");
    // A running table holds its lock: it is migrated by its own start, not under it.
    const running = join(folder, 'running.db');
    const open = Store.open(running);
    const locked = cliIo();
    expect(await main(['migrate', '--db', running], locked)).toBe(1);
    expect(locked.written.err).toContain('is open in another Felt');
    open.close();
    const usage = cliIo();
    expect(await main(['migrate'], usage)).toBe(2);
    expect(usage.written.err).toContain('--db PATH is required');
  });
});
