/**
 * Runs the login machine: dispatches events and performs the effects of each state it enters (wallet connect,
 * /user/exist, /ticket/check, sign-in, logout). The wallet stack is reached through the wallet loader
 * (`features/wallet`), the member's session through `member-session.ts`; the state lives in `login-store.ts`.
 */
import { INTERVALS } from '@att/shared';
import { api } from '../../lib/api';
import { loadChain } from '../../lib/config';
import {
  clearSession,
  followOtherTabs,
  isLoggedIn,
  type Session,
  sessionStore,
  updateSession,
} from '../../lib/session';
import { popups } from '../popups';
import {
  followWallet,
  loadWallet,
  reconnectOnce,
  releaseWallet,
  setDevWalletChain,
  showWalletMessage,
  type WalletChange,
  type WalletKind,
  type WalletModule,
} from '../wallet';
import { type LoginEvent, loginReducer, type LoginState } from './login-machine';
import { connectDialogStore, loginStore } from './login-store';
import { checkTicket, closeMemberSession, dropMemberSession, openMemberSession } from './member-session';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let navigate: (to: string) => void = (to) => window.location.assign(to);
let requiredChainId: number | undefined;
let generation = 0;
let started = false;
/** True when the current login began with a click on connect (not a resumed session). */
let interactive = false;

followWallet(onWalletChange);

function onWalletChange(change: WalletChange) {
  if (change.kind === 'accountChanged') dispatch({ type: 'ACCOUNT_CHANGED', address: change.address });
  else if (change.kind === 'disconnected') dispatch({ type: 'WALLET_DISCONNECTED' });
  else
    dispatch({
      type: 'NETWORK_CHANGED',
      chainId: change.chainId,
      requiredChainId: requiredChainId ?? change.chainId,
    });
}

async function applyChainConfig() {
  const loaded = await loadChain();
  if (!loaded) return;
  requiredChainId = loaded.front.chainId;
  if (loaded.front.devWallet && loaded.chain)
    await setDevWalletChain({ rpcUrl: loaded.chain.rpcUrl, chainId: loaded.chain.chainId });
}

export function setNavigator(fn: (to: string) => void) {
  navigate = fn;
}

function dispatch(event: LoginEvent) {
  const prev = loginStore.get();
  const next = loginReducer(prev, event);
  if (next === prev) return;
  generation++;
  loginStore.set(next);
  document.body.dataset.loginState = next.name;
  void enter(next, prev, generation);
}

async function chainIds(walletChainId: number) {
  await applyChainConfig();
  return { chainId: walletChainId, requiredChainId: requiredChainId ?? walletChainId };
}

async function enter(state: LoginState, prev: LoginState, gen: number) {
  const current = () => gen === generation;
  switch (state.name) {
    case 'connecting': {
      let WalletError: WalletModule['WalletError'] | undefined;
      try {
        const w = await loadWallet();
        WalletError = w.WalletError;
        const { address, chainId } = await w.connectWallet(state.wallet);
        await sleep(INTERVALS.walletConnectDelayMs);
        const ids = await chainIds(chainId);
        if (current()) dispatch({ type: 'CONNECTED', address: address.toLowerCase(), ...ids });
      } catch (err) {
        if (current())
          dispatch({
            type: 'CONNECT_FAILED',
            reason: WalletError && err instanceof WalletError ? err.reason : 'failed',
          });
      }
      return;
    }
    case 'checkingUser': {
      const r = await api('/user/exist', { address: state.address });
      if (!current()) return;
      const s = sessionStore.get();
      const hasStoredTicket = Boolean(s.id && s.ticket && s.address?.toLowerCase() === state.address);
      dispatch({ type: 'USER_EXIST', code: r.returnCode, email: r.email, hasStoredTicket });
      return;
    }
    case 'checkingTicket': {
      const s = sessionStore.get();
      if (!s.id || !s.ticket) return dispatch({ type: 'TICKET_CHECKED', valid: false });
      const r = await checkTicket({ address: state.address, id: s.id, ticketId: s.ticket }, current);
      if (!current()) return;
      if (r.returnCode === 0) dispatch({ type: 'TICKET_CHECKED', valid: true, id: s.id });
      else {
        updateSession({ id: null, ticket: null });
        dispatch({ type: 'TICKET_CHECKED', valid: false });
      }
      return;
    }
    case 'signingIn': {
      const { signIn } = await import('./siwe');
      const signed = await signIn(state.address);
      if (!current()) return;
      if (!signed.ok) return dispatch({ type: 'SIGN_IN_FAILED', code: signed.code, reason: signed.reason });
      const r = await api('/ticket/request', signed.signed);
      if (!current()) return;
      if (r.returnCode !== 0 || !r.data) return dispatch({ type: 'SIGN_IN_FAILED', code: r.returnCode });
      updateSession({ id: r.data.id, ticket: r.data.ticketId, address: state.address, walletEnabled: true });
      dispatch({ type: 'SIGNED_IN', id: r.data.id });
      return;
    }
    case 'connected':
    case 'signUp':
    case 'awaitingEmail':
      // Connected but not signed in: nothing to store (the session is for members with a ticket).
      return;
    case 'loggedIn': {
      await openMemberSession(state.address);
      window.dispatchEvent(new CustomEvent('att:login-complete', { detail: { id: state.id, interactive } }));
      return;
    }
    case 'loggedOut': {
      const wasActive = prev.name !== 'loggedOut';
      if (!wasActive) return;
      if (state.elsewhere) {
        // The other tab revoked the ticket, cleared the stored session and let the wallet go (a wallet connection
        // belongs to the browser, not the tab); this tab drops its copies and keeps its wallet state, so a login
        // in another tab can resume here.
        dropMemberSession();
        navigate('/');
        return;
      }
      if (state.message === 'wrongNetwork') {
        // Message only: the wallet is let go so the next connect asks again; no logout, no navigation.
        await releaseWallet();
        popups.network(state.requiredChainId ?? 0);
        return;
      }
      const explicit = state.fromWalletEvent || (!state.message && state.errorCode === undefined);
      await closeMemberSession(explicit);
      if (state.message) showWalletMessage(state.message);
      if (state.errorCode !== undefined) popups.error(state.errorCode);
      // Spec: a logout goes home. Except a wallet switch on the verification page: switching to the link's
      // account is what that page asks for, so the page stays to verify with it.
      const onVerifyPage = window.location.pathname.startsWith('/EmailVerify/');
      if (explicit && !(state.fromWalletEvent && onVerifyPage)) navigate('/');
      return;
    }
  }
}

