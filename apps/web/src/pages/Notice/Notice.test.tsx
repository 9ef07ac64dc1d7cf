import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { renderPage } from '../../test/render-page';

const api = vi.fn();
vi.mock('../../lib/api/client', () => ({ api: (...a: unknown[]) => api(...a) }));
const { Notice } = await import('./Notice');
const { NoticeDetail } = await import('./NoticeDetail');

const row = (idx: number, no: number, listType: 1 | 2) => ({
  idx,
  no,
  listType,
  type: listType,
  lang: 'ko',
  title: `공지 ${idx}`,
  message: '<p>x</p>',
  state: 1,
  flagPopup: 0,
  flagForce: 0,
  createDate: '2026-03-04T05:06:07.000Z',
  updateDate: '2026-03-04T05:06:07.000Z',
});

function renderAt(url: string) {
  return renderPage({ '/Notice': <Notice />, '/Notice/:idx': <NoticeDetail /> }, { path: url });
}

describe('Notice list', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ko');
    api.mockReset();
  });

  it('shows the total, page x/y, 공지 for pinned rows, dates of 10 characters, and pages', async () => {
    api.mockResolvedValue({
      returnCode: 0,
      list: [row(30, 25, 2), row(29, 24, 1)],
      page: { totalRecordSize: 25, pageNo: 1, pageCount: 3 },
    });
    renderAt('/Notice');
    await screen.findByTestId('notice-table');
    expect(screen.getByTestId('notice-count').textContent).toBe('전체 25건페이지 1/3');
    const rows = screen.getAllByTestId('notice-row');
    expect(rows[0]!.querySelector('.pinned-label')?.textContent).toBe('공지');
    expect(rows[1]!.textContent).toContain('24');
    expect(rows[1]!.textContent).toContain('2026-03-04');
    expect(api).toHaveBeenCalledWith('/support/notice/list', {
      pageNo: 1,
      pageSize: 10,
      searchType: 1,
      searchText: '',
      lang: 'ko',
    });
    fireEvent.click(screen.getByTestId('page-3'));
    await waitFor(() =>
      expect(api).toHaveBeenLastCalledWith('/support/notice/list', expect.objectContaining({ pageNo: 3 })),
    );
  });

  it('searches by content', async () => {
    api.mockResolvedValue({ returnCode: 0, list: [], page: { totalRecordSize: 0, pageNo: 1, pageCount: 1 } });
    renderAt('/Notice');
    fireEvent.change(screen.getByTestId('search-type'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('search-text'), { target: { value: '점검' } });
    fireEvent.click(screen.getByTestId('search-submit'));
    await waitFor(() =>
      expect(api).toHaveBeenLastCalledWith(
        '/support/notice/list',
        expect.objectContaining({ searchType: 2, searchText: '점검' }),
      ),
    );
    expect((await screen.findByTestId('notice-empty')).textContent).toBe('검색 결과가 없습니다.');
  });

  it('shows the error state with a retry', async () => {
    api.mockResolvedValue({ returnCode: 901 });
    renderAt('/Notice');
    expect(await screen.findByTestId('list-error')).toBeTruthy();
  });
});

describe('Notice detail', () => {
  beforeEach(() => api.mockReset());

  it('goes to the list without a numeric idx', async () => {
    api.mockResolvedValue({ returnCode: 0, list: [], page: { totalRecordSize: 0, pageNo: 1, pageCount: 1 } });
    renderAt('/Notice/abc');
    expect(await screen.findByTestId('notice-page')).toBeTruthy();
  });

  it('renders the sanitized body, and a not-found text for code 8', async () => {
    api.mockResolvedValueOnce({ returnCode: 0, data: { ...row(5, 0, 1), message: '<p>본문<script>x</script></p>' } });
    const view = renderAt('/Notice/5');
    expect((await screen.findByTestId('notice-body')).innerHTML).toBe('<p>본문</p>');
    view.unmount();
    api.mockResolvedValueOnce({ returnCode: 8 });
    renderAt('/Notice/6');
    expect(await screen.findByTestId('notice-not-found')).toBeTruthy();
  });
});
