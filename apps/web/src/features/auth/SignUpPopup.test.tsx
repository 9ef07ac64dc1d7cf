import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';

const signIn = vi.fn();
const api = vi.fn();
vi.mock('./siwe', () => ({ signIn: (...a: unknown[]) => signIn(...a) }));
vi.mock('../../lib/api/client', () => ({ api: (...a: unknown[]) => api(...a) }));
vi.mock('./pending-images', () => ({ savePendingImage: vi.fn(async () => undefined) }));

const { SignUpPopup } = await import('./SignUpPopup');
const { popups, usePopups } = await import('../popups/popup-store');
const { loginStore } = await import('./login-store');
const { signUpEmailToShow } = await import('./signup-email');

const ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

function fill(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}
function agreeAll() {
  for (const id of ['signup-agree-age', 'signup-agree-terms', 'signup-agree-privacy'])
    fireEvent.click(screen.getByTestId(id));
}
/** Replies by path; /user/available says "free" unless told otherwise. */
function replies(map: Record<string, unknown>) {
  api.mockImplementation(
    async (path: string) =>
      map[path] ?? (path === '/user/available' ? { returnCode: 0, data: { id: 0, email: 0 } } : { returnCode: 0 }),
  );
}
function PopupProbe() {
  const list = usePopups();
  return <output data-testid="popups">{JSON.stringify(list)}</output>;
}

