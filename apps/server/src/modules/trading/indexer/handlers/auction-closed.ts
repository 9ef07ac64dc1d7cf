/**
 * How a live auction closes on chain: `AuctionCancelled` by its seller (its live bids follow as `BidRefunded`),
 * `AuctionEnded` (settled to the winner at the top bid, or returned unsold when nobody bid), `AuctionVoided` (the
 * collection refused the winner the piece past the settlement grace; the winning bid follows as `BidRefunded`).
 * A settlement is the item's trade (`AuctionWin`, last price, trade count), the seller's ItemSold alert and the
 * winner's AuctionWon alert; an end with no bid is the seller's SaleExpired alert (the undo retracts each by its
 * log). The piece moves by the Items `TransferSingle` of the same transaction (or is owed: `AuctionItemUnclaimed`,
 * which the winner claims from the item page).
 */
import { AlertType, AuctionState, HistoryEvent, type HistoryEventValue } from '@att/shared';
import { enqueueAlert } from '../../../alerts';
import { recordTrade } from '../../../items';
import { lockAuction, snapshotOf, updateAuction } from '../../order-book/auctions/auctions-repository';
import { notifyItem, writeHistory, type HistoryRow } from '../../history-writer';
import { historyItem } from '../../order-book';
import { auctionHandler, type AuctionUndo } from '../auction-change';
import { ZERO, type Args, type Handler, type LogContext } from '../handler';

type Close = (
  ctx: LogContext,
  a: Args,
  auction: NonNullable<Awaited<ReturnType<typeof lockAuction>>>,
) => Promise<Partial<AuctionUndo>>;

function closing(close: Close): Handler<AuctionUndo> {
  return auctionHandler(async (ctx, a) => {
    const auction = await lockAuction(ctx.trx, a.auctionId!);
    if (!auction) return undefined;
    const extra = await close(ctx, a, auction);
    return { auctionId: auction.auction_id, before: snapshotOf(auction), bids: [], ...extra };
  });
}

type Closed = Parameters<Close>[2];

/** The seller's history row of an auction that closed without a sale (cancelled, no bids, voided). */
async function writeUnsold(
  ctx: LogContext,
  auction: Closed,
  item: HistoryRow['item'],
  event: HistoryEventValue,
  price: string,
) {
  await writeHistory(
    ctx.trx,
    { event, item, amount: 1, unitPrice: price, symbol: auction.symbol, from: auction.seller_address },
    ctx.log,
  );
}

export const auctionCancelled = closing(async (ctx, _a, auction) => {
  await updateAuction(ctx.trx, auction, { state: AuctionState.Cancelled });
  await writeUnsold(
    ctx,
    auction,
    await historyItem(ctx.trx, auction.item_idx),
    HistoryEvent.AuctionCancel,
    auction.start_price,
  );
  return {};
});

export const auctionEnded = closing(async (ctx, a, auction) => {
  const { trx } = ctx;
  const sold = a.winner !== ZERO;
  await updateAuction(trx, auction, {
    state: AuctionState.Ended,
    winner_address: sold ? a.winner! : null,
    price: sold ? a.price! : null,
  });
  const item = await historyItem(trx, auction.item_idx);
  if (!sold) {
    await writeUnsold(ctx, auction, item, HistoryEvent.AuctionNoBids, auction.start_price);
    await enqueueAlert(trx, {
      address: auction.seller_address,
      type: AlertType.SaleExpired,
      productIdx: item.item_idx,
      source: ctx.log,
    });
    return {};
  }
  const price = BigInt(a.price!);
  await writeHistory(
    trx,
    {
      event: HistoryEvent.AuctionWin,
      item,
      amount: 1,
      unitPrice: price,
      symbol: auction.symbol,
      from: auction.seller_address,
      to: a.winner!,
      royalty: BigInt(a.royalty ?? '0'),
      fee: BigInt(a.fee ?? '0'),
    },
    ctx.log,
  );
  const last = await recordTrade(trx, item.item_idx, price, auction.symbol);
  await enqueueAlert(trx, {
    address: auction.seller_address,
    type: AlertType.ItemSold,
    productIdx: item.item_idx,
    source: ctx.log,
  });
  await enqueueAlert(trx, {
    address: a.winner!,
    type: AlertType.AuctionWon,
    productIdx: item.item_idx,
    source: ctx.log,
  });
  return { last };
});

export const auctionVoided = closing(async (ctx, _a, auction) => {
  await updateAuction(ctx.trx, auction, { state: AuctionState.Voided });
  const item = await historyItem(ctx.trx, auction.item_idx);
  await writeUnsold(ctx, auction, item, HistoryEvent.AuctionExpire, auction.top_bid ?? auction.start_price);
  return {};
});

/**
 * `AuctionItemUnclaimed`: the piece is owed to `owner` (it could not be delivered); `AuctionItemClaimed`: taken, the
 * item's public event (the piece leaves the Market, so no history row tells the winner's page).
 */
export const auctionItemUnclaimed = closing(async (ctx, a, auction) => {
  await updateAuction(ctx.trx, auction, { unclaimed_owner: a.owner! });
  return {};
});
export const auctionItemClaimed = closing(async (ctx, _a, auction) => {
  await updateAuction(ctx.trx, auction, { unclaimed_owner: null });
  await notifyItem(ctx.trx, auction.item_idx);
  return {};
});
