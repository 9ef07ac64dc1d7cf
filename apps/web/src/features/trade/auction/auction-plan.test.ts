import { describe, expect, it } from 'vitest';
import { initialTradeState, tradeReducer, validPlan } from '../core/trade-machine';
import { auctionPlan, auctionRequestBody } from './auction-plan';

describe('auction plan', () => {
  it('asks the server, approves the item contract when needed, sends registerAuction and waits for the marketplace', () => {
    expect(auctionPlan(true)).toEqual(['reserve', 'approve', 'send', 'index']);
    expect(auctionPlan(false)).toEqual(['reserve', 'send', 'index']);
    expect(validPlan(auctionPlan(true)) && validPlan(auctionPlan(false))).toBe(true);
    expect(tradeReducer(initialTradeState, { type: 'START', plan: auctionPlan(false) }).name).toBe('reserving');
  });

  it('asks for one piece at the start price, in wei, for the minutes to the end', () => {
    const body = auctionRequestBody({
      auth: { id: 'a', ticket: 't' },
      productId: 9,
      symbol: 'KLAY',
      terms: { startPriceWei: 10n ** 17n, expireMinute: 60 },
    });
    expect(body).toEqual({
      id: 'a',
      ticketId: 't',
      productId: 9,
      saleQuantity: 1,
      saleType: 2,
      saleSymbol: 'KLAY',
      salePrice: '100000000000000000',
      expireMinute: 60,
    });
  });
});
