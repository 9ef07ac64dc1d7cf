import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // Each test file starts its own anvil; two cores, so two files at a time.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
