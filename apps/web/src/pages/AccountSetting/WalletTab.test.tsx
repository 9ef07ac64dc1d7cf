import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';

const api = vi.fn();
vi.mock('../../lib/api/client', () => ({ api: (...a: unknown[]) => api(...a) }));

const { WalletTab } = await import('./WalletTab');
const { PopupHost } = await import('../../features/popups/PopupHost');
const { sessionStore, emptySession } = await import('../../lib/session');
const { loginStore } = await import('../../features/auth');
const { popups } = await import('../../features/popups/popup-store');

const A = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

describe('WalletTab: log out everywhere else (issue #7, item 10)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ko');
    api.mockReset();
    popups.clear();
    sessionStore.set({ ...emptySession, id: 'alice_01', ticket: 'T1', address: A, walletEnabled: true });
    loginStore.set({ name: 'loggedIn', address: A, id: 'alice_01' });
  });
  afterEach(() => {
    sessionStore.set(emptySession);
    loginStore.set({ name: 'loggedOut' });
    popups.clear();
  });

  function renderTab() {
    render(
      <>
        <WalletTab address={A} />
        <PopupHost />
      </>,
    );
  }

  it('asks first, revokes the other tickets, says how many, and this tab stays signed in', async () => {
    api.mockResolvedValue({ returnCode: 0, data: { revoked: 3 } });
    renderTab();
    fireEvent.click(screen.getByTestId('logout-others'));
    expect(screen.getByTestId('confirm-popup').textContent).toContain('다른 브라우저와 기기의 로그인을 모두 끝낼까요?');
    expect(api).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm-popup-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('ok-popup').textContent).toContain('다른 곳의 로그인 3개를 로그아웃했습니다.'),
    );
    expect(api).toHaveBeenCalledWith('/ticket/logout/others', { id: 'alice_01', ticketId: 'T1' });
    expect(sessionStore.get()).toMatchObject({ id: 'alice_01', ticket: 'T1' });
    expect(loginStore.get()).toMatchObject({ name: 'loggedIn' });
  });

  it('nothing to revoke says so; cancel sends nothing', async () => {
    api.mockResolvedValue({ returnCode: 0, data: { revoked: 0 } });
    renderTab();
    fireEvent.click(screen.getByTestId('logout-others'));
    fireEvent.click(screen.getByTestId('confirm-popup-cancel'));
    expect(api).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('logout-others'));
    fireEvent.click(screen.getByTestId('confirm-popup-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('ok-popup').textContent).toContain('다른 곳에 남아 있는 로그인이 없습니다.'),
    );
  });

  it('an expired ticket gets the error popup', async () => {
    api.mockResolvedValue({ returnCode: 28 });
    renderTab();
    fireEvent.click(screen.getByTestId('logout-others'));
    fireEvent.click(screen.getByTestId('confirm-popup-confirm'));
    await waitFor(() => expect(screen.getByTestId('error-popup-message').getAttribute('data-code')).toBe('28'));
  });
});
