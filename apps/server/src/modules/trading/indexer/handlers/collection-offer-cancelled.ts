/**
 * The Market's `CollectionOfferCancelled`: `amount` pieces' worth of a collection offer's escrow went back to its buyer
 * (their own cancel, or anyone's once it expired). A valid offer with nothing left is cancelled; an expired one stays
 * expired. Accepts in flight keep at most what is left. No history row: the offer names no item.
 */
import { OfferState } from '@att/shared';
import {
  restoreCollectionOffer,
  setCollectionOffer,
} from '../../order-book/collection-offers/collection-offers-repository';
import { type Handler } from '../handler';
import { collectionOfferUndoSchema, lockedCollectionOffer, type CollectionOfferUndo } from './collection-offer-event';

export const collectionOfferCancelled: Handler<CollectionOfferUndo> = {
  undoSchema: collectionOfferUndoSchema,
  async apply(ctx, a) {
    const o = await lockedCollectionOffer(ctx.trx, a.offerId!);
    if (!o) return undefined;
    const remaining = Math.max(o.remaining - Number(a.amount), 0);
    return setCollectionOffer(ctx.trx, o, {
      state: remaining === 0 && o.state === OfferState.Valid ? OfferState.Cancelled : o.state,
      remaining,
    });
  },
  async undo(ctx, _a, u) {
    if (u) await restoreCollectionOffer(ctx.trx, u);
  },
};
