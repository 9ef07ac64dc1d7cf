import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';

const signIn = vi.fn();
const api = vi.fn();
vi.mock('./siwe', () => ({ signIn: (...a: unknown[]) => signIn(...a) }));
vi.mock('../../lib/api/client', () => ({ api: (...a: unknown[]) => api(...a) }));

const { MailSentPopup, RESEND_COOLDOWN_S } = await import('./MailSentPopup');
const { loginStore } = await import('./login-store');
const { rememberSignUpEmail, forgetSignUpEmail } = await import('./signup-email');
const { popups, usePopups } = await import('../popups/popup-store');

const ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const signed = { authType: 2, address: ADDRESS, message: 'm', signature: '0x01' };

function replies(map: Record<string, unknown>) {
  api.mockImplementation(
    async (path: string) =>
      map[path] ?? (path === '/user/available' ? { returnCode: 0, data: { email: 0 } } : { returnCode: 0 }),
  );
}
function PopupProbe() {
  return <output data-testid="popups">{JSON.stringify(usePopups())}</output>;
}
function renderPopup(email = 'a***@example.com') {
  loginStore.set({ name: 'awaitingEmail', address: ADDRESS, email, justSent: false });
  render(
    <>
      <MailSentPopup address={ADDRESS} email={email} justSent={false} onClose={() => undefined} />
      <PopupProbe />
    </>,
  );
}

