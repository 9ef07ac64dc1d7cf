/** The Market's `ListingCancelled`: the seller cancelled one signed listing on chain; a live one ends. */
import { HistoryEvent, ListingState } from '@att/shared';
import { writeHistory } from '../../history-writer';
import { endListing, historyItem, lockInOrder } from '../../order-book';
import { nowOf, reopenEnded, reopenOf, reopenSchema, type Handler, type Reopen } from '../handler';

export const listingCancelled: Handler<Reopen> = {
  undoSchema: reopenSchema,
  async apply(ctx, a) {
    const { trx } = ctx;
    const l = await trx
      .selectFrom('listings')
      .select('listing_idx')
      .where('listing_hash', '=', a.listingHash!)
      .executeTakeFirst();
    if (!l) return undefined;
    await lockInOrder(trx, { listings: [String(l.listing_idx)] });
    const ended = await endListing(trx, String(l.listing_idx), ListingState.Cancelled, nowOf(ctx));
    if (!ended) return undefined;
    await writeHistory(
      trx,
      {
        event: HistoryEvent.ListCancel,
        item: await historyItem(trx, ended.itemIdx),
        amount: ended.remaining,
        unitPrice: ended.price,
        symbol: ended.symbol,
        from: ended.seller,
      },
      ctx.log,
    );
    return reopenOf([ended]);
  },
  async undo(ctx, _a, u) {
    await reopenEnded(ctx.trx, u);
  },
};
