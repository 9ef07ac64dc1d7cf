/**
 * Reading an auction from the item's sales list and its bid list (pure): which row is the auction, which bid is
 * the top live one, whose live bids may be withdrawn (an outbid one: the Market keeps the top bid until outbid).
 */
import { type BidRow, BidState, type ItemListingRow, SaleType } from '@att/shared';

/** The item's live auction in its sales list, if any. */
export function auctionOf(rows: readonly ItemListingRow[] | undefined): ItemListingRow | undefined {
  return rows?.find((r) => r.saleType === SaleType.Auction);
}

/** The top live bid (the list comes highest first). */
export function topLiveBid(bids: readonly BidRow[]): BidRow | undefined {
  return bids.find((b) => b.state === BidState.Active);
}

/** Whether `bid` is the member's own live bid that is not the top one (it may be withdrawn with `cancelBid`). */
export function canWithdraw(bid: BidRow, bids: readonly BidRow[], member: string | null | undefined): boolean {
  if (!member || bid.state !== BidState.Active || bid.memberAddress.toLowerCase() !== member.toLowerCase())
    return false;
  return topLiveBid(bids)?.bidIdx !== bid.bidIdx;
}

/** Whether the bid list shows no live bid of `bidder` (a withdrawal, now indexed). */
export function noLiveBid(bids: readonly BidRow[], bidder: string): boolean {
  return !bids.some((b) => b.state === BidState.Active && b.memberAddress.toLowerCase() === bidder.toLowerCase());
}
