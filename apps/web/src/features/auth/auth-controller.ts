/**
 * Runs the login machine: holds its state, dispatches events and performs the effects of each state it
 * enters (wallet connect, /user/exist, /ticket/check, sign-in, session storage, alert socket, logout).
 */
import { INTERVALS, ReturnCode, type UserInfo } from '@att/shared';
import { useSyncExternalStore } from 'react';
import { api, uploadUserImage, type UploadKind } from '../../lib/api';
import { loadChain } from '../../lib/config';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/query-client';
import { clearSession, followOtherTabs, isLoggedIn, type Session, sessionStore, updateSession } from '../../lib/session';
import { createStore } from '../../lib/store';
import { AlertSocket } from '../alerts/alert-socket';
import { showAlert } from '../alerts/alert-store';
import { popups } from '../popups/popup-store';
import type { WalletChange, WalletKind } from '../wallet/wallet';
import { showWalletMessage } from '../wallet/wallet-message';
import { initialLoginState, type LoginEvent, loginReducer, type LoginState } from './login-machine';
import { removePendingImage, takePendingImage } from './pending-images';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const loginStore = createStore<LoginState>(initialLoginState);
/** Whether the wallet-choice dialog is open. */
export const connectDialogStore = createStore(false);

let navigate: (to: string) => void = (to) => window.location.assign(to);
let requiredChainId: number | undefined;
let generation = 0;
let started = false;
/** True when the current login began with a click on connect (not a resumed session). */
let interactive = false;
const alertSocket = new AlertSocket({ onAlert: (a) => showAlert(a.type, a.productIdx) });

type WalletModule = typeof import('../wallet/wallet');
let walletModule: Promise<WalletModule> | null = null;
/** The dev wallet's chain, once /config/front says the dev wallet exists. */
let devWalletChain: { rpcUrl: string; chainId: number } | null = null;

/**
 * The wallet stack (wagmi, viem, the connectors) loads on first need: a connect, or a remembered connection to
 * resume. A visitor who never connects never downloads it. Its events are followed
 * from the moment it loads. A page that uses the wallet itself (EmailVerify) loads it through here too, so
 * its events reach the login machine and the dev wallet is configured.
 */
export function loadWallet(): Promise<WalletModule> {
  walletModule ??= import('../wallet/wallet').then((w) => {
    if (devWalletChain) w.configureDevWallet(devWalletChain);
    w.watchWallet(onWalletChange);
    return w;
  });
  return walletModule;
}

/** Releases the wallet if its stack was ever loaded (nothing can be connected otherwise). */
async function disconnectWallet() {
  if (walletModule) await (await walletModule).disconnectWallet();
}

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
  if (loaded.front.devWallet && loaded.chain) {
    devWalletChain = { rpcUrl: loaded.chain.rpcUrl, chainId: loaded.chain.chainId };
    if (walletModule) (await walletModule).configureDevWallet(devWalletChain);
  }
}

export function setNavigator(fn: (to: string) => void) {
  navigate = fn;
}

export function userInfoQueryKey(id: string | null, ticket: string | null) {
  return ['userInfo', id, ticket] as const;
}

export async function fetchUserInfo(id: string, ticket: string): Promise<UserInfo> {
  const r = await api('/user/info', { id, ticketId: ticket });
  if (r.returnCode !== 0 || !r.data) throw Object.assign(new Error(`/user/info ${r.returnCode}`), { code: r.returnCode });
  return r.data;
}

