import { defineConfig } from 'vitest/config';
import { testReporters } from '../../scripts/lib/test-reporters';

export default defineConfig({
  test: {
    reporters: testReporters('contracts'),
    include: ['test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // Each test file starts its own anvil; two cores, so two files at a time.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
