import { QueryClient, useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { renderPage } from '../../test/render-page';

const api = vi.fn();
vi.mock('../../lib/api/client', () => ({ api: (...a: unknown[]) => api(...a) }));
const { NoticePopup } = await import('./NoticePopup');
const { supportQueries } = await import('./support-queries');

/** Shows once the notices are loaded: it reads the popup's query, so it renders with the same data as the popup. */
function NoticesLoaded() {
  return useQuery(supportQueries.noticePopups('ko')).isSuccess ? <span data-testid="notices-loaded" /> : null;
}

const notice = (idx: number, flagForce: 0 | 1, message: string) => ({
  idx,
  no: 0,
  listType: 1,
  type: 1,
  lang: 'ko',
  title: `공지 ${idx}`,
  message,
  state: 1,
  flagPopup: 1,
  flagForce,
  createDate: '2026-01-01T00:00:00.000Z',
  updateDate: '2026-01-01T00:00:00.000Z',
});

function renderAt(url: string) {
  return renderPage(<NoticePopup />, { path: url, client: new QueryClient() });
}

describe('NoticePopup', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ko');
    api.mockReset();
    api.mockResolvedValue({
      returnCode: 0,
      list: [notice(1, 1, '<p>강제<img src=x onerror="window.hacked=1"></p>'), notice(2, 0, '<p>일반</p>')],
    });
  });

  it('shows notices one after another; the forced one has no 24-hour option; HTML is sanitized', async () => {
    renderAt('/');
    const first = await screen.findByTestId('notice-popup-item');
    expect(first.getAttribute('data-idx')).toBe('1');
    expect(first.innerHTML).not.toContain('onerror');
    expect(screen.queryByTestId('notice-popup-snooze')).toBeNull();
    expect(api).toHaveBeenCalledWith('/support/notice/list', { type: 1, lang: 'ko' });
    fireEvent.click(screen.getByTestId('notice-popup-close'));
    expect((await screen.findByTestId('notice-popup-item')).getAttribute('data-idx')).toBe('2');
    fireEvent.click(screen.getByTestId('notice-popup-snooze'));
    expect(screen.queryByTestId('notice-popup')).toBeNull();
  });

  it('remembers a 24-hour dismissal, and ?nr clears it', async () => {
    const first = renderAt('/');
    fireEvent.click(await screen.findByTestId('notice-popup-close'));
    fireEvent.click(await screen.findByTestId('notice-popup-snooze'));
    first.unmount();
    const again = renderAt('/');
    fireEvent.click(await screen.findByTestId('notice-popup-close'));
    expect(screen.queryByTestId('notice-popup')).toBeNull();
    again.unmount();
    renderAt('/?nr');
    fireEvent.click(await screen.findByTestId('notice-popup-close'));
    expect((await screen.findByTestId('notice-popup-item')).getAttribute('data-idx')).toBe('2');
  });

  it('waits while another popup is open, then shows the same notice (one popup at a time, never stacked)', async () => {
    function Held() {
      const [held, setHeld] = useState(true);
      return (
        <>
          <button type="button" data-testid="release" onClick={() => setHeld(false)} />
          <NoticePopup held={held} />
          <NoticesLoaded />
        </>
      );
    }
    renderPage(<Held />, { client: new QueryClient() });
    await screen.findByTestId('notices-loaded');
    expect(api).toHaveBeenCalled();
    expect(screen.queryByTestId('notice-popup')).toBeNull();
    fireEvent.click(screen.getByTestId('release'));
    expect((await screen.findByTestId('notice-popup-item')).getAttribute('data-idx')).toBe('1');
  });

  it('does not come back after a language switch once dismissed (each language has its own notices)', async () => {
    api.mockImplementation(async (_path: string, body: { lang: string }) => ({
      returnCode: 0,
      list: body.lang === 'en' ? [{ ...notice(3, 0, '<p>en</p>'), lang: 'en' }] : [notice(2, 0, '<p>일반</p>')],
    }));
    // The page's shell re-renders on a language switch (as the layout does).
    function Shell() {
      useTranslation();
      const english = useQuery(supportQueries.noticePopups('en')).isSuccess;
      return (
        <>
          <NoticePopup />
          {english && <span data-testid="english-loaded" />}
        </>
      );
    }
    renderPage(<Shell />, { client: new QueryClient() });
    fireEvent.click(await screen.findByTestId('notice-popup-close'));
    expect(screen.queryByTestId('notice-popup')).toBeNull();
    await act(() => i18n.changeLanguage('en'));
    await waitFor(() => expect(api).toHaveBeenCalledWith('/support/notice/list', { type: 1, lang: 'en' }));
    // The English list has loaded and still no popup shows.
    await screen.findByTestId('english-loaded');
    expect(screen.queryByTestId('notice-popup')).toBeNull();
  });

  it('stays away from the operator console', async () => {
    renderPage(
      <>
        <NoticePopup />
        <NoticesLoaded />
      </>,
      { path: '/admin', client: new QueryClient() },
    );
    await screen.findByTestId('notices-loaded');
    expect(screen.queryByTestId('notice-popup')).toBeNull();
  });
});
