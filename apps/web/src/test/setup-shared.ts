/**
 * Setup of the files that share their worker's modules (`isolate: false`, vitest.config.ts), after setup.ts: what a
 * file leaves in the app's module-level stores goes back to what a fresh load has, so the next file of the worker
 * starts as it would alone. Not for the files that mock modules: loading the app's modules here would keep their
 * mocks from reaching them.
 */
import { afterAll } from 'vitest';
import { alertStore } from '../features/alerts/alert-store';
import { connectDialogStore, loginStore } from '../features/auth/login-store';
import { initialLoginState } from '../features/auth/login-machine';
import { popups } from '../features/popups/popup-store';
import { queryClient } from '../lib/api/query-client';
import { emptySession, sessionStore } from '../lib/session';

afterAll(() => {
  popups.clear();
  alertStore.set(null);
  loginStore.set(initialLoginState);
  connectDialogStore.set(false);
  sessionStore.set(emptySession);
  queryClient.clear();
  // The session store writes itself to localStorage.
  localStorage.clear();
});
