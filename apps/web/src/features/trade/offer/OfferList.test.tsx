import type { ItemDetail, OfferProductRow } from '@att/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { queryClient } from '../../../lib/api';
import { clearSession, updateSession } from '../../../lib/session';
import { BOB, CAROL, itemDetail, listingRow, offerProductRow, stubApi } from '../../../test/trade-fixtures';
import { connectDialogStore } from '../../auth/login-store';
import { PopupHost, popups } from '../../popups';
import { OfferList } from './OfferList';

vi.mock('../core/trade-kit', async () => {
  const errors = await import('../core/trade-errors');
  return {
    loadTradeKit: async () => ({ ...errors, requireAccount: (a: string) => a, readTokenBalance: async () => 0n }),
  };
});

let offers: OfferProductRow[] = [];
let listings = [listingRow()];
let sent: ReturnType<typeof stubApi> = [];
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <MemoryRouter>
      {children}
      <PopupHost />
    </MemoryRouter>
  </QueryClientProvider>
);

beforeEach(async () => {
  await i18n.changeLanguage('ko');
  queryClient.clear();
  popups.clear();
  offers = [
    offerProductRow({ osdId: '41', makeOfferIdx: 41, memberAddress: CAROL, memberName: 'carol', availableAmount: 3 }),
    offerProductRow({ osdId: '42', makeOfferIdx: 42, memberAddress: BOB, memberName: 'bob', offerSymbol: 'KLAY' }),
  ];
  listings = [];
  sent = stubApi({
    '/nft/offer/product/list': () => ({ returnCode: 0, list: offers }),
    '/nft/instance/list/item': () => ({ returnCode: 0, list: listings }),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

const show = (item: Partial<ItemDetail> = {}) => render(<OfferList item={itemDetail(item)} />, { wrapper });

describe('OfferList', () => {
  it('lists price, offerer, remaining (with pieces held by accepts in flight) and expiry; a visitor is asked to connect', async () => {
    show();
    const row = await screen.findByTestId('offer-row-41');
    expect(within(row).getByTestId('offer-price-cell').textContent).toBe('2 ATT');
    expect(within(row).getByText('$1')).toBeTruthy();
    expect(within(row).getByText('carol')).toBeTruthy();
    expect(within(row).getByText('1개 거래 대기')).toBeTruthy();
    const expiry = row.querySelector('time')!;
    const format = new Intl.DateTimeFormat('ko', { dateStyle: 'medium', timeStyle: 'short' });
    expect(expiry.textContent).toBe(format.format(new Date(expiry.dateTime)));
    expect(Date.parse(expiry.dateTime)).toBeGreaterThan(Date.now());
    expect(sent.find((s) => s.path === '/nft/offer/product/list')?.body).toMatchObject({
      productIdx: 3,
      pageNo: 1,
      pageSize: 9999,
    });
    // A visitor holds nothing: no accept; the make-offer button asks for a wallet.
    expect(screen.queryByTestId('offer-accept-41')).toBeNull();
    fireEvent.click(await screen.findByTestId('offer-open'));
    expect(connectDialogStore.get()).toBe(true);
    connectDialogStore.set(false);
  });

  it('the empty state', async () => {
    offers = [];
    show();
    expect((await screen.findByTestId('offer-list-empty')).textContent).toBe('등록된 제안이 없습니다.');
  });

  it('no make-offer button while something is listed or when the member holds every piece', async () => {
    listings = [listingRow()];
    show();
    await screen.findByTestId('offer-row-41');
    await waitFor(() => expect(sent.some((s) => s.path === '/nft/instance/list/item')).toBe(true));
    expect(screen.queryByTestId('offer-open')).toBeNull();
  });

  it('no make-offer button for the holder of every piece', async () => {
    updateSession({ id: 'bob', ticket: 'tk', address: BOB });
    show({ itemCountMine: 10, totalItemCount: 10 });
    await screen.findByTestId('offer-row-41');
    await waitFor(() => expect(sent.some((s) => s.path === '/nft/instance/list/item')).toBe(true));
    expect(screen.queryByTestId('offer-open')).toBeNull();
  });

  it('the offerer sees cancel on their own offer; a holder sees accept on the others', async () => {
    updateSession({ id: 'bob', ticket: 'tk', address: BOB });
    show({ itemCountMine: 2 });
    const own = await screen.findByTestId('offer-row-42');
    expect(own.getAttribute('data-own')).toBe('1');
    expect(within(own).getByText('내 제안')).toBeTruthy();
    expect(screen.queryByTestId('offer-accept-42')).toBeNull();
    expect(screen.getByTestId('offer-accept-41')).toBeTruthy();
    fireEvent.click(screen.getByTestId('offer-cancel-42'));
    expect(await screen.findByTestId('cancel-offer-popup')).toBeTruthy();
    fireEvent.click(screen.getByTestId('cancel-offer-cancel'));
    fireEvent.click(screen.getByTestId('offer-accept-41'));
    expect(await screen.findByTestId('accept-offer-popup')).toBeTruthy();
  });

  it('an accept without free pieces is refused with the spec text', async () => {
    updateSession({ id: 'bob', ticket: 'tk', address: BOB });
    show({ itemCountMine: 2, itemCountOnSaleMine: 1, itemCountReservedMine: 1 });
    fireEvent.click(await screen.findByTestId('offer-accept-41'));
    expect((await screen.findByTestId('ok-popup')).textContent).toContain(
      '수락을 할려면 판매 등록을 취소 후 시도하세요.',
    );
    expect(screen.queryByTestId('accept-offer-popup')).toBeNull();
  });

  it('an accept during an auction is refused with the spec text (English too)', async () => {
    await i18n.changeLanguage('en');
    updateSession({ id: 'bob', ticket: 'tk', address: BOB });
    show({ itemCountMine: 1, saleType: 2 });
    fireEvent.click(await screen.findByTestId('offer-accept-41'));
    expect((await screen.findByTestId('ok-popup')).textContent).toContain(
      'Offers cannot be accepted while the item is in auction.',
    );
  });

  it('a member opens the make-offer popup', async () => {
    updateSession({ id: 'bob', ticket: 'tk', address: BOB });
    show();
    fireEvent.click(await screen.findByTestId('offer-open'));
    expect(await screen.findByTestId('offer-popup')).toBeTruthy();
  });
});
