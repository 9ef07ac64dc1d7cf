/**
 * The Market's `AuctionRegistered`: the seller's auction is live with the terms in force at registration (fee,
 * raise, extension). The signed row becomes live; an auction the chain registered without a row here (a rebuild
 * of a database that lost it) is recorded from the event. An `AuctionStart` history row at the start price.
 * The piece itself moves into escrow by the Items `TransferSingle` of the same transaction.
 */
import { AuctionState, HistoryEvent } from '@att/shared';
import {
  insertAuction,
  isOurAuctionId,
  lockAuction,
  snapshotOf,
  updateAuction,
} from '../../order-book/auctions/auctions-repository';
import { writeHistory } from '../../history-writer';
import { historyItem, itemByToken } from '../../order-book';
import { auctionHandler } from '../auction-change';

export const auctionRegistered = auctionHandler(async (ctx, a) => {
  const { trx } = ctx;
  if (ctx.itemsAddress && a.collection !== ctx.itemsAddress) return undefined;
  const symbol = ctx.symbolOf(a.token!);
  if (!symbol || !isOurAuctionId(a.auctionId!)) return undefined;
  const terms = {
    state: AuctionState.Active,
    ends_at: new Date(Number(a.endTime) * 1000).toISOString(),
    fee_bps: Number(a.feeBps),
    raise_bps: Number(a.raiseBps),
    extension_seconds: Number(a.extension),
  };
  const existing = await lockAuction(trx, a.auctionId!);
  let itemIdx: number;
  if (existing) {
    await updateAuction(trx, existing, terms);
    itemIdx = existing.item_idx;
  } else {
    const item = await itemByToken(trx, a.itemId!);
    if (!item) return undefined;
    const minting = a.isMinting === 'true';
    const row = await trx
      .selectFrom('items')
      .select(['total_supply', 'royalty_bps'])
      .where('item_idx', '=', item.item_idx)
      .executeTakeFirstOrThrow();
    await insertAuction(trx, {
      auction_id: a.auctionId!,
      item_idx: item.item_idx,
      seller_address: a.seller!,
      symbol,
      token_address: a.token!,
      start_price: a.startPrice!,
      ends_at: new Date(terms.ends_at),
      state: AuctionState.Signed,
      is_minting: minting,
      edition_size: minting ? row.total_supply : 0,
      royalty_bps: minting ? row.royalty_bps : 0,
      sign_expires_at: new Date(terms.ends_at),
    });
    await updateAuction(trx, { auction_id: a.auctionId!, item_idx: item.item_idx }, terms);
    itemIdx = item.item_idx;
  }
  await writeHistory(
    trx,
    {
      event: HistoryEvent.AuctionStart,
      item: await historyItem(trx, itemIdx),
      amount: 1,
      unitPrice: a.startPrice!,
      symbol,
      from: a.seller!,
    },
    ctx.log,
  );
  return { auctionId: a.auctionId!, before: existing ? snapshotOf(existing) : null, bids: [] };
});
