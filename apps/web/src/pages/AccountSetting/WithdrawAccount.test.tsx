import { FORMER_MEMBER_NAME } from '@att/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';

const api = vi.fn();
const signIn = vi.fn();
vi.mock('../../lib/api/client', () => ({ api: (...a: unknown[]) => api(...a) }));
vi.mock('../../features/auth/siwe', () => ({ signIn: (...a: unknown[]) => signIn(...a) }));

const { WithdrawAccount } = await import('./WithdrawAccount');
const { MemberName } = await import('../../components/ui/MemberName');
const { PopupHost } = await import('../../features/popups/PopupHost');
const { popups } = await import('../../features/popups/popup-store');
const { sessionStore, emptySession } = await import('../../lib/session');
const { auth } = await import('../../features/auth');

const A = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const signed = { authType: 2, address: A, message: 'siwe', signature: '0xsig' };
const line = (kind: string, ko: string, en: string, path: string) => ({ kind, count: 1, ko, en, path });

function renderIt() {
  render(
    <MemoryRouter>
      <WithdrawAccount address={A} />
      <PopupHost />
    </MemoryRouter>,
  );
}

describe('WithdrawAccount: confirm, sign, then withdraw', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ko');
    api.mockReset();
    signIn.mockReset().mockResolvedValue({ ok: true, signed });
    popups.clear();
    sessionStore.set({ ...emptySession, id: 'alice_01', ticket: 'T1', address: A, walletEnabled: true });
  });
  afterEach(() => {
    sessionStore.set(emptySession);
    popups.clear();
    vi.restoreAllMocks();
  });

  it('asks with the two-button popup first; cancel signs and sends nothing', () => {
    renderIt();
    fireEvent.click(screen.getByTestId('withdraw'));
    expect(screen.getByTestId('confirm-popup').textContent).toContain('정말 탈퇴할까요?');
    fireEvent.click(screen.getByTestId('confirm-popup-cancel'));
    expect(signIn).not.toHaveBeenCalled();
    expect(api).not.toHaveBeenCalled();
  });

  it('the popup says that referral rewards below the payout minimum are forfeited (Korean and English)', async () => {
    renderIt();
    fireEvent.click(screen.getByTestId('withdraw'));
    expect(screen.getByTestId('confirm-popup').textContent).toContain(
      '받을 수 없는 추천 보상은 탈퇴와 함께 소멸합니다',
    );
    fireEvent.click(screen.getByTestId('confirm-popup-cancel'));
    await i18n.changeLanguage('en');
    fireEvent.click(screen.getByTestId('withdraw'));
    expect(screen.getByTestId('confirm-popup').textContent).toContain('payout minimum (0.005)');
    expect(screen.getByTestId('confirm-popup').textContent).toContain('are forfeited');
    fireEvent.click(screen.getByTestId('confirm-popup-cancel'));
    await i18n.changeLanguage('ko');
  });

  it('lists what must end first, each linking to where it is ended (Korean and English)', async () => {
    api.mockResolvedValue({
      returnCode: 22,
      data: {
        obligations: [
          line('live-listings', '판매 중인 아이템', 'Items on sale', '/MyProfile/MyItem'),
          line('unpaid-referral-rewards', '지급 전 추천 보상', 'Referral rewards not yet paid', '/MyProfile/Referral'),
        ],
      },
    });
    const logout = vi.spyOn(auth, 'logout');
    renderIt();
    fireEvent.click(screen.getByTestId('withdraw'));
    fireEvent.click(screen.getByTestId('confirm-popup-confirm'));
    await waitFor(() => expect(screen.getByTestId('withdraw-obligations')).toBeTruthy());
    expect(signIn).toHaveBeenCalledWith(A);
    expect(api).toHaveBeenCalledWith('/user/withdraw', { id: 'alice_01', ticketId: 'T1', ...signed });
    const listing = screen.getByTestId('withdraw-obligation-live-listings');
    expect(listing.textContent).toContain('판매 중인 아이템');
    expect(listing.querySelector('a')?.getAttribute('href')).toBe('/MyProfile/MyItem');
    expect(
      screen.getByTestId('withdraw-obligation-unpaid-referral-rewards').querySelector('a')?.getAttribute('href'),
    ).toBe('/MyProfile/Referral');
    expect(logout).not.toHaveBeenCalled();
    await i18n.changeLanguage('en');
    await waitFor(() =>
      expect(screen.getByTestId('withdraw-obligation-live-listings').textContent).toContain('Items on sale'),
    );
  });

  it('a withdrawal signs out and says so', async () => {
    api.mockResolvedValue({ returnCode: 0 });
    const logout = vi.spyOn(auth, 'logout').mockImplementation(() => {});
    renderIt();
    fireEvent.click(screen.getByTestId('withdraw'));
    fireEvent.click(screen.getByTestId('confirm-popup-confirm'));
    await waitFor(() => expect(screen.getByTestId('ok-popup').textContent).toContain('탈퇴가 완료되었습니다.'));
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('a refused signature sends nothing; a server refusal shows its error', async () => {
    signIn.mockResolvedValueOnce({ ok: false, reason: 'rejected' });
    renderIt();
    fireEvent.click(screen.getByTestId('withdraw'));
    fireEvent.click(screen.getByTestId('confirm-popup-confirm'));
    await waitFor(() => expect(screen.getByTestId('ok-popup').textContent).toContain('지갑 서명이 완료되지 않아'));
    expect(api).not.toHaveBeenCalled();
    popups.clear();
    api.mockResolvedValue({ returnCode: 2 });
    fireEvent.click(screen.getByTestId('withdraw'));
    fireEvent.click(screen.getByTestId('confirm-popup-confirm'));
    await waitFor(() => expect(screen.getByTestId('error-popup-message').getAttribute('data-code')).toBe('2'));
  });
});

describe('MemberName', () => {
  it('shows a former member as "탈퇴한 회원" / "Former member", anyone else by name', async () => {
    await i18n.changeLanguage('ko');
    const { rerender } = render(<MemberName name={FORMER_MEMBER_NAME} />);
    expect(document.body.textContent).toContain('탈퇴한 회원');
    await i18n.changeLanguage('en');
    rerender(<MemberName name={FORMER_MEMBER_NAME} />);
    await waitFor(() => expect(document.body.textContent).toContain('Former member'));
    rerender(<MemberName name="alice_01" />);
    expect(document.body.textContent).toContain('alice_01');
    await i18n.changeLanguage('ko');
  });
});
