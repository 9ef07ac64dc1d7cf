/** `/nft/cancel/sale`: the seller withdraws a live listing (and its open reservations) at once; the reply is what `cancelListing` takes on chain. */
import { HistoryEvent, ListingState, ReturnCode } from '@att/shared';
import { AppError } from '../../platform/http/app-error';
import type { AuthedMember } from '../../platform/http/auth';
import { writeHistory } from './history-writer';
import { toMessage, listingOf } from './listing-terms';
import type { TradingChain } from './market-chain';
import { endListing, historyItem, lockInOrder } from './order-book';
import type { Uses } from '../../platform/deps';

export async function cancelSale(
  deps: Uses<'db' | 'now'>,
  chain: TradingChain,
  member: AuthedMember,
  instanceId: number,
) {
  const seller = member.address.toLowerCase();
  return deps.db.transaction().execute(async (trx) => {
    const [locked] = await lockInOrder(trx, { listings: [String(instanceId)] });
    const l = locked
      ? await trx.selectFrom('listings').selectAll().where('listing_idx', '=', locked).executeTakeFirst()
      : undefined;
    if (!l || l.state !== ListingState.Live) throw new AppError(ReturnCode.NoInstanceOnSale, 'no live listing');
    if (l.seller_address !== seller) throw new AppError(ReturnCode.NotProductOwner, 'not the seller');
    if (!l.signature) throw new AppError(ReturnCode.ServerError, 'listing without signature');
    const item = await trx
      .selectFrom('items')
      .select(['item_idx', 'collection_idx', 'token_id'])
      .where('item_idx', '=', l.item_idx)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!item) throw new AppError(ReturnCode.ProductNotFound, 'no such item');
    await endListing(trx, String(l.listing_idx), ListingState.Cancelled, deps.now());
    await writeHistory(trx, {
      event: HistoryEvent.ListCancel,
      item: await historyItem(trx, l.item_idx),
      amount: l.remaining,
      unitPrice: l.unit_price,
      symbol: l.symbol,
      from: seller,
    });
    return {
      listing: toMessage(listingOf(l, item.token_id)),
      signature: l.signature,
      market: chain.market.toLowerCase(),
    };
  });
}
