/**
 * The login's observable state: the login machine's current state (`auth-controller.ts` is its only writer) and
 * whether the wallet-choice dialog is open. Components read them with the hooks.
 */
import { useSyncExternalStore } from 'react';
import { createStore } from '../../lib/store';
import { initialLoginState, type LoginState } from './login-machine';

export const loginStore = createStore<LoginState>(initialLoginState);
/** Whether the wallet-choice dialog is open. */
export const connectDialogStore = createStore(false);

export function useLoginState(): LoginState {
  return useSyncExternalStore(loginStore.subscribe, loginStore.get, loginStore.get);
}

export function useConnectDialog(): boolean {
  return useSyncExternalStore(connectDialogStore.subscribe, connectDialogStore.get, connectDialogStore.get);
}
