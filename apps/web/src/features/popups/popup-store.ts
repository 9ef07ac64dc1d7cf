/**
 * The global popups: OK (one button), confirm (two buttons) and the error popup. Texts are already
 * translated from the catalogues by the caller (`t(...)`), or given as an error code.
 * Sign-up and mail-sent popups follow the login state instead (see AuthPopups). A failed write of
 * `useApiMutation` opens the error popup: this module registers itself as the API's failure handler.
 */
import { useSyncExternalStore } from 'react';
import { setFailureHandler } from '../../lib/api';
import { createStore } from '../../lib/store';

export type Popup =
  | { id: number; kind: 'ok'; message: string; title?: string; link?: PopupLink; onClose?: () => void }
  | {
      id: number;
      kind: 'confirm';
      message: string;
      title?: string;
      confirmLabel?: string;
      onConfirm: () => void;
      onCancel?: () => void;
    }
  | { id: number; kind: 'error'; code: number; onClose?: () => void }
  | { id: number; kind: 'network'; requiredChainId: number };

/** A link shown under the message of an OK popup (opens in a new tab). */
export interface PopupLink {
  href: string;
  label: string;
  testId?: string;
}

type NewPopup = Popup extends infer P ? (P extends Popup ? Omit<P, 'id'> : never) : never;

const store = createStore<Popup[]>([]);
let nextId = 1;

function push(p: NewPopup) {
  const popup = { ...p, id: nextId++ } as Popup;
  store.set((list) => [...list, popup]);
  return popup.id;
}

export function closePopup(id: number) {
  store.set((list) => list.filter((p) => p.id !== id));
}

export const popups = {
  ok: (message: string, opts: { title?: string; link?: PopupLink; onClose?: () => void } = {}) =>
    push({ kind: 'ok', message, ...opts }),
  confirm: (
    message: string,
    onConfirm: () => void,
    opts: { title?: string; confirmLabel?: string; onCancel?: () => void } = {},
  ) => push({ kind: 'confirm', message, onConfirm, ...opts }),
  error: (code: number, onClose?: () => void) => push({ kind: 'error', code, onClose }),
  /** The wallet is on another chain than the one the marketplace uses. */
  network: (requiredChainId: number) => push({ kind: 'network', requiredChainId }),
  clear: () => store.set([]),
};

export function usePopups(): Popup[] {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

setFailureHandler((code) => popups.error(code));
