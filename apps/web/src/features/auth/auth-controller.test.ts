import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memberInfo, otherTabStores } from '../../test/auth-fixtures';

const A = '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const a = A.toLowerCase();

const wallet = {
  connectWallet: vi.fn(),
  disconnectWallet: vi.fn(async () => undefined),
  reconnectWallet: vi.fn(async () => null),
  configureDevWallet: vi.fn(),
  watchWallet: vi.fn(),
};
const api = vi.fn();
const signIn = vi.fn();
const alertSocket = { connect: vi.fn(), close: vi.fn() };

vi.mock('../wallet/wallet', () => ({
  ...wallet,
  WalletError: class WalletError extends Error {
    constructor(readonly reason: string) {
      super(reason);
    }
  },
}));
vi.mock('../../lib/api/client', () => ({ api: (...x: unknown[]) => api(...x), uploadUserImage: vi.fn() }));
vi.mock('../../lib/config', () => ({
  loadChain: async () => ({ front: { chainId: 31337, devWallet: false }, chain: null }),
}));
vi.mock('./siwe', () => ({ signIn: (...x: unknown[]) => signIn(...x) }));
vi.mock('./pending-images', () => ({ takePendingImage: async () => null, removePendingImage: async () => undefined }));
vi.mock('../alerts/alert-socket', () => ({
  AlertSocket: class {
    connect = alertSocket.connect;
    close = alertSocket.close;
  },
}));

const { auth, setNavigator } = await import('./auth-controller');
const { loginStore } = await import('./login-store');
const { sessionStore, emptySession } = await import('../../lib/session');
const { popups } = await import('../popups');
const { initialLoginState } = await import('./login-machine');

const navigate = vi.fn();
let walletListener: (c: unknown) => void = () => undefined;

const info = memberInfo(a);

function replies(map: Record<string, unknown>) {
  api.mockImplementation(async (path: string) => map[path] ?? { returnCode: 0 });
}

