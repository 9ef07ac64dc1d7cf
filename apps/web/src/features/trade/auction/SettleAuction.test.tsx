import { AUCTION_SETTLE_GRACE_SECONDS, type ItemListingRow } from '@att/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { queryClient } from '../../../lib/api';
import { clearSession, updateSession } from '../../../lib/session';
import { itemEvent, quietItemSocket } from '../../../test/item-socket';
import { CAROL, listingRow, MARKET, stubApi } from '../../../test/trade-fixtures';
import { SettleAuction } from './SettleAuction';

const HASH = `0x${'e'.repeat(64)}`;
const END_S = 1_800_000_000;
const kit = { calls: [] as string[], chainTimeS: 0, timeReads: 0, failing: false };
vi.mock('../core/trade-kit', async () => {
  const errors = await import('../core/trade-errors');
  return {
    loadTradeKit: async () => ({
      ...errors,
      requireAccount: (a: string) => a,
      readChainTime: async () => {
        kit.timeReads++;
        return kit.chainTimeS;
      },
      sendEndAuction: async (_c: unknown, from: string, market: string, auctionId: bigint) => {
        kit.calls.push(`endAuction ${from} ${market} ${auctionId}`);
        if (kit.failing) throw new Error('execution reverted');
        // The indexer applies the settlement a moment later: the sales list no longer shows the auction, and the
        // server tells the item's watchers.
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

const auction = listingRow({
  instanceId: 31,
  saleType: 2,
  auctionId: '31',
  priceSymbol: 'KLAY',
  expireDate: new Date(END_S * 1000).toISOString(),
});
const piece = { productId: 3, name: 'Sunset' };
let rows: ItemListingRow[] = [];
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <MemoryRouter>{children}</MemoryRouter>
  </QueryClientProvider>
);

beforeEach(async () => {
  await i18n.changeLanguage('ko');
  quietItemSocket();
  Object.assign(kit, { calls: [], chainTimeS: END_S + AUCTION_SETTLE_GRACE_SECONDS, timeReads: 0, failing: false });
  queryClient.clear();
  rows = [auction];
  stubApi({ '/nft/instance/list/item': () => ({ returnCode: 0, list: rows }) });
  updateSession({ id: 'carol', ticket: 'tk', address: CAROL });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

/** Waits until the chain's time has been read and every query has settled. */
async function chainTimeRead() {
  await waitFor(() => expect(kit.timeReads).toBeGreaterThan(0));
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
}

describe('SettleAuction', () => {
  it('offers a signed-in member "경매 정산하기" once the chain is past the end plus the grace', async () => {
    render(<SettleAuction item={piece} auction={auction} />, { wrapper });
    const button = await screen.findByTestId('settle-open');
    expect(button.textContent).toBe('경매 정산하기');
    expect(screen.getByRole('heading', { name: '경매 정산' })).toBeTruthy();
    expect(screen.getByText(i18n.t('trade:settle.hint'))).toBeTruthy();
    expect(kit.calls).toEqual([]);
  });

  it('shows nothing while the chain is inside the grace, even past the end', async () => {
    kit.chainTimeS = END_S + AUCTION_SETTLE_GRACE_SECONDS - 1;
    render(<SettleAuction item={piece} auction={auction} />, { wrapper });
    await chainTimeRead();
    expect(screen.queryByTestId('settle-open')).toBeNull();
  });

  it('shows a visitor nothing, and does not read the chain for them', async () => {
    clearSession();
    render(<SettleAuction item={piece} auction={auction} />, { wrapper });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByTestId('settle-open')).toBeNull();
    expect(kit.timeReads).toBe(0);
  });

  it("on click sends endAuction(auctionId) from the member's wallet, done once the sales list no longer shows the auction (English)", async () => {
    await i18n.changeLanguage('en');
    const { rerender } = render(<SettleAuction item={piece} auction={auction} />, { wrapper });
    fireEvent.click(await screen.findByTestId('settle-open'));
    const popup = await screen.findByTestId('settle-popup');
    expect(within(popup).getByText('Settle the auction of Sunset? Your wallet pays only the gas.')).toBeTruthy();
    await waitFor(() => expect((within(popup).getByTestId('settle-submit') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(popup).getByTestId('settle-submit'));
    // The item page reads its sales list again (the item's event) and has no auction to pass any more: the popup stays.
    await waitFor(() => expect(kit.calls).toHaveLength(1));
    rerender(<SettleAuction item={piece} auction={undefined} />);
    expect(screen.queryByTestId('settle-open')).toBeNull();
    expect((await within(popup).findByTestId('settle-done')).textContent).toContain('The auction is settled.');
    expect(kit.calls).toEqual([`endAuction ${CAROL} ${MARKET} 31`]);
    fireEvent.click(within(popup).getByTestId('trade-close'));
    await waitFor(() => expect(screen.queryByTestId('settle-popup')).toBeNull());
  });

  it('says so when the chain refuses the settlement, and the auction stays to settle', async () => {
    kit.failing = true;
    render(<SettleAuction item={piece} auction={auction} />, { wrapper });
    fireEvent.click(await screen.findByTestId('settle-open'));
    const popup = await screen.findByTestId('settle-popup');
    await waitFor(() => expect((within(popup).getByTestId('settle-submit') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(popup).getByTestId('settle-submit'));
    expect((await within(popup).findByRole('alert')).textContent).toContain(i18n.t('trade:errors.failed'));
    expect(within(popup).queryByTestId('settle-done')).toBeNull();
    expect(kit.calls).toEqual([`endAuction ${CAROL} ${MARKET} 31`]);
    expect(rows).toEqual([auction]);
  });
});
