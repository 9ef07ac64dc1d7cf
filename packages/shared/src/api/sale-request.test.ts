import { describe, expect, it } from 'vitest';
import { saleRequestBody } from './sale-request';
import { saleRegisterRequest } from './trading';

const listing = {
  pricePerOne: 12_500_000_000_000_000_000n,
  amount: 3n,
  editionSize: 10n,
  royaltyBps: 500n,
  feeBps: 250n,
  expiry: 1_800_000_000n,
  salt: 2n ** 200n + 7n,
  counter: 4n,
};

describe('saleRequestBody', () => {
  it('carries the signed terms as the contract takes them (uint256 as exact decimal strings)', () => {
    const body = saleRequestBody({
      auth: { id: 'seller_1', ticketId: 't-1' },
      productId: 42,
      symbol: 'ATT',
      expireMinute: 1440,
      listing,
      signature: `0x${'ab'.repeat(65)}`,
    });
    expect(body).toEqual({
      id: 'seller_1',
      ticketId: 't-1',
      productId: 42,
      saleQuantity: 3,
      saleType: 1,
      saleSymbol: 'ATT',
      salePrice: '12500000000000000000',
      expireMinute: 1440,
      listing: {
        expiry: '1800000000',
        salt: (2n ** 200n + 7n).toString(),
        counter: '4',
        feeBps: 250,
        editionSize: 10,
        royaltyBps: 500,
      },
      signature: `0x${'ab'.repeat(65)}`,
    });
    expect(saleRegisterRequest.safeParse(body).success).toBe(true);
  });

  it('lists minted pieces with edition size and royalty 0', () => {
    const body = saleRequestBody({
      auth: { id: 'a', ticketId: 'b' },
      productId: 1,
      symbol: 'KLAY',
      expireMinute: 60,
      listing: { ...listing, editionSize: 0n, royaltyBps: 0n, amount: 1n },
      signature: `0x${'cd'.repeat(65)}`,
    });
    expect(body.listing).toMatchObject({ editionSize: 0, royaltyBps: 0 });
    expect(body.saleSymbol).toBe('KLAY');
    expect(body.saleQuantity).toBe(1);
  });
});
