import type { ItemListingRow } from '@att/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { queryClient } from '../../../lib/api';
import { updateSession } from '../../../lib/session';
import { itemEvent, quietItemSocket } from '../../../test/item-socket';
import { ALICE, ATT, BOB, listingRow, MARKET, stubApi } from '../../../test/trade-fixtures';
import { BidPopup } from './BidPopup';

const E = 10n ** 18n;
const HASH_BID = `0x${'b'.repeat(64)}`;
/** The wallet side, faked: its real counterpart runs in the E2E against anvil. */
const kit = { balance: 10n * E, liveBid: 0n, calls: [] as string[] };
vi.mock('../core/trade-kit', async () => {
  const errors = await import('../core/trade-errors');
  return {
    loadTradeKit: async () => ({
      ...errors,
      requireAccount: (a: string) => a,
      readTokenBalance: async () => kit.balance,
      readBidOf: async () => kit.liveBid,
      ensureAllowance: async (_c: unknown, _o: unknown, token: string, spender: string, amount: bigint) => {
        kit.calls.push(`allowance ${token} ${spender} ${amount}`);
        return false;
      },
      sendPlaceBid: async (
        _c: unknown,
        from: string,
        o: { market: string; auctionId: bigint; amount: bigint; token: string; currentBid: bigint },
      ) => {
        kit.calls.push(`placeBid ${from} ${o.market} ${o.auctionId} ${o.amount} current ${o.currentBid}`);
        return HASH_BID;
      },
      waitForTx: async () => ({ blockNumber: 1n }),
    }),
  };
});

let bidCode = 0;
/** The server's minimum bid (the order book's, on the auction's listing row): the one the popup checks. */
let minimum = E;
/** The bid's state on the server (`/nft/order/state`): pending until the test says the indexer applied it. */
let orderState = 'pending';
let sent: ReturnType<typeof stubApi> = [];
const auction: ItemListingRow = listingRow({
  instanceId: 31,
  saleType: 2,
  sellerAddress: ALICE,
  sellerName: 'alice',
  remainCount: 1,
  availableCount: 0,
  priceAmount: String(E),
  priceSymbol: 'ATT',
  auctionId: '31',
  bidMaxPrice: String(E),
  bidCount: 1,
});

beforeEach(async () => {
  await i18n.changeLanguage('ko');
  Object.assign(kit, { balance: 10n * E, liveBid: 0n, calls: [] });
  minimum = (105n * E) / 100n + 1n;
  bidCode = 0;
  orderState = 'pending';
  quietItemSocket();
  queryClient.clear();
  updateSession({ id: 'bob', ticket: 'tk', address: BOB });
  sent = stubApi({
    '/config/token/info': () => ({
      returnCode: 0,
      list: [
        { symbol: 'ATT', address: ATT, price: '0.5' },
        { symbol: 'KLAY', address: '0x0', price: '0.2' },
      ],
    }),
    '/nft/instance/list/item': () => ({ returnCode: 0, list: [{ ...auction, bidMinimum: String(minimum) }] }),
    '/nft/instance/bid': () => {
      if (bidCode) return { returnCode: bidCode };
      return {
        returnCode: 0,
        data: {
          market: MARKET,
          auctionId: '31',
          token: ATT,
          symbol: 'ATT',
          minimumBid: String(minimum),
          currentBid: '0',
          endDate: new Date(Date.now() + 3_600_000).toISOString(),
        },
      };
    },
    '/nft/order/state': () => ({ returnCode: 0, data: { state: orderState } }),
  });
});
afterEach(() => vi.unstubAllGlobals());

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);
const renderBid = (a: ItemListingRow = auction) =>
  render(<BidPopup item={{ productId: 3, name: 'Piece' }} auction={a} onClose={vi.fn()} />, { wrapper });
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const value = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;

