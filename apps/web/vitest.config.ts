import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { testReporters } from '../../scripts/lib/test-reporters.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
const TEST_FILE = /\.test\.tsx?$/;

/**
 * The test files that replace a module (`vi.mock` / `vi.doMock`, written in the test file itself). Without isolation
 * a module is loaded once per worker and shared by the files that worker runs, so a mock would neither reach modules
 * an earlier file loaded nor end with its file: these files run isolated, every other file shares its worker's modules
 * and jsdom (see `projects` below).
 */
function filesThatMockModules(): string[] {
  return ['src', 'build'].flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => TEST_FILE.test(f))
      .map((f) => `${dir}/${f.split(path.sep).join('/')}`)
      .filter((f) => /\bvi\.(do)?mock\(/.test(readFileSync(path.join(root, f), 'utf8'))),
  );
}

const include = ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'];
const mocking = filesThatMockModules();

export default defineConfig({
  plugins: [react()],
  test: {
    reporters: testReporters('web'),
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Larger than the 10 s a waitFor / findBy* may wait (src/test/setup.ts), with room for a few waits in one test
    // on a loaded machine; hooks (the i18n load, the stubs) get the same.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // vitest's default on 2 cores is one worker.
    maxWorkers: Number(process.env.TEST_WORKERS) || 2,
    projects: [
      // Most files share a worker's jsdom and loaded modules (React, i18n, the app): starting a worker, jsdom and
      // those modules for every file was most of the suite's time. What a file may leave behind is reset by
      // src/test/setup.ts (timers, stubbed globals, the language) and src/test/setup-shared.ts (the app's stores).
      {
        extends: true,
        test: { name: 'shared', include, exclude: mocking, isolate: false, setupFiles: ['./src/test/setup-shared.ts'] },
      },
      // The files that mock modules keep a fresh module graph and jsdom each, in a VM context of a reused process
      // (vmForks) rather than a new process per file (forks): the suite took 52 s with forks, 35 s so.
      { extends: true, test: { name: 'isolated', include: mocking, isolate: true, pool: 'vmForks' } },
    ],
  },
});
