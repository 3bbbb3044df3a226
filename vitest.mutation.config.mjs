// The tests `npm run test:mutation` measures (stryker.config.mjs, docs/mutation.md): the engine's own.
import { defineConfig } from 'vitest/config';

const CONSERVATION = 'test/engine/rules/e14-chip-conservation.test.ts';

export default defineConfig({
  test: {
    // As vitest.config.ts: property tests play many hands.
    testTimeout: 60_000,
    projects: [
      // The engine is pure, so its tests can share one module graph: each mutant's run then loads the
      // engine once, not once per test file (about 2.5 times faster).
      { extends: true, test: { name: 'engine', include: ['test/engine/**/*.test.ts'], exclude: [CONSERVATION], isolate: false } },
      // Except the one that replaces a module of the engine (vi.mock) to plant a leak.
      { extends: true, test: { name: 'engine-mocked', include: [CONSERVATION] } },
    ],
  },
});
