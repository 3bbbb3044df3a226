import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // The JSON report feeds the one-line summary `npm test` prints last (scripts/test-summary.mjs).
    reporters: ['default', ['json', { outputFile: 'dist/test-results.json' }]],
    // Property and differential tests evaluate hundreds of thousands of hands.
    testTimeout: 60_000,
  },
});
