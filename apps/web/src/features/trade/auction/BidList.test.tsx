import type { BidRow } from '@att/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { queryClient } from '../../../lib/api';
import { clearSession, updateSession } from '../../../lib/session';
import { itemEvent, quietItemSocket } from '../../../test/item-socket';
import { BOB, CAROL, listingRow, MARKET, stubApi } from '../../../test/trade-fixtures';
import { connectDialogStore } from '../../auth/login-store';
import { BidList } from './BidList';

const HASH = `0x${'c'.repeat(64)}`;
const kit = { calls: [] as string[] };
vi.mock('../core/trade-kit', async () => {
  const errors = await import('../core/trade-errors');
  return {
    loadTradeKit: async () => ({
      ...errors,
      requireAccount: (a: string) => a,
      readTokenBalance: async () => 10n ** 19n,
      readMinimumBid: async () => 10n ** 18n,
      readBidOf: async () => 0n,
      sendCancelBid: async (_c: unknown, from: string, market: string, auctionId: bigint) => {
        kit.calls.push(`cancelBid ${from} ${market} ${auctionId}`);
        // The indexer sees the withdrawal a moment later and the server tells the item's watchers.
        setTimeout(() => {
          bids = bids.map((b) => (b.memberAddress === BOB ? { ...b, state: 2 } : b));
          itemEvent(3);
        }, 50);
        return HASH;
      },
      waitForTx: async () => ({ blockNumber: 1n }),
    }),
  };
});

const row = (
  bidIdx: number,
  memberAddress: string,
  memberName: string | null,
  price: string,
  state: number,
): BidRow => ({
  bidIdx,
  symbol: 'KLAY',
  price,
  memberName,
  memberAddress,
  state,
  createDate: '2026-11-20T10:00:00Z',
});
let bids: BidRow[] = [];
const auction = listingRow({ instanceId: 31, saleType: 2, auctionId: '31', priceSymbol: 'KLAY' });
const piece = { productId: 3, name: 'Piece' };
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <MemoryRouter>{children}</MemoryRouter>
  </QueryClientProvider>
);

