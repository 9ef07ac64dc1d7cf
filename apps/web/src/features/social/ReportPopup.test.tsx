import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { popups } from '../popups/popup-store';
import { ReportPopup } from './ReportPopup';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {children}
  </QueryClientProvider>
);

const categories = [
  { categoryIdx: 1, name: '저작권 침해', nameKo: '저작권 침해', nameEn: 'Copyright infringement' },
  { categoryIdx: 2, name: '사기 및 스캠', nameKo: '사기 및 스캠', nameEn: 'Fraud or scam' },
];
let sent: Record<string, unknown>[] = [];

beforeEach(async () => {
  await i18n.changeLanguage('ko');
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: { body: string }) => {
      const body = JSON.parse(init.body) as Record<string, unknown>;
      if (url.endsWith('/support/report/category')) return Response.json({ returnCode: 0, list: categories });
      sent.push(body);
      return Response.json({ returnCode: 0 });
    }),
  );
});
afterEach(() => {
  popups.clear();
  vi.unstubAllGlobals();
});

function renderPopup(onClose = vi.fn()) {
  render(<ReportPopup target={{ type: 3, targetIdx: 42 }} auth={{ id: 'alice', ticketId: 't' }} onClose={onClose} />, {
    wrapper,
  });
  return onClose;
}

describe('ReportPopup', () => {
  it('asks for a category, then a message, then at most 1000 characters, and sends nothing until valid', async () => {
    renderPopup();
    await screen.findByRole('option', { name: '저작권 침해' });
    fireEvent.click(screen.getByTestId('report-submit'));
    expect(screen.getByTestId('report-category-error').textContent).toBe('카테고리를 선택해 주세요');
    fireEvent.change(screen.getByTestId('report-category'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('report-submit'));
    expect(screen.getByTestId('report-message-error').textContent).toBe('신고 내용을 입력해 주세요.');
    fireEvent.change(screen.getByTestId('report-message'), { target: { value: 'x'.repeat(1001) } });
    expect(screen.getByTestId('report-counter').textContent).toBe('1001 / 1000');
    fireEvent.click(screen.getByTestId('report-submit'));
    expect(screen.getByTestId('report-message-error').textContent).toBe(
      '신고 내용은 최대 1000자까지만 등록할 수 있습니다.',
    );
    expect(sent).toEqual([]);
  });

  it('sends the trimmed report and says it is registered', async () => {
    const ok = vi.spyOn(popups, 'ok');
    const onClose = renderPopup();
    await screen.findByRole('option', { name: '사기 및 스캠' });
    fireEvent.change(screen.getByTestId('report-category'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('report-message'), { target: { value: '  가짜 작품입니다.  ' } });
    expect(screen.getByTestId('report-counter').textContent).toBe('9 / 1000');
    fireEvent.click(screen.getByTestId('report-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ reportCategoryIdx: 2, type: 3, targetIdx: 42, message: '가짜 작품입니다.' });
    expect(ok).toHaveBeenCalledWith('신고 내용이 정상적으로 등록되었습니다.');
  });
});