export function reloadUserInfo() {
  const { id, ticket } = sessionStore.get();
  return queryClient.invalidateQueries({ queryKey: userInfoQueryKey(id, ticket) });
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

/** Failures that say nothing about the ticket: the network, the server or its rate limit. */
const TRANSIENT = new Set<number>([ReturnCode.HttpTrouble, ReturnCode.ApiLimited]);

/**
 * /ticket/check, asked again (up to 3 times, 1 s then 2 s apart) while the failure is transient: a network blip
 * on a reload must not throw away a good ticket (that would ask for a new signature and send the member away
 * from a members-only page). Only the server's verdict on the ticket itself ends it.
 */
async function checkTicket(body: { address: string; id: string; ticketId: string }, current: () => boolean) {
  let r = await api('/ticket/check', body);
  for (let attempt = 1; attempt < 3 && TRANSIENT.has(r.returnCode) && current(); attempt++) {
    await sleep(1000 * attempt);
    if (!current()) break;
    r = await api('/ticket/check', body);
  }
  return r;
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
        if (current()) dispatch({ type: 'CONNECT_FAILED', reason: WalletError && err instanceof WalletError ? err.reason : 'failed' });
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
      updateSession({ address: state.address, walletEnabled: true });
      alertSocket.connect(state.address);
      const s = sessionStore.get();
      if (s.id && s.ticket) {
        const info = await queryClient
          .fetchQuery({ queryKey: userInfoQueryKey(s.id, s.ticket), queryFn: () => fetchUserInfo(s.id!, s.ticket!) })
          .catch(() => null);
        if (info) updateSession({ profileImage: info.profile });
        await uploadPendingImages(state.address, { id: s.id, ticket: s.ticket });
      }
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
        alertSocket.close();
        queryClient.removeQueries({ queryKey: ['userInfo'] });
        navigate('/');
        return;
      }
      if (state.message === 'wrongNetwork') {
        // Message only: the wallet is let go so the next connect asks again; no logout, no navigation.
        await disconnectWallet();
        popups.network(state.requiredChainId ?? 0);
        return;
      }
      const explicit = state.fromWalletEvent || (!state.message && state.errorCode === undefined);
      await teardown(explicit);
      if (state.message) showWalletMessage(state.message);
      if (state.errorCode !== undefined) popups.error(state.errorCode);
      // Spec: a logout goes home. Except a wallet switch on the verification page: switching to the link's
      // account is what that page asks for (issue #7, item 14), so the page stays to verify with it.
      const onVerifyPage = window.location.pathname.startsWith('/EmailVerify/');
      if (explicit && !(state.fromWalletEvent && onVerifyPage)) navigate('/');
      return;
    }
  }
}

async function uploadPendingImages(address: string, auth: { id: string; ticket: string }) {
  let uploaded = false;
  for (const kind of ['profile', 'banner'] as UploadKind[]) {
    const blob = await takePendingImage(address, kind).catch(() => null);
    if (!blob) continue;
    const r = await uploadUserImage(kind, auth, blob);
    if (r.returnCode === 0) {
      uploaded = true;
      await removePendingImage(address, kind);
    } else console.error(`[auth] pending ${kind} upload failed: ${r.returnCode}`);
  }
  if (uploaded) {
    await reloadUserInfo();
    popups.ok(i18n.t('auth:pendingImages.done'));
  }
}

/** Logout: revoke the ticket, disconnect the wallet, clear session and user data, close the socket. */
async function teardown(revoke: boolean) {
  const s = sessionStore.get();
  alertSocket.close();
  if (revoke && s.id && s.ticket) await api('/ticket/logout', { id: s.id, ticketId: s.ticket });
  clearSession();
  queryClient.removeQueries({ queryKey: ['userInfo'] });
  await disconnectWallet();
}

let resuming = false;
let reconnecting: Promise<{ address: string; chainId: number } | null> | null = null;

/**
 * One wallet reconnect at a time: the start of the page and another tab's new session can both ask at once, and
 * wagmi answers a second concurrent `reconnect` with nothing (it is still reconnecting). Read as "no wallet", that
 * made the start clear a good session (CI: the two-tab journey). Every caller now shares the one answer.
 */
function reconnectOnce() {
  reconnecting ??= loadWallet()
    .then((w) => w.reconnectWallet())
    .finally(() => {
      reconnecting = null;
    });
  return reconnecting;
}

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
    interactive = false;
    dispatch({
      type: 'RESUMED',
      address: conn.address.toLowerCase(),
      chainId: conn.chainId,
      requiredChainId: requiredChainId ?? conn.chainId,
    });
  } finally {
    resuming = false;
  }
}

export const auth = {
  /** Opens the wallet-choice dialog (or re-checks a connected wallet that is not signed in). */
  requestConnect() {
    const s = loginStore.get();
    if (s.name === 'connected' || s.name === 'awaitingEmail') {
      interactive = true;
      dispatch({ type: 'CONNECT', wallet: 'injected' });
    }
    else if (s.name === 'loggedOut') connectDialogStore.set(true);
  },
  connect(wallet: WalletKind) {
    connectDialogStore.set(false);
    interactive = true;
    dispatch({ type: 'CONNECT', wallet });
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
    interactive = false;
    dispatch({
      type: 'RESUMED',
      address: conn.address.toLowerCase(),
      chainId: conn.chainId,
      requiredChainId: requiredChainId ?? conn.chainId,
    });
  },
  get requiredChainId() {
    return requiredChainId;
  },
};

export function useLoginState(): LoginState {
  return useSyncExternalStore(loginStore.subscribe, loginStore.get, loginStore.get);
}

export function useConnectDialog(): boolean {
  return useSyncExternalStore(connectDialogStore.subscribe, connectDialogStore.get, connectDialogStore.get);
}

