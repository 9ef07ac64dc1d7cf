import { CART_MAX_LISTINGS } from '@att/shared';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addLine, cartByCoin, cartKey, type CartLine, readCart, removeLines, useCart } from './cart-store';

const WEI = 10n ** 18n;
const line = (instanceId: number, over: Partial<CartLine> = {}): CartLine => ({
  instanceId,
  productId: instanceId * 10,
  name: `Piece ${instanceId}`,
  priceAmount: String(2n * WEI),
  priceSymbol: 'ATT',
  quantity: 1,
  sellerAddress: '0xaaaa',
  ...over,
});
const A = '0xAbC0000000000000000000000000000000000001';
const B = '0xbbb0000000000000000000000000000000000002';

describe('the cart store', () => {
  afterEach(() => localStorage.clear());

  it('adds a listing once, at most CART_MAX_LISTINGS per coin, and removes', () => {
    let lines: CartLine[] = [];
    expect(addLine(lines, line(1)).result).toBe('added');
    lines = addLine(lines, line(1)).lines;
    expect(addLine(lines, line(1)).result).toBe('already');
    for (let i = 2; i <= CART_MAX_LISTINGS; i++) lines = addLine(lines, line(i)).lines;
    expect(addLine(lines, line(999)).result).toBe('full');
    expect(addLine(lines, line(999, { priceSymbol: 'KLAY' })).result).toBe('added');
    expect(removeLines(lines, [1, 2])).toHaveLength(CART_MAX_LISTINGS - 2);
  });

  it('totals each coin apart in integer wei', () => {
    const lines = [
      line(1),
      line(2, { priceSymbol: 'KLAY', priceAmount: '1500000000000000000' }),
      line(3, { quantity: 2 }),
    ];
    expect(cartByCoin(lines).map((g) => [g.symbol, g.lines.length, g.total])).toEqual([
      ['ATT', 2, String(6n * WEI)],
      ['KLAY', 1, '1500000000000000000'],
    ]);
  });

  it('keeps one cart per wallet: switching wallets switches carts', () => {
    const { result, rerender } = renderHook(({ address }) => useCart(address), {
      initialProps: { address: A as string | null },
    });
    act(() => void result.current.add(line(1)));
    act(() => void result.current.add(line(2)));
    expect(result.current.lines.map((l) => l.instanceId)).toEqual([1, 2]);
    expect(readCart(localStorage, A.toLowerCase())).toHaveLength(2);

    rerender({ address: B });
    expect(result.current.lines).toEqual([]);
    act(() => void result.current.add(line(3)));
    expect(result.current.lines.map((l) => l.instanceId)).toEqual([3]);

    rerender({ address: A });
    expect(result.current.lines.map((l) => l.instanceId)).toEqual([1, 2]);
    act(() => result.current.remove([1]));
    expect(result.current.lines.map((l) => l.instanceId)).toEqual([2]);

    rerender({ address: null });
    expect(result.current.lines).toEqual([]);
  });

  it('reads a damaged entry as an empty cart', () => {
    localStorage.setItem(cartKey(A), '{not json');
    expect(readCart(localStorage, A)).toEqual([]);
    localStorage.setItem(cartKey(A), JSON.stringify([{ instanceId: 'x' }, line(4)]));
    expect(readCart(localStorage, A).map((l) => l.instanceId)).toEqual([4]);
  });
});