let resuming = false;

/**
 * Another tab of this browser stored a new session (login, logout, a new ticket): this tab follows it, so no
 * tab keeps looking signed in with a revoked ticket, and a login anywhere signs every tab in without a signature.
 */
async function followSession(prev: Session, next: Session) {
  const state = loginStore.get();
  if (!isLoggedIn(next)) {
    if (isLoggedIn(prev) || state.name === 'loggedIn') dispatch({ type: 'SESSION_ENDED_ELSEWHERE' });
    return;
  }
  if (state.name === 'loggedIn') {
    if (state.id === next.id) return; // the same member: a new ticket, the profile image, balances
    dispatch({ type: 'SESSION_ENDED_ELSEWHERE' }); // another member signed in there
  }
  const now = loginStore.get();
  if (now.name === 'connected' || now.name === 'signUp' || now.name === 'awaitingEmail') {
    if (next.address) dispatch({ type: 'SESSION_STARTED_ELSEWHERE', address: next.address });
    return;
  }
  if (now.name !== 'loggedOut' || resuming) return;
  resuming = true;
  try {
    const conn = await reconnectOnce();
    if (!conn || loginStore.get().name !== 'loggedOut') return;
    // Only the wallet that signed in there: any other would need a signature, which a background tab never asks.
    if (conn.address.toLowerCase() !== next.address?.toLowerCase()) return;
    resume(conn);
  } finally {
    resuming = false;
  }
}

function resume(conn: { address: string; chainId: number }) {
  interactive = false;
  dispatch({
    type: 'RESUMED',
    address: conn.address.toLowerCase(),
    chainId: conn.chainId,
    requiredChainId: requiredChainId ?? conn.chainId,
  });
}

export const auth = {
  /** Opens the wallet-choice dialog (or re-checks a connected wallet that is not signed in). */
  requestConnect() {
    const s = loginStore.get();
    if (s.name === 'connected' || s.name === 'awaitingEmail') {
      interactive = true;
      dispatch({ type: 'CONNECT', wallet: 'injected' });
    } else if (s.name === 'loggedOut') connectDialogStore.set(true);
  },
  connect(wallet: WalletKind) {
    connectDialogStore.set(false);
    interactive = true;
    dispatch({ type: 'CONNECT', wallet });
  },
  closeConnectDialog() {
    connectDialogStore.set(false);
  },
  logout() {
    dispatch({ type: 'LOGOUT' });
  },
  dismiss() {
    dispatch({ type: 'DISMISS' });
  },
  signedUp(email: string) {
    dispatch({ type: 'SIGNED_UP', email });
  },
  /** The pending sign-up's e-mail was changed (and a new mail sent there). */
  emailChanged(email: string) {
    dispatch({ type: 'EMAIL_CHANGED', email });
  },
  /** Returns once the machine settles in a resting state. */
  settled(): Promise<LoginState> {
    const resting = ['loggedOut', 'loggedIn', 'connected', 'signUp', 'awaitingEmail'];
    return new Promise((resolve) => {
      const check = () => {
        const s = loginStore.get();
        if (resting.includes(s.name)) {
          unsub();
          resolve(s);
        }
      };
      const unsub = loginStore.subscribe(check);
      check();
    });
  },
  /** Subscribes to wallet events and resumes a remembered connection. Safe to call more than once. */
  async start() {
    if (started) return;
    started = true;
    document.body.dataset.loginState = loginStore.get().name;
    followOtherTabs((prev, next) => void followSession(prev, next));
    await applyChainConfig();
    // Only a member who left a wallet connected needs the wallet stack now (to resume it).
    if (!sessionStore.get().walletEnabled) return;
    const conn = await reconnectOnce();
    if (!conn) {
      clearSession();
      return;
    }
    resume(conn);
  },
  get requiredChainId() {
    return requiredChainId;
  },
};
