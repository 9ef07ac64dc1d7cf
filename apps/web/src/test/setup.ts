import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { i18n, i18nReady, loadPageNamespaces } from '../i18n';

// Every waitFor / findBy* waits for its condition up to 10 s (Testing Library's default of 1 s is too short on a
// loaded 2-core machine: a first render that loads a page chunk, a query and i18n can take longer). A wait returns
// as soon as its condition holds, so this costs nothing when the machine is idle. The test timeout
// (vitest.config.ts) is larger, so a wait that runs out fails with its own message, not a bare test timeout.
// Tests wait with these (not vitest's `vi.waitFor`, whose 1 s default cannot be set once).
configure({ asyncUtilTimeout: 10_000 });

// The app loads English on demand; tests read both catalogues at once.
await i18nReady;
await i18n.loadLanguages('en');
await loadPageNamespaces();

// Most files share their worker's jsdom and loaded modules (`isolate: false`, vitest.config.ts), and this file runs
// again before each of them: every file starts in Korean, as a fresh load does, whatever the file before it chose.
if (i18n.language !== 'ko') await i18n.changeLanguage('ko');

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// What a file may leave in the shared environment; vitest itself only restores spies (`vi.spyOn`) between files.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  sessionStorage.clear();
});