describe('SignUpPopup', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ko');
    signIn.mockReset();
    api.mockReset();
    popups.clear();
  });
  afterEach(() => popups.clear());

  it('shows the exact Korean messages for an empty submit and sends nothing', () => {
    render(<SignUpPopup address={ADDRESS} />);
    expect(screen.getByTestId('signup-popup').getAttribute('role')).toBe('dialog');
    expect(screen.getByTestId('signup-popup').textContent).toContain(ADDRESS);
    fireEvent.click(screen.getByTestId('signup-submit'));
    expect(screen.getByTestId('signup-username-error').textContent).toBe('사용자 이름을 입력해 주세요.');
    expect(screen.getByTestId('signup-email-error').textContent).toBe('이메일을 입력해 주세요.');
    expect(screen.getByTestId('signup-agree-error').textContent).toBe('약관에 동의해 주세요.');
    expect(signIn).not.toHaveBeenCalled();
  });

  it('shows the length message, the live e-mail message and the submit e-mail message', () => {
    render(<SignUpPopup address={ADDRESS} />);
    fill('signup-email', 'bad@');
    expect(screen.getByTestId('signup-email-error').textContent).toBe('잘못된 이메일 형식 입니다.');
    fill('signup-username', 'abc');
    fireEvent.click(screen.getByTestId('signup-submit'));
    expect(screen.getByTestId('signup-username-error').textContent).toBe(
      '사용자 이름은 5 ~ 45자까지만 등록할 수 있습니다.',
    );
    expect(screen.getByTestId('signup-email-error').textContent).toBe('올바른 형식의 이메일 주소가 아닙니다.');
  });

  it('shows English messages in English', async () => {
    await i18n.changeLanguage('en');
    render(<SignUpPopup address={ADDRESS} />);
    fireEvent.click(screen.getByTestId('signup-submit'));
    expect(screen.getByTestId('signup-username-error').textContent).toBe('Please enter a user name.');
    expect(screen.getByTestId('signup-agree-error').textContent).toBe('Please agree to the terms.');
  });

  it('signs, sends the request with consents and language, and moves to the mail-sent state', async () => {
    loginStore.set({ name: 'signUp', address: ADDRESS });
    signIn.mockResolvedValue({
      ok: true,
      signed: { authType: 2, address: ADDRESS, message: 'm', signature: '0x01' },
    });
    replies({});
    render(<SignUpPopup address={ADDRESS} />);
    fill('signup-username', '가나다라마');
    fill('signup-email', 'new@example.com');
    fill('signup-about', 'hello');
    agreeAll();
    fireEvent.click(screen.getByTestId('signup-submit'));
    await waitFor(() => expect(loginStore.get()).toMatchObject({ name: 'awaitingEmail', email: 'new@example.com' }));
    expect(api).toHaveBeenCalledWith('/cert/email/register/request', {
      authType: 2,
      address: ADDRESS,
      message: 'm',
      signature: '0x01',
      email: 'new@example.com',
      id: '가나다라마',
      lang: 'ko',
      aboutMe: 'hello',
      agreeAge: true,
      agreeTerms: true,
      agreePrivacy: true,
    });
    // Remembered in this browser, so a later mail-sent popup shows it in full (the server only gives it masked).
    expect(signUpEmailToShow(ADDRESS, 'n***@example.com')).toBe('new@example.com');
  });

  it.each([
    [42, 'signup-username-error', '이미 존재하는 아이디 입니다.'],
    [223, 'signup-email-error', '이미 존재하는 이메일 입니다.'],
    [226, 'signup-address-error', '이미 존재하는 지갑주소 입니다.'],
  ])('code %i shows its message under the field', async (code, testId, text) => {
    signIn.mockResolvedValue({ ok: true, signed: { authType: 2, address: ADDRESS, message: 'm', signature: '0x01' } });
    replies({ '/cert/email/register/request': { returnCode: code } });
    render(<SignUpPopup address={ADDRESS} />);
    fill('signup-username', 'alice_01');
    fill('signup-email', 'a@example.com');
    agreeAll();
    fireEvent.click(screen.getByTestId('signup-submit'));
    await waitFor(() => expect(screen.getByTestId(testId).textContent).toBe(text));
  });

  it('code 111 opens the error popup', async () => {
    signIn.mockResolvedValue({ ok: true, signed: { authType: 2, address: ADDRESS, message: 'm', signature: '0x01' } });
    replies({ '/cert/email/register/request': { returnCode: 111 } });
    render(
      <>
        <SignUpPopup address={ADDRESS} />
        <PopupProbe />
      </>,
    );
    fill('signup-username', 'alice_01');
    fill('signup-email', 'a@example.com');
    agreeAll();
    fireEvent.click(screen.getByTestId('signup-submit'));
    await waitFor(() => expect(screen.getByTestId('popups').textContent).toContain('"code":111'));
  });

  it('says the enforced image limits (the shared constants): 2 MB for the picture, 10 MB for the banner (spec 1)', async () => {
    const { BANNER_MAX_BYTES, IMAGE_MAX_BYTES } = await import('@att/shared');
    const mb = (n: number) => `${n / 1024 / 1024}MB`;
    render(<SignUpPopup address={ADDRESS} />);
    const guides = [...screen.getByTestId('signup-popup').querySelectorAll('.image-picker .hint')].map(
      (p) => p.textContent,
    );
    expect(guides).toEqual([
      `JPG, PNG, GIF · 최대 ${mb(IMAGE_MAX_BYTES)} · 권장 350x350`,
      `JPG, PNG, GIF · 최대 ${mb(BANNER_MAX_BYTES)} · 권장 1920x320`,
    ]);
    expect(mb(BANNER_MAX_BYTES)).toBe('10MB');
  });

  it('takes a 3 MB banner at sign-up but not a 3 MB picture', async () => {
    render(<SignUpPopup address={ADDRESS} />);
    const png = new Uint8Array(3 * 1024 * 1024);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const file = () => new File([png], 'big.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('signup-banner-input'), { target: { files: [file()] } });
    fireEvent.change(screen.getByTestId('signup-profile-input'), { target: { files: [file()] } });
    await screen.findByTestId('signup-profile-input-error');
    expect(screen.queryByTestId('signup-banner-input-error')).toBeNull();
  });

  it('takes a 9 MB banner at sign-up; a banner of 10 MB + 1 byte gets the size message naming 10MB (ko, en)', async () => {
    const { BANNER_MAX_BYTES } = await import('@att/shared');
    const png = (size: number) => {
      const bytes = new Uint8Array(size);
      bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      return new File([bytes], 'banner.png', { type: 'image/png' });
    };
    const view = render(<SignUpPopup address={ADDRESS} />);
    const pick = (size: number) =>
      fireEvent.change(screen.getByTestId('signup-banner-input'), { target: { files: [png(size)] } });
    pick(BANNER_MAX_BYTES + 1);
    expect((await screen.findByTestId('signup-banner-input-error')).textContent).toBe(
      '파일 크기가 너무 큽니다. 최대 10MB까지 업로드할 수 있습니다.',
    );
    // The same picker takes 9 MB: the message goes.
    pick(9 * 1024 * 1024);
    await waitFor(() => expect(screen.queryByTestId('signup-banner-input-error')).toBeNull());
    view.unmount();

    await i18n.changeLanguage('en');
    render(<SignUpPopup address={ADDRESS} />);
    pick(BANNER_MAX_BYTES + 1);
    expect((await screen.findByTestId('signup-banner-input-error')).textContent).toBe(
      'The file is too large. The maximum size is 10MB.',
    );
  });

  describe('availability before the signature (issue #7, item 16)', () => {
    it('asks /user/available first, then signs', async () => {
      signIn.mockResolvedValue({
        ok: true,
        signed: { authType: 2, address: ADDRESS, message: 'm', signature: '0x01' },
      });
      replies({});
      render(<SignUpPopup address={ADDRESS} />);
      fill('signup-username', 'alice_01');
      fill('signup-email', ' a@example.com ');
      agreeAll();
      fireEvent.click(screen.getByTestId('signup-submit'));
      await waitFor(() => expect(api).toHaveBeenCalledWith('/cert/email/register/request', expect.anything()));
      expect(api.mock.calls[0]).toEqual(['/user/available', { id: 'alice_01', email: 'a@example.com' }]);
      expect(api.mock.invocationCallOrder[0]).toBeLessThan(signIn.mock.invocationCallOrder[0]!);
    });

    it.each([
      [{ id: 42, email: 0 }, 42, 'signup-username-error', '이미 존재하는 아이디 입니다.'],
      [{ id: 0, email: 223 }, 223, 'signup-email-error', '이미 존재하는 이메일 입니다.'],
      [
        { id: 5, email: 0 },
        5,
        'signup-username-error',
        '사용자 이름에는 한글, 영문, 숫자, -, _ 만 사용할 수 있습니다.',
      ],
    ])('%o: the message under the field, and no signature', async (data, code, testId, text) => {
      replies({ '/user/available': { returnCode: code, data } });
      render(<SignUpPopup address={ADDRESS} />);
      fill('signup-username', 'alice_01');
      fill('signup-email', 'a@example.com');
      agreeAll();
      fireEvent.click(screen.getByTestId('signup-submit'));
      await waitFor(() => expect(screen.getByTestId(testId).textContent).toBe(text));
      expect(signIn).not.toHaveBeenCalled();
      expect(api).not.toHaveBeenCalledWith('/cert/email/register/request', expect.anything());
    });

    it('a failed check (network) opens the error popup and asks for no signature', async () => {
      replies({ '/user/available': { returnCode: 901 } });
      render(
        <>
          <SignUpPopup address={ADDRESS} />
          <PopupProbe />
        </>,
      );
      fill('signup-username', 'alice_01');
      fill('signup-email', 'a@example.com');
      agreeAll();
      fireEvent.click(screen.getByTestId('signup-submit'));
      await waitFor(() => expect(screen.getByTestId('popups').textContent).toContain('"code":901'));
      expect(signIn).not.toHaveBeenCalled();
    });
  });

  describe('availability when leaving a field', () => {
    it('a taken name says so on blur, before any submit or signature; a free one clears it', async () => {
      replies({ '/user/available': { returnCode: 42, data: { id: 42 } } });
      render(<SignUpPopup address={ADDRESS} />);
      fill('signup-username', 'demo_artist');
      fireEvent.blur(screen.getByTestId('signup-username'));
      await waitFor(() =>
        expect(screen.getByTestId('signup-username-error').textContent).toBe('이미 존재하는 아이디 입니다.'),
      );
      expect(api).toHaveBeenCalledWith('/user/available', { id: 'demo_artist' });
      replies({});
      fill('signup-username', 'demo_artist2');
      fireEvent.blur(screen.getByTestId('signup-username'));
      await waitFor(() => expect(screen.queryByTestId('signup-username-error')).toBeNull());
      expect(signIn).not.toHaveBeenCalled();
    });

    it('a taken e-mail says so on blur; a malformed one is not asked about', async () => {
      replies({ '/user/available': { returnCode: 223, data: { email: 223 } } });
      render(<SignUpPopup address={ADDRESS} />);
      fill('signup-email', 'bad@');
      fireEvent.blur(screen.getByTestId('signup-email'));
      expect(api).not.toHaveBeenCalled();
      fill('signup-email', 'taken@example.com');
      fireEvent.blur(screen.getByTestId('signup-email'));
      await waitFor(() =>
        expect(screen.getByTestId('signup-email-error').textContent).toBe('이미 존재하는 이메일 입니다.'),
      );
      expect(api).toHaveBeenCalledWith('/user/available', { email: 'taken@example.com' });
    });
  });
});
