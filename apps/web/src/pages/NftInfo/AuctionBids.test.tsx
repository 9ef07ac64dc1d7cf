/**
 * The item page's bid slot after a settlement: the sales list no longer has the auction, and the page shows how it
 * ended (spec 3 shows an auction item's bid list; README spec notes): the winning bid marked won (낙찰 / Won) with
 * its bidder and amount, or that it ended with no bid; while the auction runs, its bid list instead.
 */
import type { AuctionResult } from '@att/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/api';
import { CAROL, listingRow, stubApi } from '../../test/trade-fixtures';
import { AuctionBids } from './AuctionBids';

const piece = { productId: 3, name: 'Piece' };
const won: AuctionResult = {
  instanceIdx: 31,
  endDate: '2026-11-20T10:00:00Z',
  bidCount: 2,
  won: {
    bidIdx: 7,
    symbol: 'KLAY',
    price: '2500000000000000000',
    memberName: 'carol',
    memberAddress: CAROL,
    state: 3,
    createDate: '2026-11-20T09:00:00Z',
  },
};

function renderSlot(listings: unknown[], result: AuctionResult | undefined) {
  const sent = stubApi({
    '/nft/instance/list/item': () => ({ returnCode: 0, list: listings }),
    '/nft/auction/result': () => ({ returnCode: 0, ...(result ? { data: result } : {}) }),
    '/nft/instance/bid/list': () => ({ returnCode: 0, list: [] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <AuctionBids item={piece} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return sent;
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('ko');
});

describe('AuctionBids after a settlement', () => {
  it('shows the winning bid marked won, with its bidder and amount, in Korean and English', async () => {
    renderSlot([], won);
    const row = await screen.findByTestId('auction-result-won');
    expect(screen.getByTestId('auction-result').textContent).toContain('경매 결과');
    expect(within(row).getByText('2.5 KLAY')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'carol' }).getAttribute('href')).toBe('/Profile/carol');
    expect(within(row).getByText('낙찰')).toBeTruthy();
    expect(screen.getByTestId('auction-result').textContent).toContain('입찰 2건');
    await i18n.changeLanguage('en');
    expect(await screen.findByText('Won')).toBeTruthy();
    expect(screen.getByTestId('auction-result').textContent).toContain('2 bids');
  });

  it('says an auction ended with no bid', async () => {
    renderSlot([], { ...won, bidCount: 0, won: null });
    expect((await screen.findByTestId('auction-result-no-bid')).textContent).toBe('입찰 없이 종료되었습니다.');
  });

  it('shows the running auction’s bid list, not the last result, while the item is on auction', async () => {
    const sent = renderSlot([listingRow({ instanceId: 40, saleType: 2, auctionId: '40', priceSymbol: 'KLAY' })], won);
    await screen.findByTestId('bid-list');
    expect(screen.queryByTestId('auction-result')).toBeNull();
    expect(sent.some((s) => s.path === '/nft/auction/result')).toBe(false);
  });
});