describe('MailSentPopup: resend and change e-mail (issue #7, item 13)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ko');
    signIn.mockReset();
    api.mockReset();
    popups.clear();
    signIn.mockResolvedValue({ ok: true, signed });
  });
  afterEach(() => {
    vi.useRealTimers();
    loginStore.set({ name: 'loggedOut' });
    popups.clear();
  });

  it("on reconnect shows the member's own e-mail in full (typed in this browser), not the server's masked one", () => {
    rememberSignUpEmail(ADDRESS.toUpperCase().replace('0X', '0x'), 'alice.kim@example.com');
    renderPopup('a***@example.com');
    expect(screen.getByTestId('mail-sent-email').textContent).toBe('alice.kim@example.com');
  });

  it('shows the masked e-mail until the wallet signs in, then the whole one the server names to it', async () => {
    forgetSignUpEmail(ADDRESS);
    replies({ '/ticket/request': { returnCode: 13, email: 'alice.kim@example.com' } });
    renderPopup('a***@example.com');
    expect(screen.getByTestId('mail-sent-email').textContent).toBe('a***@example.com');
    fireEvent.click(screen.getByTestId('mail-sent-reveal'));
    await waitFor(() => expect(screen.getByTestId('mail-sent-email').textContent).toBe('alice.kim@example.com'));
    expect(signIn).toHaveBeenCalledWith(ADDRESS);
    expect(api).toHaveBeenCalledWith('/ticket/request', signed);
    expect(screen.queryByTestId('mail-sent-reveal')).toBeNull();
  });

  it('offers no sign-in for an e-mail already shown whole', () => {
    rememberSignUpEmail(ADDRESS, 'alice.kim@example.com');
    renderPopup('a***@example.com');
    expect(screen.queryByTestId('mail-sent-reveal')).toBeNull();
    forgetSignUpEmail(ADDRESS);
  });

  it('shows what the server said when this browser did not type that e-mail (or after verification)', () => {
    rememberSignUpEmail(ADDRESS, 'bob@example.com');
    renderPopup('a***@example.com');
    expect(screen.getByTestId('mail-sent-email').textContent).toBe('a***@example.com');
    forgetSignUpEmail(ADDRESS);
    expect(localStorage.getItem('att.signUpEmails')).toBeNull();
  });

  it('resend signs with the sign-up wallet, asks for a new mail, says so and waits before the next one', async () => {
    replies({});
    renderPopup();
    fireEvent.click(screen.getByTestId('mail-sent-resend'));
    await waitFor(() =>
      expect(screen.getByTestId('mail-sent-notice').textContent).toBe(
        '인증 메일을 다시 보냈습니다. 이전 링크는 더 이상 사용할 수 없습니다.',
      ),
    );
    expect(signIn).toHaveBeenCalledWith(ADDRESS);
    expect(api).toHaveBeenCalledWith('/cert/email/register/resend', { ...signed, lang: 'ko' });
    const button = screen.getByTestId('mail-sent-resend') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe(`${RESEND_COOLDOWN_S}초 후 다시 보낼 수 있습니다`);
  });

  it('the cooldown runs out and resend is offered again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    replies({});
    renderPopup();
    const started = Date.now();
    fireEvent.click(screen.getByTestId('mail-sent-resend'));
    await waitFor(() => expect(screen.getByTestId('mail-sent-notice')).toBeTruthy());
    const button = () => screen.getByTestId('mail-sent-resend') as HTMLButtonElement;
    expect(button().disabled).toBe(true);
    // One tick a second, each scheduled after the previous render.
    for (let i = 0; i < RESEND_COOLDOWN_S * 2 && button().disabled; i++)
      await act(async () => void vi.advanceTimersByTime(1000));
    expect(Date.now() - started).toBeGreaterThanOrEqual(RESEND_COOLDOWN_S * 1000 - 1000);
    expect(button().disabled).toBe(false);
    expect(button().textContent).toBe('인증 메일 다시 보내기');
  });

  it('over the quota (111) it says so inline, with the wait', async () => {
    replies({ '/cert/email/register/resend': { returnCode: 111 } });
    renderPopup();
    fireEvent.click(screen.getByTestId('mail-sent-resend'));
    const notice = await screen.findByTestId('mail-sent-notice');
    expect(notice.textContent).toBe('최대 요청 횟수를 초과 했습니다. 60분 후에 다시 시도해 주세요.');
    expect(notice.getAttribute('role')).toBe('alert');
  });

  it('a refused signature shows the wallet message and sends nothing', async () => {
    signIn.mockResolvedValue({ ok: false, reason: 'rejected' });
    replies({});
    renderPopup();
    fireEvent.click(screen.getByTestId('mail-sent-resend'));
    await waitFor(() => expect(screen.getByTestId('popups').textContent).toContain('요청이'));
    expect(api).not.toHaveBeenCalled();
  });

  it('change e-mail: a malformed address is refused before any signature', async () => {
    replies({});
    renderPopup();
    fireEvent.click(screen.getByTestId('mail-sent-change'));
    fireEvent.change(screen.getByTestId('mail-sent-new-email'), { target: { value: 'new@' } });
    expect(screen.getByTestId('mail-sent-new-email-error').textContent).toBe('잘못된 이메일 형식 입니다.');
    fireEvent.click(screen.getByTestId('mail-sent-change-submit'));
    expect(screen.getByTestId('mail-sent-new-email-error').textContent).toBe('올바른 형식의 이메일 주소가 아닙니다.');
    expect(api).not.toHaveBeenCalled();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('change e-mail: a taken address is known without a signature', async () => {
    replies({ '/user/available': { returnCode: 223, data: { email: 223 } } });
    renderPopup();
    fireEvent.click(screen.getByTestId('mail-sent-change'));
    fireEvent.change(screen.getByTestId('mail-sent-new-email'), { target: { value: 'taken@example.com' } });
    fireEvent.click(screen.getByTestId('mail-sent-change-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('mail-sent-new-email-error').textContent).toBe('이미 존재하는 이메일 입니다.'),
    );
    expect(signIn).not.toHaveBeenCalled();
  });

  it('change e-mail: signs, sends the new address, and the popup and login state show it', async () => {
    replies({});
    renderPopup();
    fireEvent.click(screen.getByTestId('mail-sent-change'));
    fireEvent.change(screen.getByTestId('mail-sent-new-email'), { target: { value: ' fixed@example.com ' } });
    fireEvent.click(screen.getByTestId('mail-sent-change-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('mail-sent-notice').textContent).toBe(
        'fixed@example.com 주소로 인증 메일을 보냈습니다. 이전 링크는 더 이상 사용할 수 없습니다.',
      ),
    );
    expect(api).toHaveBeenCalledWith('/user/available', { email: 'fixed@example.com' });
    expect(api).toHaveBeenCalledWith('/cert/email/register/email', {
      ...signed,
      email: 'fixed@example.com',
      lang: 'ko',
    });
    expect(loginStore.get()).toEqual({
      name: 'awaitingEmail',
      address: ADDRESS,
      email: 'fixed@example.com',
      justSent: true,
    });
    expect(screen.queryByTestId('mail-sent-new-email')).toBeNull();
  });
});