describe('BidPopup', () => {
  it('shows the server’s minimum rounded up to 4 decimals and warns below it (no chain read)', async () => {
    renderBid();
    await waitFor(() => expect(screen.getByTestId('bid-minimum').textContent).toBe('1.0501 ATT'));
    expect(screen.getByTestId('bid-current-price').textContent).toBe('1 ATT');
    type('bid-amount', '1.05');
    expect(screen.getByTestId('bid-below-minimum').textContent).toBe('최소 1.0501 ATT 이상 입찰해 주세요.');
    expect(screen.getByTestId('bid-amount').getAttribute('aria-invalid')).toBe('true');
    type('bid-amount', '1.0501');
    expect(screen.queryByTestId('bid-below-minimum')).toBeNull();
    fireEvent.click(screen.getByTestId('bid-submit'));
    expect(screen.getByTestId('bid-problem').textContent).toBe('동의 항목에 체크해 주세요.');
    expect(sent.some((s) => s.path === '/nft/instance/bid')).toBe(false);
  });

  it('converts tokens and dollars both ways, and caps the bid at the balance plus the live bid', async () => {
    kit.liveBid = 2n * E;
    renderBid();
    await screen.findByText('보유 ATT: 10');
    await screen.findByTestId('bid-live');
    await waitFor(() => {
      type('bid-amount', '3');
      expect(value('bid-usd')).toBe('1.5');
    });
    type('bid-usd', '2');
    expect(value('bid-amount')).toBe('4');
    type('bid-amount', '50');
    expect(value('bid-amount')).toBe('12');
    expect(value('bid-usd')).toBe('6');
    expect(screen.getByTestId('bid-capped').textContent).toBe('보유 잔액까지만 입찰할 수 있습니다.');
  });

  it('checks the bid with the server, approves ATT for the increase, places it, and is done when its bid is in the book', async () => {
    kit.liveBid = E / 2n;
    renderBid();
    await screen.findByText('보유 ATT: 10');
    await waitFor(() => expect(screen.getByTestId('bid-minimum').textContent).toBe('1.0501 ATT'));
    await screen.findByTestId('bid-live');
    type('bid-amount', '2');
    fireEvent.click(screen.getByTestId('bid-agree'));
    fireEvent.click(screen.getByTestId('bid-submit'));
    // Mined: the bid (by its transaction) is read once, then again only on the item's socket event.
    await waitFor(() => expect(sent.filter((s) => s.path === '/nft/order/state')).toHaveLength(1));
    expect(screen.getByTestId('trade-steps').getAttribute('data-trade-state')).toBe('confirming');
    orderState = 'settled';
    itemEvent(3);
    await screen.findByTestId('bid-done');
    expect(sent.filter((s) => s.path === '/nft/order/state').map((s) => s.body)).toEqual([
      { id: 'bob', ticketId: 'tk', kind: 'bid', orderId: HASH_BID },
      { id: 'bob', ticketId: 'tk', kind: 'bid', orderId: HASH_BID },
    ]);
    expect(sent.filter((s) => s.path === '/nft/instance/bid/list')).toEqual([]);
    expect(sent.find((s) => s.path === '/nft/instance/bid')?.body).toMatchObject({
      id: 'bob',
      ticketId: 'tk',
      instanceIdx: 31,
      price: String(2n * E),
    });
    expect(kit.calls).toEqual([
      `allowance ${ATT} ${MARKET} ${2n * E - E / 2n}`,
      `placeBid ${BOB} ${MARKET} 31 ${2n * E} current ${E / 2n}`,
    ]);
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('data-step'))).toEqual([
      'approve',
      'wallet',
      'chain',
      'done',
    ]);
  });

  it('a KLAY bid has no approval step; a bid already in the book when mined is done on the one read', async () => {
    orderState = 'settled';
    renderBid({ ...auction, priceSymbol: 'KLAY' });
    await screen.findByText('보유 KLAY: 10');
    await waitFor(() => expect(screen.getByTestId('bid-minimum').textContent).toBe('1.0501 KLAY'));
    type('bid-amount', '1.1');
    fireEvent.click(screen.getByTestId('bid-agree'));
    fireEvent.click(screen.getByTestId('bid-submit'));
    await screen.findByTestId('bid-done');
    expect(kit.calls).toEqual([`placeBid ${BOB} ${MARKET} 31 ${(11n * E) / 10n} current 0`]);
    expect(sent.filter((s) => s.path === '/nft/order/state')).toHaveLength(1);
  });

  it('shows the server’s 276 with the spec’s text, in Korean and in English', async () => {
    bidCode = 276;
    renderBid();
    await waitFor(() => expect(screen.getByTestId('bid-minimum').textContent).toBe('1.0501 ATT'));
    type('bid-amount', '1.1');
    fireEvent.click(screen.getByTestId('bid-agree'));
    fireEvent.click(screen.getByTestId('bid-submit'));
    expect((await screen.findByTestId('trade-error')).textContent).toBe(
      '입찰가는 현재 최고가보다 5% 이상 높아야 합니다.',
    );
    await i18n.changeLanguage('en');
    await waitFor(() =>
      expect(screen.getByTestId('trade-error').textContent).toBe(
        'A bid must be at least 5% higher than the current top bid.',
      ),
    );
    expect(kit.calls).toEqual([]);
  });

  it('warns when the balance cannot cover the minimum (English)', async () => {
    await i18n.changeLanguage('en');
    kit.balance = E / 2n;
    minimum = E;
    renderBid();
    await screen.findByText('Your ATT: 0.5');
    type('bid-amount', '1');
    expect(value('bid-amount')).toBe('0.5');
    expect(screen.getByTestId('bid-below-minimum').textContent).toBe('Bid at least 1 ATT.');
  });
});
