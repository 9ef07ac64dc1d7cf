import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { renderPage } from '../../test/render-page';

const api = vi.fn();
vi.mock('../../lib/api/client', () => ({ api: (...a: unknown[]) => api(...a) }));

const { InquiryWrite } = await import('./InquiryWrite');
const { popups } = await import('../../features/popups/popup-store');
const { sessionStore, emptySession } = await import('../../lib/session');

function show() {
  return renderPage(
    {
      '/': <p data-testid="home">home</p>,
      '/Inquiry': <p data-testid="inquiry-list">list</p>,
      '/Inquiry/Write': <InquiryWrite />,
    },
    { path: '/Inquiry/Write', client: new QueryClient(), popups: true },
  );
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('InquiryWrite', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ko');
    api.mockReset();
    popups.clear();
    sessionStore.set({ ...emptySession, id: 'alice_01', ticket: 'tkt' });
  });

  it('needs a session', () => {
    sessionStore.set(emptySession);
    show();
    expect(screen.getByTestId('home')).toBeTruthy();
  });

  it.each([
    ['no title', '', 'x', '제목을 입력해 주세요.', null],
    ['a title of 101', '가'.repeat(101), 'x', '제목은 최대 100자까지만 등록할 수 있습니다.', null],
    ['a blank message', '제목', '  ', null, '문의 내용을 입력해 주세요.'],
    ['a message of 1001', '제목', '나'.repeat(1001), null, '문의 내용은 최대 1000자까지만 등록할 수 있습니다.'],
    ['neither', '', ' ', '제목을 입력해 주세요.', '문의 내용을 입력해 주세요.'],
  ])(
    '%s: every failing field says so under itself, once (no popup), and nothing is sent',
    (_case, title, message, titleText, messageText) => {
      show();
      type('inquiry-title', title);
      type('inquiry-message', message);
      fireEvent.click(screen.getByTestId('inquiry-submit'));
      expect(screen.queryByTestId('inquiry-title-error')?.textContent ?? null).toBe(titleText);
      expect(screen.queryByTestId('inquiry-message-error')?.textContent ?? null).toBe(messageText);
      expect(screen.queryByTestId('ok-popup')).toBeNull();
      for (const text of [titleText, messageText]) if (text) expect(screen.getAllByText(text)).toHaveLength(1);
      expect(api).not.toHaveBeenCalled();
    },
  );

  it("registers, shows '1:1문의 등록 성공' and goes to /Inquiry", async () => {
    api.mockResolvedValue({ returnCode: 0 });
    show();
    type('inquiry-title', '  환불 문의 ');
    type('inquiry-message', '어떻게 하나요?');
    fireEvent.click(screen.getByTestId('inquiry-submit'));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('/support/inquiry/register', {
        id: 'alice_01',
        ticketId: 'tkt',
        title: '환불 문의',
        message: '어떻게 하나요?',
      }),
    );
    expect((await screen.findByTestId('ok-popup')).textContent).toContain('1:1문의 등록 성공');
    fireEvent.click(screen.getByTestId('ok-popup-confirm'));
    expect(await screen.findByTestId('inquiry-list')).toBeTruthy();
  });

  it('shows the error popup for a refused call and stays', async () => {
    api.mockResolvedValue({ returnCode: 26 });
    show();
    type('inquiry-title', 't');
    type('inquiry-message', 'm');
    fireEvent.click(screen.getByTestId('inquiry-submit'));
    expect(await screen.findByTestId('error-popup')).toBeTruthy();
    expect(screen.getByTestId('inquiry-write-page')).toBeTruthy();
  });
});
