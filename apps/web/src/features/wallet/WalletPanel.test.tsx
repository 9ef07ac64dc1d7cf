import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';

vi.mock('./useBalances', async () => {
  const { useSession } = await import('../../lib/session');
  return {
    useBalances: () => ({ balances: useSession().balances, isLoading: false, isFetching: false, refresh: vi.fn() }),
  };
});

const { WalletPanel } = await import('./WalletPanel');
const { sessionStore, emptySession } = await import('../../lib/session');
const { popups, usePopups } = await import('../popups');

const A = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

function Probe() {
  return <output data-testid="popups">{JSON.stringify(usePopups())}</output>;
}
type Login = Parameters<typeof WalletPanel>[0]['login'];
const noop = () => undefined;
function renderPanel(login: Login = { name: 'loggedOut' }) {
  return render(
    <MemoryRouter>
      <WalletPanel login={login} onClose={noop} onConnect={noop} onLogout={noop} />
      <Probe />
    </MemoryRouter>,
  );
}

describe('WalletPanel', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ko');
    popups.clear();
  });
  afterEach(() => {
    sessionStore.set(emptySession);
  });

  it('offers connect and the guide when logged out', () => {
    renderPanel();
    expect(screen.getByTestId('wallet-panel-connect').textContent).toBe('지갑 연결');
    expect(screen.getByText('지갑 연결 가이드').getAttribute('href')).toBe('/Notice');
  });

  it('shows the short address, the floored total and balances; copying opens the popup', async () => {
    sessionStore.set({
      ...emptySession,
      id: 'alice_01',
      ticket: 't',
      address: A,
      balances: [
        { name: 'KLAY', balance: '3999990000000000000', usd: '0.4938', icon: '/tokens/klay.svg' },
        { name: 'ATT', balance: '1000000000190000000000000', usd: '250000', icon: '/tokens/att.svg' },
      ],
    });
    Object.assign(navigator, { clipboard: { writeText: vi.fn(async () => undefined) } });
    renderPanel({ name: 'loggedIn', address: A });
    expect(screen.getByTestId('wallet-address').textContent).toBe('0xf39f...2266');
    expect(screen.getByTestId('wallet-total-usd').textContent).toBe('$250,000.4938');
    expect(screen.getByTestId('balance-amount-KLAY').textContent).toBe('3.9999');
    expect(screen.getByTestId('balance-amount-ATT').textContent).toBe('1,000,000.0001');
    fireEvent.click(screen.getByTestId('wallet-copy'));
    await waitFor(() => expect(screen.getByTestId('popups').textContent).toContain('지갑 주소를 복사했습니다.'));
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(A);
  });

  it('reorders with buttons and keeps the order in the session', () => {
    sessionStore.set({ ...emptySession, id: 'alice_01', ticket: 't', address: A });
    renderPanel({ name: 'loggedIn', address: A });
    const rows = () =>
      [...document.querySelectorAll('[data-testid^="balance-row-"]')].map((r) => r.getAttribute('data-testid'));
    expect(rows()).toEqual(['balance-row-KLAY', 'balance-row-ATT']);
    expect((screen.getByRole('button', { name: 'KLAY 위로 이동' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'ATT 위로 이동' }));
    expect(rows()).toEqual(['balance-row-ATT', 'balance-row-KLAY']);
    expect(sessionStore.get().balances.map((b) => b.name)).toEqual(['ATT', 'KLAY']);
    expect(JSON.parse(localStorage.getItem('att.session')!).balances.map((b: { name: string }) => b.name)).toEqual([
      'ATT',
      'KLAY',
    ]);
  });

  it('holds keyboard focus as a modal drawer and closes with Escape (item 15)', () => {
    const onClose = vi.fn();
    render(
      <MemoryRouter>
        <WalletPanel login={{ name: 'loggedOut' }} onClose={onClose} onConnect={noop} onLogout={noop} />
      </MemoryRouter>,
    );
    const panel = screen.getByTestId('wallet-panel');
    expect(panel.getAttribute('aria-modal')).toBe('true');
    expect(panel.contains(document.activeElement)).toBe(true);
    const guide = screen.getByText('지갑 연결 가이드');
    guide.focus();
    fireEvent.keyDown(guide, { key: 'Tab' });
    expect(panel.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(guide);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
