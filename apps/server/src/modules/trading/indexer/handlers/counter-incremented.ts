/**
 * The Market's `CounterIncremented`: the seller cancelled every listing signed under a lower counter; the live
 * ones end. (A counter of a seller without live listings only raises their row in `seller_counters`: sync.ts.)
 */
import { ListingState } from '@att/shared';
import { endListing, lockInOrder, type EndedListing } from '../../order-book';
import { nowOf, reopenEnded, reopenOf, reopenSchema, type Handler, type Reopen } from '../handler';

export const counterIncremented: Handler<Reopen> = {
  undoSchema: reopenSchema,
  async apply(ctx, a) {
    const { trx } = ctx;
    if (ctx.liveSellers && !ctx.liveSellers.has(a.seller!)) return undefined;
    const live = await trx
      .selectFrom('listings')
      .select('listing_idx')
      .where('seller_address', '=', a.seller!)
      .where('state', '=', ListingState.Live)
      .where('counter', '<', a.counter!)
      .execute();
    const locked = await lockInOrder(trx, { listings: live.map((l) => String(l.listing_idx)) });
    const ended: EndedListing[] = [];
    for (const id of locked) {
      const e = await endListing(trx, id, ListingState.Cancelled, nowOf(ctx));
      if (e) ended.push(e);
    }
    return reopenOf(ended);
  },
  async undo(ctx, _a, u) {
    await reopenEnded(ctx.trx, u);
  },
};
