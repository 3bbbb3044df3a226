import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Property and differential tests evaluate hundreds of thousands of hands.
    testTimeout: 60_000,
  },
});
