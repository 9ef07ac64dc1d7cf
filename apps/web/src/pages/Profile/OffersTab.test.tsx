import type { OfferRow } from '@att/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PopupHost, popups } from '../../features/popups';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/api';
import { clearSession, updateSession } from '../../lib/session';
import { BOB, itemDetail, offerRow, stubApi } from '../../test/trade-fixtures';
import { OffersTab } from './OffersTab';

vi.mock('../../features/trade/core/trade-kit', async () => {
  const errors = await import('../../features/trade/core/trade-errors');
  return { loadTradeKit: async () => ({ ...errors, requireAccount: (a: string) => a }) };
});

const made = (): OfferRow[] => [
  offerRow({ makeOfferIdx: 1, state: 2, productName: 'Valid one' }),
  offerRow({ makeOfferIdx: 2, state: 5, productName: 'Deleted item' }),
  offerRow({ makeOfferIdx: 3, state: 1, productName: 'Expired one' }),
  offerRow({ makeOfferIdx: 4, state: 4, productName: 'Acquired one' }),
];
const received = (): OfferRow[] => [
  offerRow({ makeOfferIdx: 11, state: 2, memberName: 'carol' }),
  offerRow({ makeOfferIdx: 12, state: 3, memberName: 'dave' }),
];

let lists: Record<string, OfferRow[]> = {};
let detail = itemDetail({ itemCountMine: 2 });
let sent: ReturnType<typeof stubApi> = [];
const page = (list: OfferRow[], pageNo = 1) => ({
  returnCode: 0,
  list,
  page: { totalRecordSize: 23, pageNo, pageCount: 3 },
});

