/**
 * A bid that left escrow: `BidRefunded` (pushed out of a full book, refunded by the seller's cancel, or the winning
 * bid of a voided auction: state 1) and `BidCancelled` (withdrawn by its bidder: state 2), each with its history
 * row. The top stays as it is: the Market never lets the top bid go while the auction runs.
 */
import { BidState, HistoryEvent, type BidStateValue, type HistoryEventValue } from '@att/shared';
import { endLiveBids, lockAuction, snapshotOf } from '../../order-book/auctions/auctions-repository';
import { writeHistory } from '../../history-writer';
import { historyItem } from '../../order-book';
import { auctionHandler, type AuctionUndo } from '../auction-change';
import type { Handler } from '../handler';

function bidLeft(state: BidStateValue, event: HistoryEventValue): Handler<AuctionUndo> {
  return auctionHandler(async (ctx, a) => {
    const { trx } = ctx;
    const auction = await lockAuction(trx, a.auctionId!);
    if (!auction) return undefined;
    const changed = await endLiveBids(trx, auction.auction_id, a.bidder!, state);
    const item = await historyItem(trx, auction.item_idx);
    await writeHistory(
      trx,
      { event, item, amount: 1, unitPrice: a.amount!, symbol: auction.symbol, from: a.bidder! },
      ctx.log,
    );
    return {
      auctionId: auction.auction_id,
      before: snapshotOf(auction),
      bids: changed.map((bidIdx) => ({ bidIdx, state: BidState.Active })),
    };
  });
}

export const bidRefunded = bidLeft(BidState.Canceled, HistoryEvent.BidRefund);
export const bidCancelled = bidLeft(BidState.DirectCancel, HistoryEvent.BidCancel);