describe('auth controller (effects of the login machine)', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    wallet.watchWallet.mockImplementation((fn: (c: unknown) => void) => {
      walletListener = fn;
      return () => undefined;
    });
    wallet.connectWallet.mockResolvedValue({ address: A, chainId: 31337 });
    setNavigator(navigate);
    loginStore.set(initialLoginState);
    sessionStore.set(emptySession);
    popups.clear();
    await auth.start();
  });
  afterEach(() => {
    loginStore.set(initialLoginState);
    popups.clear();
  });

  it('connect -> /user/exist 41 -> the sign-up state, after the connect delay', async () => {
    replies({ '/user/exist': { returnCode: 41 } });
    const t0 = Date.now();
    auth.connect('dev');
    expect(loginStore.get().name).toBe('connecting');
    expect(document.body.dataset.loginState).toBe('connecting');
    const s = await auth.settled();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(450);
    expect(s).toEqual({ name: 'signUp', address: a });
    expect(wallet.connectWallet).toHaveBeenCalledWith('dev');
    expect(api).toHaveBeenCalledWith('/user/exist', { address: a });
    expect(document.body.dataset.loginState).toBe('signUp');
  });

  it('a valid stored ticket logs in without a signature, loads user info and opens the alert socket', async () => {
    sessionStore.set({ ...emptySession, id: 'alice_01', ticket: 'T1', address: a, walletEnabled: true });
    replies({
      '/user/exist': { returnCode: 42 },
      '/ticket/check': { returnCode: 0 },
      '/user/info': { returnCode: 0, data: info },
    });
    const done = new Promise((r) => window.addEventListener('att:login-complete', r, { once: true }));
    auth.connect('injected');
    expect(await auth.settled()).toEqual({ name: 'loggedIn', address: a, id: 'alice_01' });
    await done;
    expect(signIn).not.toHaveBeenCalled();
    expect(api).toHaveBeenCalledWith('/ticket/check', { address: a, id: 'alice_01', ticketId: 'T1' });
    expect(alertSocket.connect).toHaveBeenCalledWith(a, { id: 'alice_01', ticket: 'T1' });
    expect(sessionStore.get().profileImage).toBe('p.png');
  });

  it('a transient /ticket/check failure (network, rate limit) is asked again and keeps the stored ticket', async () => {
    sessionStore.set({ ...emptySession, id: 'alice_01', ticket: 'T1', address: a, walletEnabled: true });
    let checks = 0;
    api.mockImplementation(async (path: string) => {
      if (path === '/user/exist') return { returnCode: 42 };
      if (path === '/user/info') return { returnCode: 0, data: info };
      if (path === '/ticket/check')
        return ++checks === 1 ? { returnCode: 901 } : checks === 2 ? { returnCode: 108 } : { returnCode: 0 };
      return { returnCode: 0 };
    });
    auth.connect('injected');
    expect(await auth.settled()).toEqual({ name: 'loggedIn', address: a, id: 'alice_01' });
    expect(checks).toBe(3);
    expect(signIn).not.toHaveBeenCalled();
    expect(sessionStore.get()).toMatchObject({ id: 'alice_01', ticket: 'T1' });
  });

  it('a refused ticket (27) is not asked again: it is dropped and the wallet signs in anew', async () => {
    sessionStore.set({ ...emptySession, id: 'alice_01', ticket: 'T1', address: a, walletEnabled: true });
    replies({
      '/user/exist': { returnCode: 42 },
      '/ticket/check': { returnCode: 27 },
      '/ticket/request': { returnCode: 0, data: { id: 'alice_01', ticketId: 'T2', expiresAt: 'x' } },
      '/user/info': { returnCode: 0, data: info },
    });
    signIn.mockResolvedValue({ ok: true, signed: { authType: 2, address: a, message: 'm', signature: '0x1' } });
    auth.connect('injected');
    expect(await auth.settled()).toMatchObject({ name: 'loggedIn', id: 'alice_01' });
    expect(api.mock.calls.filter(([p]) => p === '/ticket/check')).toHaveLength(1);
    expect(sessionStore.get()).toMatchObject({ ticket: 'T2' });
  });

  it('without a valid ticket it signs in and stores id, ticket, address and the wallet flag', async () => {
    replies({
      '/user/exist': { returnCode: 42 },
      '/ticket/request': { returnCode: 0, data: { id: 'alice_01', ticketId: 'T2', expiresAt: 'x' } },
      '/user/info': { returnCode: 0, data: info },
    });
    signIn.mockResolvedValue({ ok: true, signed: { authType: 2, address: a, message: 'm', signature: '0x1' } });
    auth.connect('dev');
    expect(await auth.settled()).toMatchObject({ name: 'loggedIn', id: 'alice_01' });
    expect(api).toHaveBeenCalledWith('/ticket/request', { authType: 2, address: a, message: 'm', signature: '0x1' });
    expect(sessionStore.get()).toMatchObject({ id: 'alice_01', ticket: 'T2', address: a, walletEnabled: true });
  });

  it('logout revokes the ticket, clears the session, zeroes balances, closes the socket and goes home', async () => {
    replies({
      '/user/exist': { returnCode: 42 },
      '/ticket/request': { returnCode: 0, data: { id: 'alice_01', ticketId: 'T3', expiresAt: 'x' } },
      '/user/info': { returnCode: 0, data: info },
    });
    signIn.mockResolvedValue({ ok: true, signed: { authType: 2, address: a, message: 'm', signature: '0x1' } });
    auth.connect('dev');
    await auth.settled();
    sessionStore.set((s) => ({ ...s, balances: s.balances.map((b) => ({ ...b, balance: '5', usd: '1' })) }));
    auth.logout();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(api).toHaveBeenCalledWith('/ticket/logout', { id: 'alice_01', ticketId: 'T3' });
    expect(wallet.disconnectWallet).toHaveBeenCalled();
    expect(alertSocket.close).toHaveBeenCalled();
    expect(sessionStore.get()).toMatchObject({ id: null, ticket: null, address: null, walletEnabled: false });
    expect(sessionStore.get().balances.every((b) => b.balance === '0' && b.usd === '0')).toBe(true);
  });

  it('a changed wallet account shows its message, logs out and goes home', async () => {
    sessionStore.set({ ...emptySession, id: 'alice_01', ticket: 'T1', address: a, walletEnabled: true });
    replies({
      '/user/exist': { returnCode: 42 },
      '/ticket/check': { returnCode: 0 },
      '/user/info': { returnCode: 0, data: info },
    });
    auth.connect('injected');
    await auth.settled();
    walletListener({ kind: 'accountChanged', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(loginStore.get()).toMatchObject({ name: 'loggedOut', message: 'accountChanged' });
    expect(sessionStore.get().ticket).toBeNull();
  });

  it('a wallet account switched on the verification page logs out but stays there to verify (item 14)', async () => {
    sessionStore.set({ ...emptySession, id: 'alice_01', ticket: 'T1', address: a, walletEnabled: true });
    replies({
      '/user/exist': { returnCode: 42 },
      '/ticket/check': { returnCode: 0 },
      '/user/info': { returnCode: 0, data: info },
    });
    auth.connect('injected');
    await auth.settled();
    window.history.pushState({}, '', '/EmailVerify/b%40example.com/CERT/0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    const message = vi.spyOn(popups, 'ok');
    try {
      walletListener({ kind: 'accountChanged', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' });
      // The wallet message is the logout's last step before it would go home: once it shows, the decision is made.
      await waitFor(() => expect(message).toHaveBeenCalled());
      expect(wallet.disconnectWallet).toHaveBeenCalled();
      expect(loginStore.get()).toMatchObject({ name: 'loggedOut', message: 'accountChanged' });
      expect(navigate).not.toHaveBeenCalled();
    } finally {
      message.mockRestore();
      window.history.pushState({}, '', '/');
    }
  });

  it('a wallet on another chain gets the network message only', async () => {
    wallet.connectWallet.mockResolvedValue({ address: A, chainId: 1 });
    auth.connect('injected');
    expect(await auth.settled()).toEqual({ name: 'loggedOut', message: 'wrongNetwork', requiredChainId: 31337 });
    expect(api).not.toHaveBeenCalledWith('/user/exist', expect.anything());
    await waitFor(() => expect(wallet.disconnectWallet).toHaveBeenCalled());
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a missing wallet shows the install/unlock message', async () => {
    const { WalletError } = await import('../wallet/wallet');
    wallet.connectWallet.mockRejectedValue(new WalletError('notInstalled'));
    auth.connect('kaikas');
    expect(await auth.settled()).toEqual({ name: 'loggedOut', message: 'notInstalled' });
  });

  describe('another tab of the same browser (issue #7, item 12)', () => {
    const signedIn = { ...emptySession, id: 'alice_01', ticket: 'T1', address: a, walletEnabled: true };

    async function logInHere() {
      sessionStore.set(signedIn);
      replies({
        '/user/exist': { returnCode: 42 },
        '/ticket/check': { returnCode: 0 },
        '/user/info': { returnCode: 0, data: info },
      });
      const done = new Promise((r) => window.addEventListener('att:login-complete', r, { once: true }));
      auth.connect('injected');
      expect(await auth.settled()).toMatchObject({ name: 'loggedIn', id: 'alice_01' });
      await done;
    }

    it('a logout there logs this tab out and goes home, without revoking again or writing the session back', async () => {
      await logInHere();
      let setItem: ReturnType<typeof vi.spyOn> | undefined;
      otherTabStores({ ...emptySession }, () => (setItem = vi.spyOn(Storage.prototype, 'setItem')));
      await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
      expect(loginStore.get()).toEqual({ name: 'loggedOut', elsewhere: true });
      expect(document.body.dataset.loginState).toBe('loggedOut');
      expect(sessionStore.get()).toMatchObject({ id: null, ticket: null });
      expect(api).not.toHaveBeenCalledWith('/ticket/logout', expect.anything());
      expect(alertSocket.close).toHaveBeenCalled();
      expect(wallet.disconnectWallet).not.toHaveBeenCalled();
      expect(setItem).not.toHaveBeenCalledWith('att.session', expect.anything());
      setItem?.mockRestore();
    });

    it('a cleared localStorage there (key null) logs this tab out too', async () => {
      await logInHere();
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null, newValue: null, storageArea: localStorage }));
      await waitFor(() => expect(loginStore.get()).toEqual({ name: 'loggedOut', elsewhere: true }));
    });

    it('a login there signs this tab in with the stored ticket, without a signature', async () => {
      wallet.reconnectWallet.mockResolvedValueOnce({ address: A, chainId: 31337 } as never);
      replies({
        '/user/exist': { returnCode: 42 },
        '/ticket/check': { returnCode: 0 },
        '/user/info': { returnCode: 0, data: info },
      });
      otherTabStores(signedIn);
      await waitFor(() => expect(loginStore.get()).toEqual({ name: 'loggedIn', address: a, id: 'alice_01' }));
      expect(signIn).not.toHaveBeenCalled();
      expect(api).toHaveBeenCalledWith('/ticket/check', { address: a, id: 'alice_01', ticketId: 'T1' });
      expect(navigate).not.toHaveBeenCalled();
    });

    it('a login there with a wallet this tab does not hold asks nothing here', async () => {
      wallet.reconnectWallet.mockResolvedValueOnce({
        address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        chainId: 31337,
      } as never);
      replies({ '/user/exist': { returnCode: 42 } });
      otherTabStores(signedIn);
      // This tab asks its wallet which account it holds; once that answer is in, what follows is promise
      // continuations only, and one macrotask turn runs them all: then the decision has been made.
      await waitFor(() => expect(wallet.reconnectWallet).toHaveBeenCalled());
      await wallet.reconnectWallet.mock.results[0]!.value;
      await new Promise((r) => setImmediate(r));
      expect(loginStore.get()).toEqual({ name: 'loggedOut' });
      expect(signIn).not.toHaveBeenCalled();
      expect(api).not.toHaveBeenCalled();
    });

    it('a login there while this tab waits for the e-mail (same wallet) signs this tab in', async () => {
      replies({ '/user/exist': { returnCode: 13, email: 'a@b.co' } });
      auth.connect('injected');
      expect(await auth.settled()).toMatchObject({ name: 'awaitingEmail' });
      replies({
        '/user/exist': { returnCode: 42 },
        '/ticket/check': { returnCode: 0 },
        '/user/info': { returnCode: 0, data: info },
      });
      otherTabStores(signedIn);
      await waitFor(() => expect(loginStore.get()).toMatchObject({ name: 'loggedIn', id: 'alice_01' }));
      expect(signIn).not.toHaveBeenCalled();
    });

    it('a new profile image or ticket of the same member there changes nothing here', async () => {
      await logInHere();
      api.mockClear();
      // The storage event is handled synchronously: the same member there needs nothing asked here.
      otherTabStores({ ...signedIn, ticket: 'T9', profileImage: 'new.png' });
      expect(loginStore.get()).toMatchObject({ name: 'loggedIn', id: 'alice_01' });
      expect(sessionStore.get()).toMatchObject({ ticket: 'T9', profileImage: 'new.png' });
      expect(api).not.toHaveBeenCalled();
      expect(navigate).not.toHaveBeenCalled();
    });

    it('sessionStorage events are not ours', async () => {
      await logInHere();
      // Handled (here: ignored) synchronously by the storage listener.
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'att.session', newValue: null, storageArea: sessionStorage }),
      );
      expect(loginStore.get()).toMatchObject({ name: 'loggedIn' });
    });
  });
});
