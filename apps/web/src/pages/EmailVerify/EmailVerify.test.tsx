import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';

const A = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'; // the signed-in member's wallet
const B = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'; // the wallet of the link

const wallet = {
  connectWallet: vi.fn(),
  disconnectWallet: vi.fn(async () => undefined),
  currentWallet: vi.fn(() => null as null | { kind: string; address: string; chainId: number }),
  isWalletAvailable: vi.fn(() => true),
  getDevWallet: vi.fn(() => null),
  watchWallet: vi.fn(() => () => undefined),
  configureDevWallet: vi.fn(),
};
const api = vi.fn();
const signIn = vi.fn();
vi.mock('../../features/wallet/wallet', () => ({
  ...wallet,
  WalletError: class WalletError extends Error {
    constructor(readonly reason: string) {
      super(reason);
    }
  },
}));
vi.mock('../../lib/api/client', () => ({ api: (...x: unknown[]) => api(...x) }));
vi.mock('../../features/auth/siwe', () => ({ signIn: (...x: unknown[]) => signIn(...x) }));
vi.mock('../../lib/config', () => ({
  loadChain: async () => ({ front: { chainId: 31337, devWallet: false }, chain: null }),
}));

const { EmailVerify } = await import('./EmailVerify');
const { loginStore } = await import('../../features/auth');
const { popups, usePopups } = await import('../../features/popups/popup-store');

function renderAt(address: string) {
  render(
    <MemoryRouter initialEntries={[`/EmailVerify/b%40example.com/CERT/${address}`]}>
      <Routes>
        <Route path="/EmailVerify/:email/:cert/:address" element={<EmailVerify />} />
        <Route path="/SignUpComplete" element={<p data-testid="signup-complete" />} />
      </Routes>
    </MemoryRouter>,
  );
}

const signed = { ok: true, signed: { authType: 2, address: B, message: 'm', signature: '0x01' } };

describe('EmailVerify (issue #7, item 14)', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    wallet.currentWallet.mockReturnValue(null);
    wallet.isWalletAvailable.mockReturnValue(true);
    await i18n.changeLanguage('ko');
    popups.clear();
    loginStore.set({ name: 'loggedOut' });
  });
  afterEach(() => loginStore.set({ name: 'loggedOut' }));

  it('signed in as another member: says which wallet to use and keeps the member signed in', async () => {
    loginStore.set({ name: 'loggedIn', address: A, id: 'alice_01' });
    wallet.currentWallet.mockReturnValue({ kind: 'injected', address: A, chainId: 31337 });
    wallet.connectWallet.mockResolvedValue({ address: A, chainId: 31337 });
    renderAt(B);
    fireEvent.click(screen.getByTestId('email-verify-button'));
    const message = await screen.findByTestId('email-verify-mismatch');
    expect(message.textContent).toContain('이 인증 링크는 0x7099...79c8 지갑용입니다.');
    expect(message.textContent).toContain('지금 연결된 지갑은 0xf39f...2266 입니다.');
    expect(message.textContent).toContain('지금 alice_01(으)로 로그인되어 있습니다.');
    expect(loginStore.get()).toEqual({ name: 'loggedIn', address: A, id: 'alice_01' });
    expect(wallet.connectWallet).not.toHaveBeenCalled();
    expect(wallet.disconnectWallet).not.toHaveBeenCalled();
    expect(signIn).not.toHaveBeenCalled();
    expect(document.querySelector('[data-testid="ok-popup"]')).toBeNull();
  });

  it('the same wallet already held (awaiting the e-mail) verifies with it, without reconnecting', async () => {
    loginStore.set({ name: 'awaitingEmail', address: B, email: 'b@example.com', justSent: false });
    wallet.currentWallet.mockReturnValue({ kind: 'injected', address: B, chainId: 31337 });
    signIn.mockResolvedValue(signed);
    api.mockResolvedValue({ returnCode: 0 });
    renderAt(B);
    fireEvent.click(screen.getByTestId('email-verify-button'));
    await screen.findByTestId('signup-complete');
    expect(wallet.connectWallet).not.toHaveBeenCalled();
    expect(signIn).toHaveBeenCalledWith(B);
    expect(api).toHaveBeenCalledWith('/emailVerify/register/check', {
      ...signed.signed,
      email: 'b@example.com',
      cert: 'CERT',
    });
  });

  it('nobody signed in: connects the wallet wagmi holds, checks the address, signs and verifies', async () => {
    wallet.currentWallet.mockReturnValue({ kind: 'kaikas', address: B, chainId: 31337 });
    wallet.connectWallet.mockResolvedValue({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chainId: 31337 });
    signIn.mockResolvedValue(signed);
    api.mockResolvedValue({ returnCode: 0 });
    renderAt(B);
    fireEvent.click(screen.getByTestId('email-verify-button'));
    await screen.findByTestId('signup-complete');
    expect(wallet.connectWallet).toHaveBeenCalledWith('kaikas');
  });

  it('nobody signed in, another account connected: names both wallets, no member line', async () => {
    await i18n.changeLanguage('en');
    wallet.connectWallet.mockResolvedValue({ address: A, chainId: 31337 });
    renderAt(B);
    fireEvent.click(screen.getByTestId('email-verify-button'));
    const message = await screen.findByTestId('email-verify-mismatch');
    expect(message.textContent).toBe(
      'This link verifies the wallet 0x7099...79c8, but the connected wallet is 0xf39f...2266. Switch your wallet to the account 0x7099...79c8, then verify again.',
    );
    expect(signIn).not.toHaveBeenCalled();
  });

  it('no wallet at all: the install message with its link', async () => {
    wallet.isWalletAvailable.mockReturnValue(false);
    renderAt(B);
    render(<PopupProbe />);
    fireEvent.click(screen.getByTestId('email-verify-button'));
    await waitFor(() => expect(screen.getByTestId('popups').textContent).toContain('wallet-install-link'));
    expect(wallet.connectWallet).not.toHaveBeenCalled();
  });
});

function PopupProbe() {
  const list = usePopups();
  return <output data-testid="popups">{JSON.stringify(list)}</output>;
}
