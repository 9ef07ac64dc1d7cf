import { defineConfig } from 'vitest/config';
import { testReporters } from '../../scripts/lib/test-reporters';

export default defineConfig({
  test: {
    reporters: testReporters('ops'),
    // test/topology/topology.test.ts runs only against real services (DATABASE_URL, REDIS_URL, S3_ENDPOINT).
    include: ['test/**/*.test.ts'],
    // Each file starts its own anvil and runs the commands as an operator would (child processes).
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
