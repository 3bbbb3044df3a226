// npm run test:mutation — how well the engine's own tests (test/engine/) catch a seeded bug in the engine
// (src/engine/): docs/mutation.md, D52. A long check of its own, never part of `npm test`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'vitest',
  // Only the engine's tests: the score measures them, not the controller's or the store's, which use the engine too.
  vitest: { configFile: 'vitest.mutation.config.mjs', related: true },
  mutate: ['src/engine/**/*.ts', '!src/engine/index.ts'],
  // Each mutant runs only the tests that reached its code in the first run.
  coverageAnalysis: 'perTest',
  // One test process: the machine is shared (2 cores).
  concurrency: 1,
  // A mutant that loops forever is stopped this long after the time its tests took without it (Stryker's default).
  timeoutMS: 5_000,
  // The sandbox is a copy of the project: what the engine's tests never read stays out of it.
  ignorePatterns: ['/dist', '/reports', '/renderer', '/electron', '/bench', '/docs', '/test/e2e', '/test/renderer'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/engine.html' },
  jsonReporter: { fileName: 'reports/mutation/engine.json' },
  incrementalFile: 'reports/mutation/incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 80, break: null },
};
