import { defineConfig } from 'vitest/config';
import { slowFirst } from '../../scripts/lib/slow-first';
import { testReporters } from '../../scripts/lib/test-reporters';

export default defineConfig({
  test: {
    // The slowest files start first (see slow-first.ts), so no long file runs alone at the end.
    sequence: {
      sequencer: slowFirst(['test/properties/market.property-1.test.ts', 'test/properties/market.property-2.test.ts']),
    },
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
