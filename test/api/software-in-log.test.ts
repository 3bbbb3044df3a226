import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Core } from '../../src/api/core.js';
import { applyTable, openTable } from '../../src/engine/table/table.js';
import { CASINO_5_10 } from '../../src/engine/table/table-config.js';
import { RuleViolation } from '../../src/engine/rule-violation.js';
import { Store } from '../../src/store/store.js';
import { verifyDatabase } from '../../src/store/verify.js';
import { buildId, softwareDefines } from '../../scripts/software-stamp.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

describe('the software in the log: each start of a table says which software runs it', () => {
  it('writes the version and build at every start, and the log verifies with them', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'felt-software-')), 'table.db');
    const clock = { now: () => Date.UTC(2026, 11, 2, 9) };
    for (let start = 0; start < 2; start++) {
      const core = await Core.open({ dbPath: db, hardware: 'sim', floorPin: '246813', clock, tableConfig: CASINO_5_10, seed: 3 });
      core.close();
    }
    const store = Store.open(db);
    const starts = [...store.entries()].filter((entry) => entry.type === 'software-started');
    store.close();
    // A test run is package.json's version, build `test` (vitest.config.ts).
    expect(starts).toEqual([
      { type: 'software-started', version: VERSION, build: 'test', at: clock.now() },
      { type: 'software-started', version: VERSION, build: 'test', at: clock.now() },
    ]);
    expect(verifyDatabase(db)).toMatchObject({ ok: true });
  });

  it('keeps a version or build the log cannot show plainly out of it', () => {
    const { state } = openTable(CASINO_5_10, 0);
    for (const version of ['', '1.0 beta', 'x'.repeat(65), 'v\n1']) {
      expect(() => applyTable(state, { type: 'software-start', version, build: 'b', at: 0 })).toThrow(RuleViolation);
    }
    expect(applyTable(state, { type: 'software-start', version: '0.1.0', build: 'abc123+modified', at: 5 }).operations).toEqual([{ type: 'software-started', version: '0.1.0', build: 'abc123+modified', at: 5 }]);
  });

  it('stamps a build with the builder’s id, else the checkout’s commit', () => {
    expect(buildId(ROOT, { FELT_BUILD_ID: '0.1.0-1~deb12' })).toBe('0.1.0-1~deb12');
    expect(() => buildId(ROOT, { FELT_BUILD_ID: 'a b' })).toThrow("FELT_BUILD_ID: letters, digits and . + ~ - _ only, at most 64, got 'a b'");
    expect(buildId(ROOT, {})).toMatch(/^[0-9a-f]{12}(\+modified)?$/);
    expect(buildId(tmpdir(), {})).toBe('unknown');
    expect(softwareDefines(ROOT, 'b1')).toEqual({ __FELT_VERSION__: JSON.stringify(VERSION), __FELT_BUILD__: '"b1"' });
  });

  it('felt --version says what the built command line is', () => {
    const result = spawnSync(join(ROOT, 'bin', 'felt'), ['--version'], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^felt ${VERSION.replaceAll('.', '\\.')} \\(build [0-9a-f]{12}(\\+modified)?\\)\\n$`));
  });
});
