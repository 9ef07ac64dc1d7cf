import type { BidRow } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { listingRow } from '../../../test/trade-fixtures';
import { auctionOf, canWithdraw, noLiveBid, topLiveBid } from './auction-rows';

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
const bid = (bidIdx: number, memberAddress: string, price: string, state: number): BidRow => ({
  bidIdx,
  symbol: 'ATT',
  price,
  memberName: null,
  memberAddress,
  state,
  createDate: '',
});
// Highest first, as /nft/instance/bid/list answers: B's withdrawn 3, A's live 2 (top), B's live 1.5, A's replaced 1.
const bids = [bid(4, B, '3', 2), bid(3, A, '2', 0), bid(2, B, '1.5', 0), bid(1, A, '1', 1)];

describe('auction rows', () => {
  it('finds the auction among the item’s listings', () => {
    expect(auctionOf([listingRow({ instanceId: 1 }), listingRow({ instanceId: 2, saleType: 2 })])?.instanceId).toBe(2);
    expect(auctionOf([listingRow()])).toBeUndefined();
    expect(auctionOf(undefined)).toBeUndefined();
  });

  it('the top bid is the highest live one; only an outbid live bid of the member’s own may be withdrawn', () => {
    expect(topLiveBid(bids)?.bidIdx).toBe(3);
    expect(bids.filter((b) => canWithdraw(b, bids, B.toUpperCase().replace('0X', '0x'))).map((b) => b.bidIdx)).toEqual([
      2,
    ]);
    expect(bids.filter((b) => canWithdraw(b, bids, A)).map((b) => b.bidIdx)).toEqual([]);
    expect(bids.filter((b) => canWithdraw(b, bids, null))).toEqual([]);
  });

  it('tells when a bid withdrawn shows in the list', () => {
    expect(noLiveBid(bids, B)).toBe(false);
    expect(noLiveBid([bid(2, B, '1.5', 2), bid(3, A, '2', 0)], B)).toBe(true);
  });
});
