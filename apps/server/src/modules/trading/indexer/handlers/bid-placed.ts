/**
 * The Market's `BidPlaced`: the bidder holds the top bid. Their earlier live bid (the one it replaces) is
 * canceled (state 1), the new bid is live, the auction's top, bid count and end (moved by a bid in the last
 * window) follow, a `Bid` history row is written, the seller is alerted (`Bid`) and so is the top bidder it outbid (`Outbid`).
 */
import { AlertType, BidState, HistoryEvent } from '@att/shared';
import { enqueueAlert } from '../../../alerts';
import {
  endLiveBids,
  insertBid,
  lockAuction,
  snapshotOf,
  updateAuction,
} from '../../order-book/auctions/auctions-repository';
import { writeHistory } from '../../history-writer';
import { historyItem } from '../../order-book';
import { auctionHandler } from '../auction-change';

export const bidPlaced = auctionHandler(async (ctx, a) => {
  const { trx, log } = ctx;
  const auction = await lockAuction(trx, a.auctionId!);
  if (!auction) return undefined;
  const replaced = await endLiveBids(trx, auction.auction_id, a.bidder!, BidState.Canceled);
  const insertedBid = await insertBid(trx, {
    auctionId: auction.auction_id,
    bidder: a.bidder!,
    amount: a.amount!,
    chainId: log.chainId,
    txHash: log.txHash,
    logIndex: log.logIndex,
    at: log.blockTime,
  });
  await updateAuction(trx, auction, {
    top_bid: a.amount!,
    top_bidder: a.bidder!,
    bid_count: auction.bid_count + 1,
    ends_at: new Date(Number(a.endTime) * 1000).toISOString(),
  });
  const item = await historyItem(trx, auction.item_idx);
  await writeHistory(
    trx,
    {
      event: HistoryEvent.Bid,
      item,
      amount: 1,
      unitPrice: a.amount!,
      symbol: auction.symbol,
      from: a.bidder!,
      to: auction.seller_address,
    },
    log,
  );
  await enqueueAlert(trx, {
    address: auction.seller_address,
    type: AlertType.Bid,
    productIdx: item.item_idx,
    source: log,
  });
  if (auction.top_bidder && auction.top_bidder !== a.bidder)
    await enqueueAlert(trx, {
      address: auction.top_bidder,
      type: AlertType.Outbid,
      productIdx: item.item_idx,
      source: log,
      topBid: { price: a.amount!, symbol: auction.symbol },
    });
  return {
    auctionId: auction.auction_id,
    before: snapshotOf(auction),
    bids: replaced.map((bidIdx) => ({ bidIdx, state: BidState.Active })),
    insertedBid,
  };
});
