import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    // Each file builds its own app on a fresh database (PGlite in memory, or a new PostgreSQL database).
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