beforeEach(async () => {
  await i18n.changeLanguage('ko');
  quietItemSocket();
  kit.calls = [];
  queryClient.clear();
  bids = [
    row(3, CAROL, 'carol', '3000000000000000000', 0),
    row(2, BOB, null, '2000000000000000000', 0),
    row(1, CAROL, 'carol', '1000000000000000000', 1),
  ];
  stubApi({
    '/nft/instance/bid/list': () => ({
      returnCode: 0,
      list: bids,
      page: { totalRecordSize: bids.length, pageNo: 1, pageCount: 1 },
    }),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('BidList', () => {
  it('shows price, bidder and status of every bid, the top one marked, and no withdraw for a visitor', async () => {
    render(<BidList item={piece} auction={auction} />, { wrapper });
    const top = await screen.findByTestId('bid-row-3');
    expect(within(top).getByTestId('bid-price').textContent).toBe('3 KLAY');
    expect(within(top).getByText('최고 입찰')).toBeTruthy();
    expect(within(top).getByRole('link', { name: 'carol' }).getAttribute('href')).toBe('/Profile/carol');
    expect(screen.getAllByTestId('bid-state').map((c) => c.textContent)).toEqual(['입찰 중', '입찰 중', '취소됨']);
    expect(within(screen.getByTestId('bid-row-2')).getByText('0x3c44…93bc')).toBeTruthy();
    expect(within(screen.getByRole('table')).queryByRole('button')).toBeNull();
    expect(kit.calls).toEqual([]);
  });

  it('has an empty state, and English texts', async () => {
    await i18n.changeLanguage('en');
    bids = [];
    render(<BidList item={piece} auction={auction} />, { wrapper });
    expect((await screen.findByTestId('bids-empty')).textContent).toBe('No bids yet.');
    expect(screen.getByRole('heading').textContent).toBe('Bids');
  });

  it('the outbid bidder withdraws their bid on chain; the list then shows it withdrawn', async () => {
    updateSession({ id: 'bob', ticket: 'tk', address: BOB });
    render(<BidList item={piece} auction={auction} />, { wrapper });
    fireEvent.click(await screen.findByTestId('bid-withdraw-2'));
    expect(screen.queryByTestId('bid-withdraw-3')).toBeNull();
    const popup = await screen.findByTestId('withdraw-bid-popup');
    expect(within(popup).getByText('2 KLAY 입찰을 취소하시겠습니까? 입찰 금액은 지갑으로 돌아옵니다.')).toBeTruthy();
    await waitFor(() =>
      expect((within(popup).getByTestId('withdraw-bid-submit') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(within(popup).getByTestId('withdraw-bid-submit'));
    await within(popup).findByTestId('withdraw-bid-done');
    expect(kit.calls).toEqual([`cancelBid ${BOB} ${MARKET} 31`]);
    fireEvent.click(within(popup).getByTestId('trade-close'));
    await waitFor(() => expect(screen.getByTestId('bid-row-2').getAttribute('data-state')).toBe('2'));
    expect(within(screen.getByTestId('bid-row-2')).getByTestId('bid-state').textContent).toBe('입찰 취소');
    expect(screen.queryByTestId('bid-withdraw-2')).toBeNull();
  });

  it('the top bidder cannot withdraw', async () => {
    updateSession({ id: 'carol', ticket: 'tk', address: CAROL });
    render(<BidList item={piece} auction={auction} />, { wrapper });
    await screen.findByTestId('bid-row-3');
    expect(within(screen.getByRole('table')).queryByRole('button')).toBeNull();
  });

  it('a settled auction shows the winning bid as won (ko and en), with nothing to withdraw', async () => {
    bids = [row(3, CAROL, 'carol', '3000000000000000000', 3), row(2, BOB, null, '2000000000000000000', 0)];
    updateSession({ id: 'carol', ticket: 'tk', address: CAROL });
    const ended = listingRow({
      instanceId: 31,
      saleType: 2,
      auctionId: '31',
      priceSymbol: 'KLAY',
      expireDate: new Date(Date.now() - 60_000).toISOString(),
    });
    const { unmount } = render(<BidList item={piece} auction={ended} />, { wrapper });
    const won = await screen.findByTestId('bid-row-3');
    expect(within(won).getByTestId('bid-state').textContent).toBe('낙찰');
    expect(within(won).queryByRole('button')).toBeNull();
    unmount();
    await i18n.changeLanguage('en');
    render(<BidList item={piece} auction={ended} />, { wrapper });
    expect(within(await screen.findByTestId('bid-row-3')).getByTestId('bid-state').textContent).toBe('Won');
  });

  it('the bid button sits above the list: a visitor is asked for a wallet, a member gets the bid popup (English)', async () => {
    await i18n.changeLanguage('en');
    render(<BidList item={piece} auction={auction} />, { wrapper });
    const open = await screen.findByTestId('bid-open');
    expect(open.textContent).toBe('Bid');
    fireEvent.click(open);
    expect(connectDialogStore.get()).toBe(true);
    connectDialogStore.set(false);
    updateSession({ id: 'bob', ticket: 'tk', address: BOB });
    fireEvent.click(await screen.findByTestId('bid-open'));
    expect(within(await screen.findByTestId('bid-popup')).getByText('Place a bid')).toBeTruthy();
  });

  it('no bid button for the seller, nor once the auction has ended', async () => {
    updateSession({ id: 'seller', ticket: 'tk', address: auction.sellerAddress.toLowerCase() });
    const { unmount } = render(<BidList item={piece} auction={auction} />, { wrapper });
    await screen.findByTestId('bid-row-3');
    expect(screen.queryByTestId('bid-open')).toBeNull();
    unmount();
    clearSession();
    render(<BidList item={piece} auction={{ ...auction, expireDate: '2020-01-01T00:00:00Z' }} />, { wrapper });
    await screen.findByTestId('bid-row-3');
    expect(screen.queryByTestId('bid-open')).toBeNull();
  });
});
