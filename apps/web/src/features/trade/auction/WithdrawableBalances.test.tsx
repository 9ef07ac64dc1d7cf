import type { WithdrawableRow } from '@att/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { queryClient } from '../../../lib/api';
import { clearSession, updateSession } from '../../../lib/session';
import { itemEvent, quietItemSocket } from '../../../test/item-socket';
import { ATT, BOB, MARKET, stubApi } from '../../../test/trade-fixtures';
import { WithdrawableBalances } from './WithdrawableBalances';

const HASH = `0x${'d'.repeat(64)}`;
const NATIVE = '0x0000000000000000000000000000000000000000';
const kit = { calls: [] as string[] };
vi.mock('../core/trade-kit', async () => {
  const errors = await import('../core/trade-errors');
  return {
    loadTradeKit: async () => ({
      ...errors,
      requireAccount: (a: string) => a,
      sendCancelBid: async (_c: unknown, from: string, market: string, auctionId: bigint) => {
        kit.calls.push(`cancelBid ${from} ${market} ${auctionId}`);
        // The indexer sees the withdrawal a moment later, and the server tells the item's watchers.
        setTimeout(() => {
          rows = rows.filter((r) => r.auctionId !== String(auctionId));
          itemEvent(9);
        }, 50);
        return HASH;
      },
      sendWithdraw: async (_c: unknown, from: string, market: string, token: string) => {
        kit.calls.push(`withdraw ${from} ${market} ${token}`);
        // The indexer sees the withdrawal later (the test says when): the receipt is the fact of a balance.
        withdrawn.push(token);
        return HASH;
      },
      waitForTx: async () => ({ blockNumber: 1n }),
    }),
  };
});

let rows: WithdrawableRow[] = [];
const withdrawn: string[] = [];
/** The indexer applies the token withdrawals sent so far. */
const indexWithdrawals = () => (rows = rows.filter((r) => r.auctionId !== null || !withdrawn.includes(r.token)));
let failing = false;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <MemoryRouter>{children}</MemoryRouter>
  </QueryClientProvider>
);

beforeEach(async () => {
  await i18n.changeLanguage('ko');
  kit.calls = [];
  withdrawn.length = 0;
  quietItemSocket();
  failing = false;
  queryClient.clear();
  rows = [
    { symbol: 'KLAY', token: NATIVE, amount: '1500000000000000000', auctionId: null, productIdx: null, pdName: null },
    { symbol: 'ATT', token: ATT, amount: '2000000000000000000000', auctionId: null, productIdx: null, pdName: null },
    { symbol: 'KLAY', token: NATIVE, amount: '3000000000000000000', auctionId: '41', productIdx: 9, pdName: 'Sunset' },
  ];
  stubApi({ '/nft/withdrawable/list': () => (failing ? { returnCode: 1 } : { returnCode: 0, list: rows }) });
  updateSession({ id: 'bob', ticket: 'tk', address: BOB });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('WithdrawableBalances', () => {
  it('lists each token the Market holds for the member, with its amount', async () => {
    render(<WithdrawableBalances />, { wrapper });
    expect((await screen.findByTestId('withdrawable-row-KLAY')).textContent).toContain('1.5 KLAY');
    expect(screen.getByTestId('withdrawable-row-ATT').textContent).toContain('2,000 ATT');
    expect(screen.getByRole('heading').textContent).toBe('출금 가능 금액');
    const bid = screen.getByTestId('withdrawable-row-bid-41');
    expect(bid.textContent).toContain('3 KLAY');
    expect(within(bid).getByRole('link', { name: 'Sunset' }).getAttribute('href')).toBe('/NftInfo/9');
  });

  it('takes back a bid left in an ended auction with cancelBid; the balances stay', async () => {
    render(<WithdrawableBalances />, { wrapper });
    fireEvent.click(await screen.findByTestId('withdrawable-withdraw-bid-41'));
    const popup = await screen.findByTestId('withdraw-popup');
    await waitFor(() =>
      expect((within(popup).getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(within(popup).getByTestId('withdraw-submit'));
    await within(popup).findByTestId('withdraw-done');
    expect(kit.calls).toEqual([`cancelBid ${BOB} ${MARKET} 41`]);
    fireEvent.click(within(popup).getByTestId('trade-close'));
    await waitFor(() => expect(screen.queryByTestId('withdrawable-row-bid-41')).toBeNull());
    expect(screen.getByTestId('withdrawable-row-KLAY')).toBeTruthy();
  });

  it('withdraws a token on chain; done at the receipt, after one read of the list', async () => {
    render(<WithdrawableBalances />, { wrapper });
    fireEvent.click(await screen.findByTestId('withdrawable-withdraw-KLAY'));
    const popup = await screen.findByTestId('withdraw-popup');
    expect(within(popup).getByText('1.5 KLAY을(를) 지갑으로 출금하시겠습니까?')).toBeTruthy();
    await waitFor(() =>
      expect((within(popup).getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(within(popup).getByTestId('withdraw-submit'));
    await within(popup).findByTestId('withdraw-done');
    expect(kit.calls).toEqual([`withdraw ${BOB} ${MARKET} ${NATIVE}`]);
    indexWithdrawals();
    fireEvent.click(within(popup).getByTestId('trade-close'));
    await waitFor(() => expect(screen.queryByTestId('withdrawable-row-KLAY')).toBeNull());
    expect(screen.getByTestId('withdrawable-row-ATT')).toBeTruthy();
    expect(screen.getByTestId('withdrawable-row-bid-41')).toBeTruthy();
  });

  it('shows nothing when there is nothing to withdraw, or to a visitor (English)', async () => {
    await i18n.changeLanguage('en');
    rows = [];
    const { unmount } = render(<WithdrawableBalances />, { wrapper });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByTestId('withdrawable')).toBeNull();
    unmount();
    clearSession();
    render(<WithdrawableBalances />, { wrapper });
    expect(screen.queryByTestId('withdrawable')).toBeNull();
  });

  it('says so when the list cannot be read', async () => {
    await i18n.changeLanguage('en');
    failing = true;
    render(<WithdrawableBalances />, { wrapper });
    // The query client tries once more (retry: 1, about a second later) before it gives up.
    expect((await screen.findByTestId('withdrawable-error')).textContent).toBe(
      'Could not load your withdrawable balances.',
    );
  });

  it('the popup stays to say done when the last row is withdrawn, then nothing is left', async () => {
    rows = [rows[0]!];
    render(<WithdrawableBalances />, { wrapper });
    fireEvent.click(await screen.findByTestId('withdrawable-withdraw-KLAY'));
    const popup = await screen.findByTestId('withdraw-popup');
    await waitFor(() =>
      expect((within(popup).getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(within(popup).getByTestId('withdraw-submit'));
    await within(popup).findByTestId('withdraw-done');
    indexWithdrawals();
    await queryClient.invalidateQueries();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByTestId('withdrawable')).toBeNull();
    expect(screen.getByTestId('withdraw-done')).toBeTruthy();
    fireEvent.click(within(popup).getByTestId('trade-close'));
    await waitFor(() => expect(screen.queryByTestId('withdraw-popup')).toBeNull());
    expect(screen.queryByTestId('withdrawable')).toBeNull();
  });
});
