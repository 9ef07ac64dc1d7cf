import { describe, expect, it } from 'vitest';
import { type ListingParams, listingFor } from './sell-chain';

const creator = '0x1111111111111111111111111111111111111111';
const collector = '0x2222222222222222222222222222222222222222';
const base: ListingParams = {
  item: { tokenId: '77', creatorAddress: creator.toUpperCase().replace('0X', '0x'), totalItemCount: 10, royalty: 2.5 },
  seller: creator,
  items: '0x3333333333333333333333333333333333333333',
  att: '0x4444444444444444444444444444444444444444',
  symbol: 'ATT',
  terms: { quantity: 3, priceWei: 10n ** 18n, expireMinute: 60, expiry: 1_900_000_000n },
  state: { feeBps: 250, minted: 0 },
  counter: 2n,
  salt: 99n,
};

describe('listingFor', () => {
  it('lists a creator’s unminted pieces lazily with the edition size and royalty', () => {
    expect(listingFor(base)).toEqual({
      seller: creator,
      collection: base.items,
      itemId: 77n,
      token: base.att,
      pricePerOne: 10n ** 18n,
      amount: 3n,
      editionSize: 10n,
      royaltyBps: 250n,
      feeBps: 250n,
      expiry: 1_900_000_000n,
      salt: 99n,
      counter: 2n,
    });
  });
  it('lists minted pieces (a collector’s, or more than the creator has unminted) without lazy terms', () => {
    const collectorListing = listingFor({ ...base, seller: collector });
    expect([collectorListing.editionSize, collectorListing.royaltyBps]).toEqual([0n, 0n]);
    const mostlyMinted = listingFor({ ...base, state: { feeBps: 250, minted: 8 } });
    expect([mostlyMinted.editionSize, mostlyMinted.royaltyBps]).toEqual([0n, 0n]);
  });
  it('prices KLAY listings in the zero-address token', () => {
    expect(listingFor({ ...base, symbol: 'KLAY' }).token).toBe('0x0000000000000000000000000000000000000000');
  });
});
