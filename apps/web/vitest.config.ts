import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { testReporters } from '../../scripts/lib/test-reporters';

export default defineConfig({
  plugins: [react()],
  test: {
    reporters: testReporters('web'),
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    css: false,
    // Larger than the 10 s a waitFor / findBy* may wait (src/test/setup.ts), with room for a few waits in one test
    // on a loaded machine; hooks (the i18n load, the stubs) get the same.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // vitest's default on 2 cores is one worker.
    maxWorkers: Number(process.env.TEST_WORKERS) || 2,
  },
});
