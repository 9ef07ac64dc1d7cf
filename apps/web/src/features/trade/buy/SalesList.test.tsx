import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { queryClient } from '../../../lib/api';
import { clearSession, updateSession } from '../../../lib/session';
import { ALICE, BOB, CAROL, listingRow, MARKET, stubApi } from '../../../test/trade-fixtures';
import { connectDialogStore } from '../../auth/login-store';
import { PopupHost } from '../../popups';
import { SalesList } from './SalesList';

const HASH = `0x${'d'.repeat(64)}`;
const kit = { calls: [] as string[] };
vi.mock('../core/trade-kit', async () => {
  const errors = await import('../core/trade-errors');
  return {
    loadTradeKit: async () => ({
      ...errors,
      requireAccount: (a: string) => a,
      readTokenBalance: async () => 0n,
      sendCancelListing: async (_c: unknown, from: string, market: string, l: { salt: string }) => {
        kit.calls.push(`cancelListing ${from} ${market} salt ${l.salt}`);
        return HASH;
      },
      waitForTx: async () => ({ blockNumber: 1n }),
    }),
  };
});

const twoRows = () => [
  listingRow({ instanceId: 1, sellerAddress: ALICE, sellerName: 'alice' }),
  listingRow({
    instanceId: 2,
    sellerAddress: BOB,
    sellerName: 'bob',
    priceSymbol: 'KLAY',
    availableCount: 3,
    remainCount: 5,
  }),
];
let rows = twoRows();
let sent: ReturnType<typeof stubApi> = [];
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <MemoryRouter>
      {children}
      <PopupHost />
    </MemoryRouter>
  </QueryClientProvider>
);
const item = { productId: 3, name: 'Piece', itemType: 1, flagMint: 1 };

beforeEach(async () => {
  await i18n.changeLanguage('ko');
  kit.calls = [];
  queryClient.clear();
  rows = twoRows();
  sent = stubApi({
    '/nft/instance/list/item': () => ({ returnCode: 0, list: rows }),
    '/nft/cancel/sale': (body) => {
      rows = rows.filter((r) => r.instanceId !== body.instanceId);
      return {
        returnCode: 0,
        data: {
          market: MARKET,
          signature: '0x',
          listing: {
            seller: ALICE,
            collection: MARKET,
            itemId: '1',
            token: MARKET,
            pricePerOne: '1',
            amount: '5',
            editionSize: '0',
            royaltyBps: '0',
            feeBps: '250',
            expiry: '9',
            salt: '42',
            counter: '0',
          },
        },
      };
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('SalesList', () => {
  it('shows the empty state', async () => {
    rows = [];
    render(<SalesList item={item} />, { wrapper });
    expect((await screen.findByTestId('sales-empty')).textContent).toBe('판매 중인 아이템이 없습니다.');
  });

  it('a visitor sees buy on every fixed-price listing; buying asks to connect a wallet', async () => {
    render(<SalesList item={item} />, { wrapper });
    const row = await screen.findByTestId('sale-row-2');
    expect(within(row).getByText('5개')).toBeTruthy();
    expect(within(row).getByText('거래 대기 2개')).toBeTruthy();
    expect(screen.queryByTestId('sale-cancel-1')).toBeNull();
    fireEvent.click(screen.getByTestId('sale-buy-1'));
    expect(connectDialogStore.get()).toBe(true);
    connectDialogStore.set(false);
  });

  it('pieces held for a purchase under way say what they are and when they come back', async () => {
    const until = new Date(2026, 10, 29, 14, 5);
    rows = [
      listingRow({
        instanceId: 2,
        sellerAddress: BOB,
        sellerName: 'bob',
        availableCount: 3,
        remainCount: 5,
        reservedUntil: until.toISOString(),
      }),
    ];
    updateSession({ id: 'carol', ticket: 'tk', address: CAROL });
    render(<SalesList item={item} />, { wrapper });
    const row = await screen.findByTestId('sale-row-2');
    const time = new Intl.DateTimeFormat('ko', { timeStyle: 'short' }).format(until);
    expect(within(row).getByTestId('sale-reserved-note').textContent).toBe(
      `결제가 진행 중인 수량입니다. 결제가 끝나지 않으면 ${time} 이후 다시 구매할 수 있습니다.`,
    );
    expect(within(row).getByTestId('sale-reserved').textContent).toContain('거래 대기 2개 결제가');
    // Held for someone else's purchase: only its buyer can release it (SalesList.release.test.tsx).
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['구매', '장바구니에 담기']);
  });

  it('a member puts a fixed-price listing in the cart of their wallet', async () => {
    updateSession({ id: 'carol', ticket: 'tk', address: CAROL });
    render(<SalesList item={item} />, { wrapper });
    const add = await screen.findByTestId('cart-add-1');
    fireEvent.click(add);
    await waitFor(() => expect(screen.getByTestId('cart-add-1').textContent).toBe('장바구니에 있음'));
    const stored = JSON.parse(localStorage.getItem(`att.cart.${CAROL}`) ?? '[]') as { instanceId: number }[];
    expect(stored.map((l) => l.instanceId)).toEqual([1]);
    localStorage.removeItem(`att.cart.${CAROL}`);
  });

  it('the seller cancels their own listing, then may cancel the signed listing on chain', async () => {
    updateSession({ id: 'alice', ticket: 'tk', address: ALICE });
    render(<SalesList item={item} />, { wrapper });
    await screen.findByTestId('sale-cancel-1');
    expect(screen.queryByTestId('sale-buy-1')).toBeNull();
    expect(screen.getByTestId('sale-buy-2')).toBeTruthy();
    fireEvent.click(screen.getByTestId('sale-cancel-1'));
    fireEvent.click(await screen.findByTestId('confirm-popup-confirm'));
    await screen.findByTestId('chain-cancel-popup');
    expect(screen.getByTestId('sale-cancel-done').textContent).toBe('판매 취소가 완료되었습니다.');
    expect(sent.find((s) => s.path === '/nft/cancel/sale')?.body).toMatchObject({
      id: 'alice',
      ticketId: 'tk',
      instanceId: 1,
    });
    await waitFor(() => expect(screen.queryByTestId('sale-row-1')).toBeNull());
    fireEvent.click(screen.getByTestId('chain-cancel-submit'));
    await waitFor(() => expect(screen.getByTestId('trade-steps').getAttribute('data-trade-state')).toBe('indexed'));
    expect(kit.calls).toEqual([`cancelListing ${ALICE} ${MARKET} salt 42`]);
  });

  it('a buyer opens the buy popup of a listing', async () => {
    updateSession({ id: 'bob', ticket: 'tk', address: BOB });
    render(<SalesList item={item} />, { wrapper });
    fireEvent.click(await screen.findByTestId('sale-buy-1'));
    expect(await screen.findByTestId('buy-popup')).toBeTruthy();
  });
});