beforeEach(async () => {
  await i18n.changeLanguage('ko');
  queryClient.clear();
  popups.clear();
  lists = { participation: made(), received: received() };
  detail = itemDetail({ itemCountMine: 2 });
  sent = stubApi({
    '/nft/offer/member/participation/list': (b) => page(lists.participation!, Number(b.pageNo)),
    '/nft/offer/member/list': (b) => page(lists.received!, Number(b.pageNo)),
    '/nft/offer/member/participation/list/other': () => page(made()),
    '/nft/offer/member/list/other': () => page(received()),
    '/nft/offer/delete': (b) => {
      lists.participation = lists.participation!.filter((r) => r.makeOfferIdx !== b.offerIdx);
      return { returnCode: 0 };
    },
    '/nft/detail': () => ({ returnCode: 0, data: detail }),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <MemoryRouter>
      {children}
      <PopupHost />
    </MemoryRouter>
  </QueryClientProvider>
);
const own = () => {
  updateSession({ id: 'bob', ticket: 'tk', address: BOB });
  render(<OffersTab member={{ memberIdx: 7 }} mine />, { wrapper });
};

describe('Profile OffersTab', () => {
  it('offers made: state labels 0-5, USD, and per row cancel (2, 5) or delete (others)', async () => {
    own();
    const valid = await screen.findByTestId('offers-row-1');
    expect(within(valid).getByTestId('offers-state').textContent).toBe('유효');
    expect(within(valid).getByText('$1')).toBeTruthy();
    // The expiry with its time (an offer may run a single day), in the lists' format.
    const expiry = valid.querySelector('time')!;
    const format = new Intl.DateTimeFormat('ko', { dateStyle: 'medium', timeStyle: 'short' });
    expect(expiry.textContent).toBe(format.format(new Date(expiry.dateTime)));
    expect(within(screen.getByTestId('offers-row-2')).getByTestId('offers-state').textContent).toBe('아이템 삭제됨');
    expect(within(screen.getByTestId('offers-row-3')).getByTestId('offers-state').textContent).toBe('제안 만료');
    expect(within(screen.getByTestId('offers-row-4')).getByTestId('offers-state').textContent).toBe('거래 완료');
    expect(screen.getByTestId('offer-row-cancel-1')).toBeTruthy();
    expect(screen.getByTestId('offer-row-cancel-2')).toBeTruthy();
    expect(screen.getByTestId('offer-row-delete-3')).toBeTruthy();
    expect(screen.getByTestId('offer-row-delete-4')).toBeTruthy();
    expect(sent.find((s) => s.path === '/nft/offer/member/participation/list')?.body).toMatchObject({
      id: 'bob',
      ticketId: 'tk',
      pageNo: 1,
      pageSize: 10,
    });
  });

  it('cancel opens the on-chain cancel of the offer (its id is the list index)', async () => {
    own();
    fireEvent.click(await screen.findByTestId('offer-row-cancel-1'));
    const popup = await screen.findByTestId('cancel-offer-popup');
    expect(within(popup).getByTestId('cancel-offer-remain').textContent).toBe('4');
    expect((within(popup).getByTestId('cancel-offer-quantity') as HTMLInputElement).value).toBe('4');
  });

  it('delete asks first, then removes the entry, reloads the list and confirms', async () => {
    own();
    fireEvent.click(await screen.findByTestId('offer-row-delete-3'));
    expect((await screen.findByTestId('confirm-popup')).textContent).toContain('선택하신 내역을 삭제하시겠습니까?');
    fireEvent.click(screen.getByTestId('confirm-popup-confirm'));
    expect((await screen.findByTestId('ok-popup')).textContent).toContain('선택하신 내역이 삭제됐습니다.');
    expect(sent.find((s) => s.path === '/nft/offer/delete')?.body).toMatchObject({
      id: 'bob',
      ticketId: 'tk',
      offerIdx: 3,
    });
    await waitFor(() => expect(screen.queryByTestId('offers-row-3')).toBeNull());
  });

  it('offers received: the offerer, accept on valid offers, delete on finished ones', async () => {
    own();
    fireEvent.click(await screen.findByTestId('offers-sub-2'));
    const row = await screen.findByTestId('offers-row-11');
    expect(within(row).getByText('carol')).toBeTruthy();
    expect(screen.getByTestId('offer-row-delete-12')).toBeTruthy();
    fireEvent.click(screen.getByTestId('offer-row-accept-11'));
    expect(await screen.findByTestId('accept-offer-popup')).toBeTruthy();
    expect(sent.find((s) => s.path === '/nft/detail')?.body).toMatchObject({ id: 'bob', ticketId: 'tk', productId: 3 });
  });

  it('accept is refused during an auction and without free pieces', async () => {
    detail = itemDetail({ itemCountMine: 1, saleType: 2 });
    own();
    fireEvent.click(await screen.findByTestId('offers-sub-2'));
    fireEvent.click(await screen.findByTestId('offer-row-accept-11'));
    expect((await screen.findByTestId('ok-popup')).textContent).toContain(
      '경매 판매 중에는 제안을 수락할 수 없습니다.',
    );
    fireEvent.click(screen.getByTestId('ok-popup-confirm'));
    detail = itemDetail({ itemCountMine: 1, itemCountOnSaleMine: 1 });
    fireEvent.click(screen.getByTestId('offer-row-accept-11'));
    await waitFor(() =>
      expect(screen.getByTestId('ok-popup').textContent).toContain('수락을 할려면 판매 등록을 취소 후 시도하세요.'),
    );
    expect(screen.queryByTestId('accept-offer-popup')).toBeNull();
  });

  it('the numbered paginator asks for the page chosen', async () => {
    own();
    await screen.findByTestId('offers-row-1');
    fireEvent.click(within(screen.getByTestId('pagination')).getByText('2'));
    await waitFor(() =>
      expect(sent.some((s) => s.path === '/nft/offer/member/participation/list' && s.body.pageNo === 2)).toBe(true),
    );
  });

  it("another member's lists are read-only (the /other forms, no action column)", async () => {
    render(<OffersTab member={{ memberIdx: 7 }} mine={false} />, { wrapper });
    await screen.findByTestId('offers-row-1');
    expect(screen.queryByText('관리')).toBeNull();
    expect(screen.queryByTestId('offer-row-cancel-1')).toBeNull();
    fireEvent.click(screen.getByTestId('offers-sub-2'));
    await screen.findByTestId('offers-row-11');
    expect(screen.queryByTestId('offer-row-accept-11')).toBeNull();
    expect(sent.find((s) => s.path === '/nft/offer/member/list/other')?.body).toMatchObject({
      memberIdx: 7,
      pageNo: 1,
    });
  });
});
