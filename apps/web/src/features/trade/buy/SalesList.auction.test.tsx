import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { queryClient } from '../../../lib/api';
import { clearSession, updateSession } from '../../../lib/session';
import { itemEvent, quietItemSocket } from '../../../test/item-socket';
import { ALICE, BOB, listingRow, MARKET, stubApi } from '../../../test/trade-fixtures';
import { SalesList } from './SalesList';

const HASH = `0x${'e'.repeat(64)}`;
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
      sendCancelAuction: async (_c: unknown, from: string, market: string, auctionId: bigint) => {
        kit.calls.push(`cancelAuction ${from} ${market} ${auctionId}`);
        // The indexer applies the cancel a moment later and the server tells the item's watchers.
        setTimeout(() => {
          rows = [];
          itemEvent(3);
        }, 50);
        return HASH;
      },
      waitForTx: async () => ({ blockNumber: 1n }),
    }),
  };
});

const auctionRow = (patch = {}) =>
  listingRow({
    instanceId: 31,
    saleType: 2,
    sellerAddress: ALICE,
    sellerName: 'alice',
    remainCount: 1,
    availableCount: 0,
    priceAmount: '500000000000000000',
    auctionId: '31',
    bidMaxPrice: null,
    bidCount: 0,
    ...patch,
  });
let rows = [auctionRow()];
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <MemoryRouter>{children}</MemoryRouter>
  </QueryClientProvider>
);
const item = { productId: 3, name: 'Piece', itemType: 2, flagMint: 1 };

beforeEach(async () => {
  await i18n.changeLanguage('ko');
  quietItemSocket();
  kit.calls = [];
  queryClient.clear();
  rows = [auctionRow()];
  stubApi({ '/nft/instance/list/item': () => ({ returnCode: 0, list: rows }) });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('SalesList, an auction’s row', () => {
  it('shows the start price before any bid, then the top bid and the bids placed', async () => {
    render(<SalesList item={item} />, { wrapper });
    const row = await screen.findByTestId('sale-row-31');
    expect(within(row).getByTestId('sale-auction-label').textContent).toBe('경매 · 시작가');
    expect(within(row).getByTestId('sale-price').textContent).toBe('0.5 ATT');
    expect(within(row).getByText('입찰 0건')).toBeTruthy();
    rows = [auctionRow({ priceAmount: '800000000000000000', bidMaxPrice: '800000000000000000', bidCount: 2 })];
    await queryClient.invalidateQueries();
    await waitFor(() =>
      expect(within(screen.getByTestId('sale-row-31')).getByTestId('sale-auction-label').textContent).toBe(
        '경매 · 최고 입찰가',
      ),
    );
    expect(within(screen.getByTestId('sale-row-31')).getByTestId('sale-price').textContent).toBe('0.8 ATT');
    expect(within(screen.getByTestId('sale-row-31')).getByText('입찰 2건')).toBeTruthy();
  });

  it('a space parts the label from the price when the phone layout sets them on one line (English)', async () => {
    await i18n.changeLanguage('en');
    rows = [auctionRow({ priceAmount: '1200000000000000000', bidMaxPrice: '1200000000000000000', bidCount: 1 })];
    render(<SalesList item={item} />, { wrapper });
    const price = within(await screen.findByTestId('sale-row-31')).getByTestId('sale-price');
    expect(price.parentElement!.textContent).toContain('Auction · Top bid 1.2 ATT');
  });

  it('another member’s auction row has no button (spec: auctions show no button; bids are placed from the bid list)', async () => {
    updateSession({ id: 'bob', ticket: 'tk', address: BOB });
    render(<SalesList item={item} />, { wrapper });
    const row = await screen.findByTestId('sale-row-31');
    expect(within(row).queryAllByRole('button')).toHaveLength(0);
  });

  it('the seller cancels the auction on chain; the row then leaves the list', async () => {
    updateSession({ id: 'alice', ticket: 'tk', address: ALICE });
    render(<SalesList item={item} />, { wrapper });
    fireEvent.click(await screen.findByTestId('sale-cancel-auction-31'));
    const popup = await screen.findByTestId('cancel-auction-popup');
    expect(
      within(popup).getByText(
        '이 경매를 취소하시겠습니까? 모든 입찰이 환불되며, 환불에 드는 가스비는 판매자가 부담합니다.',
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect((within(popup).getByTestId('cancel-auction-submit') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(within(popup).getByTestId('cancel-auction-submit'));
    await within(popup).findByTestId('cancel-auction-done');
    expect(kit.calls).toEqual([`cancelAuction ${ALICE} ${MARKET} 31`]);
    fireEvent.click(within(popup).getByTestId('trade-close'));
    expect(await screen.findByTestId('sales-empty')).toBeTruthy();
  });
});
