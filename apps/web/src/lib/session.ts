/**
 * The persisted session (spec 1, section 3): id, ticket, wallet address, wallet-enabled flag, balance list,
 * profile image and category list. Stored in localStorage; everything else lives in memory.
 */
import { Token, type TokenSymbol } from '@att/shared';
import { useSyncExternalStore } from 'react';
import { createStore } from './store';

export interface BalanceEntry {
  name: TokenSymbol;
  /** Wei as a decimal string. */
  balance: string;
  /** USD, floored to 4 decimals. */
  usd: string;
  icon: string;
}

export interface SessionCategory {
  name: string;
  fileName: string;
}

export interface Session {
  id: string | null;
  ticket: string | null;
  address: string | null;
  walletEnabled: boolean;
  balances: BalanceEntry[];
  profileImage: string | null;
  categories: SessionCategory[];
}

const STORAGE_KEY = 'att.session';

export const DEFAULT_BALANCES: BalanceEntry[] = [
  { name: Token.KLAY, balance: '0', usd: '0', icon: '/tokens/klay.svg' },
  { name: Token.ATT, balance: '0', usd: '0', icon: '/tokens/att.svg' },
];

export const emptySession: Session = {
  id: null,
  ticket: null,
  address: null,
  walletEnabled: false,
  balances: DEFAULT_BALANCES,
  profileImage: null,
  categories: [],
};

function parse(raw: string | null): Session {
  try {
    if (!raw) return emptySession;
    const parsed = JSON.parse(raw) as Partial<Session>;
    return { ...emptySession, ...parsed };
  } catch {
    return emptySession;
  }
}

function load(): Session {
  try {
    return parse(localStorage.getItem(STORAGE_KEY));
  } catch {
    return emptySession;
  }
}

/** True while a session written by another tab is applied: it is already stored, so it is not written back. */
let applyingOtherTab = false;

function save(session: Session) {
  if (applyingOtherTab) return;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  } catch {
    // storage full or unavailable: the session lives in memory only
  }
}

export const sessionStore = createStore<Session>(load(), save);

export function updateSession(patch: Partial<Session>) {
  sessionStore.set((s) => ({ ...s, ...patch }));
}

/** Clears id, ticket and wallet data and zeroes the balances; keeps the (public) category list. */
export function clearSession() {
  sessionStore.set((s) => ({
    ...emptySession,
    balances: s.balances.map((b) => ({ ...b, balance: '0', usd: '0' })),
    categories: s.categories,
  }));
}

/**
 * Follows the session other tabs of this browser store (the `storage` event fires in every tab but the writer):
 * the new session replaces this tab's copy without being written back, then `onChange(prev, next)` runs.
 */
export function followOtherTabs(onChange: (prev: Session, next: Session) => void): () => void {
  const listener = (e: StorageEvent) => {
    if (e.storageArea && e.storageArea !== localStorage) return;
    // key null: the other tab cleared all of localStorage.
    if (e.key !== STORAGE_KEY && e.key !== null) return;
    const prev = sessionStore.get();
    const next = parse(e.newValue);
    applyingOtherTab = true;
    try {
      sessionStore.set(next);
    } finally {
      applyingOtherTab = false;
    }
    onChange(prev, next);
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

export function isLoggedIn(s: Session): s is Session & { id: string; ticket: string } {
  return Boolean(s.id && s.ticket);
}

export function useSession(): Session {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
