import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { renderPage } from '../../test/render-page';

const api = vi.fn();
vi.mock('../../lib/api/client', () => ({ api: (...a: unknown[]) => api(...a) }));
const { Component: AdminConsole } = await import('./admin-route');
const { sessionStore, emptySession } = await import('../../lib/session');

function renderConsole(url = '/admin') {
  return renderPage(<AdminConsole />, { path: url });
}

const page = { totalRecordSize: 0, pageNo: 1, pageCount: 1 };

describe('operator console', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ko');
    api.mockReset();
    sessionStore.set({ ...emptySession, id: 'op_user', ticket: 'tkt' });
  });

  it('asks a logged-out visitor to sign in, and calls nothing', () => {
    sessionStore.set(emptySession);
    renderConsole();
    expect(screen.getByTestId('admin-sign-in').textContent).toBe('운영자 지갑으로 로그인하세요.');
    expect(api).not.toHaveBeenCalled();
  });

  it('tells a member who is not an operator', async () => {
    api.mockResolvedValue({ returnCode: 2 });
    renderConsole();
    expect((await screen.findByTestId('admin-denied')).textContent).toBe('운영자 권한이 없는 계정입니다.');
    expect(api).toHaveBeenCalledWith('/admin/me', { id: 'op_user', ticketId: 'tkt' });
  });

  it('shows the tabs to an operator, and a notice saved from the editor goes to the server as typed', async () => {
    api.mockImplementation(async (path: string) => {
      if (path === '/admin/me')
        return { returnCode: 0, data: { id: 'op_user', address: '0x976ea74026e726554db657fa54763abd0c3a0aa9' } };
      if (path === '/admin/notice/save') return { returnCode: 0, data: { idx: 1 } };
      return { returnCode: 0, list: [], page };
    });
    renderConsole('/admin?tab=notices');
    await screen.findByTestId('admin-panel-notices');
    expect(screen.getByTestId('admin-operator').textContent).toBe('운영자 op_user');
    fireEvent.click(screen.getByTestId('admin-notice-new'));
    fireEvent.change(screen.getByTestId('admin-notice-title'), { target: { value: '점검' } });
    fireEvent.change(screen.getByTestId('admin-notice-message'), { target: { value: '<p>본문</p>' } });
    expect((screen.getByTestId('admin-notice-force') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('admin-notice-popup'));
    fireEvent.click(screen.getByTestId('admin-notice-force'));
    fireEvent.click(screen.getByTestId('admin-notice-save'));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('/admin/notice/save', {
        id: 'op_user',
        ticketId: 'tkt',
        lang: 'ko',
        title: '점검',
        message: '<p>본문</p>',
        listType: 1,
        flagPopup: 1,
        flagForce: 1,
        state: 1,
      }),
    );
    fireEvent.click(screen.getByTestId('admin-tab-members'));
    await screen.findByTestId('admin-panel-members');
  });

  it('lists referral payouts read-only: month, coin and amount, state, transaction', async () => {
    const tx = `0x${'ab'.repeat(32)}`;
    api.mockImplementation(async (path: string) => {
      if (path === '/admin/me')
        return { returnCode: 0, data: { id: 'op_user', address: '0x976ea74026e726554db657fa54763abd0c3a0aa9' } };
      if (path === '/admin/referral/payout/list')
        return {
          returnCode: 0,
          list: [
            {
              payoutIdx: '2',
              referrer: 'carol',
              toAddress: '0x00000000000000000000000000000000000000cc',
              symbol: 'ATT',
              amount: '20000000000000000',
              state: 2,
              period: '2026-11',
              txHash: tx,
              createDate: '2026-11-01T00:00:00.000Z',
              paidDate: '2026-11-01T00:01:00.000Z',
            },
            {
              payoutIdx: '1',
              referrer: null,
              toAddress: '0x00000000000000000000000000000000000000dd',
              symbol: 'KLAY',
              amount: '6000000000000000',
              state: 3,
              period: '2026-10',
              txHash: null,
              createDate: '2026-10-01T00:00:00.000Z',
              paidDate: null,
            },
          ],
          page: { ...page, totalRecordSize: 2 },
        };
      return { returnCode: 0, list: [], page };
    });
    renderConsole('/admin?tab=referral');
    await screen.findByTestId('admin-panel-referral');
    const rows = await screen.findAllByTestId('admin-referral-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('carol'),
      expect.stringContaining('0x00000000000000000000000000000000000000dd'),
    ]);
    expect(screen.getAllByTestId('admin-referral-amount').map((e) => e.textContent)).toEqual([
      '0.02 ATT',
      '0.006 KLAY',
    ]);
    expect(screen.getAllByTestId('admin-referral-state').map((e) => e.textContent)).toEqual([
      '지급 완료',
      '실패(재지급 대상)',
    ]);
    expect(screen.getAllByTestId('admin-referral-tx').map((e) => e.textContent)).toEqual([tx, '—']);
    expect(api).toHaveBeenCalledWith(
      '/admin/referral/payout/list',
      expect.objectContaining({ id: 'op_user', ticketId: 'tkt', pageNo: 1 }),
    );
    // Read-only: no write of any kind is offered.
    expect(screen.queryByTestId('admin-referral-save')).toBeNull();
  });

  it('adds a bilingual tip: the English pair is required once one half is typed, and goes to the server trimmed', async () => {
    const tips = {
      curationIdx: 6,
      curationType: 5,
      name: '팁',
      nameEn: 'Tips',
      sortOrder: 1,
      visible: 1,
      updateDate: new Date().toISOString(),
      entries: [
        {
          entryIdx: 3,
          sortOrder: 1,
          productIdx: null,
          categoryIdx: null,
          title: '지갑',
          detail: '설치',
          titleEn: 'Wallet',
          detailEn: 'Install',
          connectUrl: 'https://a.example/',
          fileName: null,
          label: '지갑',
        },
      ],
    };
    api.mockImplementation(async (path: string) => {
      if (path === '/admin/me')
        return { returnCode: 0, data: { id: 'op_user', address: '0x976ea74026e726554db657fa54763abd0c3a0aa9' } };
      if (path === '/admin/curation/list')
        return { returnCode: 0, list: [tips], page: { ...page, totalRecordSize: 1 } };
      if (path === '/admin/curation/entry/add') return { returnCode: 0, data: { idx: 4 } };
      if (path === '/admin/curation/entry/update') return { returnCode: 0 };
      return { returnCode: 0, list: [], page };
    });
    renderConsole('/admin?tab=curation');
    fireEvent.click(await screen.findByTestId('admin-curation-entries-6'));
    expect(screen.getByTestId('admin-curation-entry').textContent).toContain('Wallet');
    const titleEn = screen.getByTestId('admin-curation-tip-title-en') as HTMLInputElement;
    const detailEn = screen.getByTestId('admin-curation-tip-detail-en') as HTMLInputElement;
    expect(titleEn.required).toBe(false);
    fireEvent.change(screen.getByTestId('admin-curation-tip-title'), { target: { value: '안전 ' } });
    fireEvent.change(screen.getByTestId('admin-curation-tip-detail'), { target: { value: '피싱 주의' } });
    fireEvent.change(screen.getByTestId('admin-curation-tip-url'), { target: { value: 'https://b.example/' } });
    fireEvent.change(titleEn, { target: { value: ' Safety ' } });
    expect(detailEn.required).toBe(true);
    fireEvent.change(detailEn, { target: { value: 'Beware of phishing' } });
    fireEvent.submit(screen.getByTestId('admin-curation-entry-add').closest('form')!);
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('/admin/curation/entry/add', {
        id: 'op_user',
        ticketId: 'tkt',
        curationIdx: 6,
        title: '안전',
        detail: '피싱 주의',
        titleEn: 'Safety',
        detailEn: 'Beware of phishing',
        connectUrl: 'https://b.example/',
      }),
    );

    // Edit the existing tip: the form takes its texts; clearing both English fields clears the pair; no image input.
    fireEvent.click(await screen.findByTestId('admin-curation-entry-edit-3'));
    expect((screen.getByTestId('admin-curation-tip-title') as HTMLInputElement).value).toBe('지갑');
    expect((screen.getByTestId('admin-curation-tip-title-en') as HTMLInputElement).value).toBe('Wallet');
    expect(screen.queryByTestId('admin-curation-tip-image')).toBeNull();
    fireEvent.change(screen.getByTestId('admin-curation-tip-title-en'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('admin-curation-tip-detail-en'), { target: { value: '' } });
    fireEvent.submit(screen.getByTestId('admin-curation-entry-add').closest('form')!);
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('/admin/curation/entry/update', {
        id: 'op_user',
        ticketId: 'tkt',
        entryIdx: 3,
        title: '지갑',
        detail: '설치',
        connectUrl: 'https://a.example/',
      }),
    );
  });

  it('turns keeping inactive members apart off after a confirm, and shows its state', async () => {
    let on = true;
    api.mockImplementation(async (path: string, body: { on?: boolean }) => {
      if (path === '/admin/me')
        return { returnCode: 0, data: { id: 'op_user', address: '0x976ea74026e726554db657fa54763abd0c3a0aa9' } };
      if (path === '/config/front') return { returnCode: 0, data: { chainId: 31337, inactiveMembers: on } };
      if (path === '/admin/config/inactive') {
        on = body.on!;
        return { returnCode: 0 };
      }
      return { returnCode: 0, list: [], page };
    });
    renderPage(<AdminConsole />, { path: '/admin?tab=members', popups: true });
    await waitFor(() => expect(screen.getByTestId('admin-inactive-state').textContent).toBe('운영 중'));
    fireEvent.click(screen.getByTestId('admin-inactive-toggle'));
    fireEvent.click(await screen.findByTestId('confirm-popup-confirm'));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('/admin/config/inactive', { id: 'op_user', ticketId: 'tkt', on: false }),
    );
    await waitFor(() => expect(screen.getByTestId('admin-inactive-state').textContent).toBe('중지됨'));
    expect(screen.getByTestId('admin-inactive-toggle').textContent).toBe('운영하기');
  });
});
