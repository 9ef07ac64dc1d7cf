import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n, i18nReady, loadPageNamespaces } from '../i18n';

// The app loads English on demand; tests read both catalogues at once.
await i18nReady;
await i18n.loadLanguages('en');
await loadPageNamespaces();

afterEach(() => {
  cleanup();
  localStorage.clear();
});
