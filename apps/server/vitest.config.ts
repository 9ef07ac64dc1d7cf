import { defineConfig } from 'vitest/config';
import { slowFirst } from '../../scripts/lib/slow-first';
import { testReporters } from '../../scripts/lib/test-reporters';

export default defineConfig({
  test: {
    // The slowest files start first (see slow-first.ts), so no long file runs alone at the end.
    sequence: {
      sequencer: slowFirst([
        'src/app-garbage-bodies.test.ts',
        'src/modules/alerts/tests/outbox-restart.test.ts',
        'src/modules/trading/tests/indexer-restart.test.ts',
        'src/modules/trading/tests/findings/trading-attacks.test.ts',
      ]),
    },
    reporters: testReporters('server'),
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    // Each file builds its own app on a fresh database (PGlite in memory, or a new PostgreSQL database).
    pool: 'forks',
    // The files of one worker share its loaded modules instead of importing the app again per file (measured on
    // the whole suite: import 290 s -> 27 s, 627 s -> 335 s wall). Each file still builds its own app and
    // database; a test fixture that keeps module-level lists empties them in its beforeAll.
    isolate: false,
    // vitest's default on 2 cores is one worker; each file waits on its chain and database often enough that two
    // overlap (measured on the trading folder: 209 s with one, 151 s with two).
    maxWorkers: Number(process.env.TEST_WORKERS) || 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
