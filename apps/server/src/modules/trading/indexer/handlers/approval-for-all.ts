/**
 * Items' `ApprovalForAll(market, false)`: the seller took the Market's right to move their pieces, so every buy of
 * their minted listings would revert (while its reservation held the pieces from other buyers): those listings end.
 * Lazy listings (unminted pieces, minted by the Market itself) need no approval and stay. Other approvals are not
 * claimed (events.ts).
 */
import { HistoryEvent, ListingState } from '@att/shared';
import { writeHistory } from '../../history-writer';
import { endListing, historyItem, lockInOrder, type EndedListing } from '../../order-book';
import { nowOf, reopenEnded, reopenOf, reopenSchema, type Handler, type Reopen } from '../handler';

export const approvalForAll: Handler<Reopen> = {
  undoSchema: reopenSchema,
  async apply(ctx, a) {
    const { trx } = ctx;
    if (a.approved !== 'false' || a.operator !== ctx.marketAddress) return undefined;
    const live = await trx
      .selectFrom('listings')
      .select('listing_idx')
      .where('seller_address', '=', a.account!)
      .where('state', '=', ListingState.Live)
      .where('edition_size', '=', 0)
      .execute();
    const locked = await lockInOrder(trx, { listings: live.map((l) => String(l.listing_idx)) });
    const ended: EndedListing[] = [];
    for (const id of locked) {
      const e = await endListing(trx, id, ListingState.Cancelled, nowOf(ctx));
      if (!e) continue;
      ended.push(e);
      await writeHistory(
        trx,
        {
          event: HistoryEvent.ListCancel,
          item: await historyItem(trx, e.itemIdx),
          amount: e.remaining,
          unitPrice: e.price,
          symbol: e.symbol,
          from: e.seller,
        },
        ctx.log,
      );
    }
    return reopenOf(ended);
  },
  async undo(ctx, _a, u) {
    await reopenEnded(ctx.trx, u);
  },
};
