import { type CartFloorRow, ReturnCode } from '@att/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { queryClient } from '../../../lib/api';
import { updateSession } from '../../../lib/session';
import { ALICE, ATT, BOB, listingMessage, MARKET, stubApi } from '../../../test/trade-fixtures';
import { sweepProblem, sweepRequest } from './sweep-form';
import { SweepPanel } from './SweepPanel';

const WEI = 10n ** 18n;
const calls: string[] = [];
/** The wallet side, faked: its real counterpart runs in the E2E against anvil. */
vi.mock('../core/trade-kit', async () => {
  const errors = await import('../core/trade-errors');
  return {
    loadTradeKit: async () => ({
      ...errors,
      requireAccount: (a: string) => a,
      cartToken: () => ATT,
      ensureAllowance: async (_c: unknown, _o: unknown, token: string, _s: string, amount: bigint) => {
        calls.push(`allowance ${token} ${amount}`);
        return false;
      },
      sendCart: async (_c: unknown, _a: unknown, data: { orders: unknown[] }) => {
        calls.push(`buyNfts ${data.orders.length}`);
        return `0x${'c'.repeat(64)}`;
      },
      // The receipt filled the first and third orders (the second was sold meanwhile).
      cartFilled: async () => ['101', '103'],
    }),
  };
});

const row = (instanceId: number, price: bigint): CartFloorRow => ({
  instanceId,
  productId: instanceId * 10,
  productName: `Floor ${instanceId}`,
  sellerAddress: ALICE,
  priceAmount: String(price * WEI),
  priceSymbol: 'ATT',
  availableCount: 1,
});
const order = (r: CartFloorRow, id: string) => ({
  instanceId: r.instanceId,
  psdId: id,
  psdExpired: new Date().toISOString(),
  listing: listingMessage({ itemId: String(r.productId), pricePerOne: r.priceAmount }),

  sellerSignature: '0x',
  reservation: { buyer: BOB, amount: '1', id, expiry: '9999999999' },
  signResult: '0x',
  totalPrice: r.priceAmount,
});
const rows = [row(1, 2n), row(2, 3n), row(3, 4n), row(4, 5n)];
let sent: ReturnType<typeof stubApi> = [];

beforeEach(async () => {
  await i18n.changeLanguage('ko');
  calls.length = 0;
  queryClient.clear();
  updateSession({ id: 'bob', ticket: 'tk', address: BOB });
  sent = stubApi({
    '/nft/cart/floor': (b) => ({ returnCode: 0, list: rows.slice(0, Number(b.count)) }),
    '/nft/cart/purchase': () => ({
      returnCode: 0,
      data: {
        market: MARKET,
        symbol: 'ATT',
        orders: [order(rows[0]!, '101'), order(rows[1]!, '102'), order(rows[3]!, '103')],
        skipped: [{ instanceId: 3, returnCode: ReturnCode.SoldOut }],
        totalPrice: String(10n * WEI),
      },
    }),
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderPanel = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <SweepPanel collectionIdx={7} />
    </QueryClientProvider>,
  );

describe('the floor sweep form', () => {
  it('takes a count of 1..50 and a positive decimal price', () => {
    expect(sweepProblem({ count: '0', maxPrice: '1', symbol: 'ATT' })).toBe('sweep.countProblem');
    expect(sweepProblem({ count: '51', maxPrice: '1', symbol: 'ATT' })).toBe('sweep.countProblem');
    expect(sweepProblem({ count: '2.5', maxPrice: '1', symbol: 'ATT' })).toBe('sweep.countProblem');
    expect(sweepProblem({ count: '3', maxPrice: '', symbol: 'ATT' })).toBe('sweep.priceProblem');
    expect(sweepProblem({ count: '3', maxPrice: '0', symbol: 'ATT' })).toBe('sweep.priceProblem');
    expect(sweepProblem({ count: '50', maxPrice: '0.5', symbol: 'KLAY' })).toBeNull();
    expect(sweepRequest({ count: '3', maxPrice: '1.25', symbol: 'KLAY' }, 7)).toEqual({
      collectionIdx: 7,
      symbol: 'KLAY',
      maxPrice: '1250000000000000000',
      count: 3,
    });
  });

  it('refuses a bad count without asking the server', async () => {
    renderPanel();
    fireEvent.change(screen.getByTestId('sweep-count'), { target: { value: '99' } });
    fireEvent.change(screen.getByTestId('sweep-price'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('sweep-find'));
    expect((await screen.findByTestId('sweep-problem')).textContent).toBe('수량은 1에서 50 사이로 입력해 주세요.');
    expect(sent.filter((s) => s.path === '/nft/cart/floor')).toEqual([]);
  });

  it('shows the cheapest that fit, buys them as one cart and says what was bought and what was not', async () => {
    renderPanel();
    fireEvent.change(screen.getByTestId('sweep-count'), { target: { value: '4' } });
    fireEvent.change(screen.getByTestId('sweep-price'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('sweep-find'));
    await screen.findByTestId('sweep-list');
    expect(sent.find((s) => s.path === '/nft/cart/floor')!.body).toEqual({
      id: 'bob',
      ticketId: 'tk',
      collectionIdx: 7,
      symbol: 'ATT',
      maxPrice: String(5n * WEI),
      count: 4,
    });
    expect(screen.getByTestId('sweep-total').textContent).toContain('14 ATT');
    fireEvent.click(screen.getByTestId('sweep-buy'));
    const result = await screen.findByTestId('cart-result-ATT');
    expect(sent.find((s) => s.path === '/nft/cart/purchase')!.body.orders).toEqual(
      rows.map((r) => ({ instanceId: r.instanceId, quantity: 1 })),
    );
    await waitFor(() => expect(calls).toEqual([`allowance ${ATT} ${10n * WEI}`, 'buyNfts 3']));
    expect(within(result).getByTestId('cart-bought').textContent).toBe('Floor 1Floor 4');
    const skipped = within(result).getByTestId('cart-skipped').textContent;
    expect(skipped).toContain('Floor 3: 이미 판매되었습니다.');
    expect(skipped).toContain('Floor 2: 예약 후 다른 곳에서 판매되었거나 취소되었습니다.');
    expect(within(result).getByTestId('cart-spent').textContent).toContain('7 ATT');
  });
});
