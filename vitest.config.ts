import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { softwareDefines } from './scripts/software-stamp.mjs';

// The run's own temporary folder, removed at its end (test/support/temporary-folder.ts). Others may pass
// through it, as through the system's: the floor's PostgreSQL runs as an unprivileged user of its own.
const runFolder = (process.env.FELT_TEST_RUN_FOLDER ??= mkdtempSync(join(tmpdir(), 'felt-tests-')));
chmodSync(runFolder, 0o711);

export default defineConfig({
  // The software a test run is (src/version.ts): package.json's version, the build `test`.
  define: softwareDefines(undefined, 'test'),
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    env: { TMPDIR: runFolder },
    globalSetup: ['test/support/temporary-folder.ts'],
    // The JSON report feeds the one-line summary `npm test` prints last (scripts/test-summary.mjs).
    reporters: ['default', ['json', { outputFile: 'dist/test-results.json' }]],
    // Property and differential tests evaluate hundreds of thousands of hands.
    testTimeout: 60_000,
    // Two files at a time even on two processors (vitest's default would be one): most of the suite waits —
    // on Chromium, on a table's process, on socat's ptys, on PostgreSQL, on fsync — rather than computes.
    // Measured: 755 s one at a time, 443 s two at a time, on this machine under load.
    maxWorkers: 2,
  },
});
