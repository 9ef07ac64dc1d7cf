/**
 * When a member is offered "경매 정산하기" (Settle auction) on the item page (pure): signed in, the item on
 * auction, and the chain's latest block time past the auction's end plus the keeper's grace
 * (AUCTION_SETTLE_GRACE_SECONDS). The settlement is `endAuction(auctionId)` from the member's wallet as a
 * `send -> index` plan, done once the item's sales list no longer shows the auction.
 */
import { AUCTION_SETTLE_GRACE_SECONDS, type ItemListingRow, SaleType } from '@att/shared';
import type { TradeStep } from '../core/trade-machine';

export const SETTLE_PLAN: readonly TradeStep[] = ['send', 'index'];

export function canSettle(o: {
  signedIn: boolean;
  auction: Pick<ItemListingRow, 'saleType' | 'expireDate' | 'auctionId'> | undefined;
  chainTimeS: number | undefined;
}): boolean {
  const a = o.auction;
  if (!o.signedIn || !a || a.saleType !== SaleType.Auction || !a.auctionId || o.chainTimeS === undefined) return false;
  const endS = Date.parse(a.expireDate) / 1000;
  return Number.isFinite(endS) && o.chainTimeS >= endS + AUCTION_SETTLE_GRACE_SECONDS;
}

/** Whether the sales list shows the settled auction no more (the indexer applied its `AuctionEnded`). */
export function settledIn(rows: readonly Pick<ItemListingRow, 'auctionId'>[] | undefined, auctionId: string): boolean {
  return !(rows ?? []).some((r) => r.auctionId === auctionId);
}
