import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';

const api = vi.fn();
vi.mock('../../lib/api', () => ({ api: (...a: unknown[]) => api(...a) }));

const { InquiryWrite } = await import('./InquiryWrite');
const { PopupHost } = await import('../../features/popups/PopupHost');
const { popups } = await import('../../features/popups/popup-store');
const { sessionStore, emptySession } = await import('../../lib/session');

function renderPage() {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/Inquiry/Write']}>
        <Routes>
          <Route path="/" element={<p data-testid="home">home</p>} />
          <Route path="/Inquiry" element={<p data-testid="inquiry-list">list</p>} />
          <Route path="/Inquiry/Write" element={<InquiryWrite />} />
        </Routes>
        <PopupHost />
      </MemoryRouter>
    </QueryClientProvider>,
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
    renderPage();
    expect(screen.getByTestId('home')).toBeTruthy();
  });

  it.each([
    ['', 'x', '제목을 입력해 주세요.'],
    ['가'.repeat(101), 'x', '제목은 최대 100자까지만 등록할 수 있습니다.'],
    ['제목', '  ', '문의 내용을 입력해 주세요.'],
    ['제목', '나'.repeat(1001), '문의 내용은 최대 1000자까지만 등록할 수 있습니다.'],
  ])('title %j / message %j shows "%s" and sends nothing', async (title, message, text) => {
    renderPage();
    type('inquiry-title', title);
    type('inquiry-message', message);
    fireEvent.click(screen.getByTestId('inquiry-submit'));
    expect(await screen.findByTestId('ok-popup')).toHaveProperty('textContent', expect.stringContaining(text));
    expect(api).not.toHaveBeenCalled();
  });

  it("registers, shows '1:1문의 등록 성공' and goes to /Inquiry", async () => {
    api.mockResolvedValue({ returnCode: 0 });
    renderPage();
    type('inquiry-title', '  환불 문의 ');
    type('inquiry-message', '어떻게 하나요?');
    fireEvent.click(screen.getByTestId('inquiry-submit'));
    await waitFor(() => expect(api).toHaveBeenCalledWith('/support/inquiry/register', { id: 'alice_01', ticketId: 'tkt', title: '환불 문의', message: '어떻게 하나요?' }));
    expect((await screen.findByTestId('ok-popup')).textContent).toContain('1:1문의 등록 성공');
    fireEvent.click(screen.getByTestId('ok-popup-confirm'));
    expect(await screen.findByTestId('inquiry-list')).toBeTruthy();
  });

  it('shows the error popup for a refused call and stays', async () => {
    api.mockResolvedValue({ returnCode: 26 });
    renderPage();
    type('inquiry-title', 't');
    type('inquiry-message', 'm');
    fireEvent.click(screen.getByTestId('inquiry-submit'));
    expect(await screen.findByTestId('error-popup')).toBeTruthy();
    expect(screen.getByTestId('inquiry-write-page')).toBeTruthy();
  });
});
