import { type CartOrder, type CartPurchaseData, ReturnCode } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { cartOutcome } from './cart-result';

const WEI = 10n ** 18n;
const order = (instanceId: number, id: string, price: bigint): CartOrder =>
  ({ instanceId, psdId: id, reservation: { id }, totalPrice: String(price) }) as unknown as CartOrder;
const data = (symbol: 'ATT' | 'KLAY'): CartPurchaseData => ({
  market: '0xmarket',
  symbol,
  orders: [order(1, '11', 2n * WEI), order(2, '12', 3n * WEI), order(3, '13', 4n * WEI)],
  skipped: [{ instanceId: 4, returnCode: ReturnCode.SoldOut }],
  totalPrice: String(9n * WEI),
});

describe('a cart purchase against its receipt', () => {
  it('bought = the orders whose reservation an NftBought names; the rest skipped, their KLAY returned', () => {
    const o = cartOutcome(data('KLAY'), ['11', '13']);
    expect(o.bought).toEqual([
      { instanceId: 1, totalPrice: String(2n * WEI) },
      { instanceId: 3, totalPrice: String(4n * WEI) },
    ]);
    expect(o.skipped).toEqual([
      { instanceId: 4, reason: { kind: 'server', returnCode: ReturnCode.SoldOut } },
      { instanceId: 2, reason: { kind: 'chain' } },
    ]);
    expect(o.spent).toBe(String(6n * WEI));
    expect(o.refund).toBe(String(3n * WEI));
  });

  it('in ATT nothing is returned (only what was filled is drawn)', () => {
    const o = cartOutcome(data('ATT'), ['11', '12', '13']);
    expect(o.skipped).toHaveLength(1);
    expect(o.refund).toBe('0');
    expect(o.spent).toBe(String(9n * WEI));
  });

  it('nothing sent (every order refused by the server): nothing bought, nothing returned', () => {
    const o = cartOutcome({ ...data('KLAY'), orders: [] }, null);
    expect(o.bought).toEqual([]);
    expect(o.skipped.map((s) => s.instanceId)).toEqual([4]);
    expect(o.refund).toBe('0');
  });
});
