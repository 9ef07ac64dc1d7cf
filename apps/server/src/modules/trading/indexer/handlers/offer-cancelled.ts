/**
 * The Market's `OfferCancelled`: `amount` pieces' worth of an offer's escrow went back to its offerer (their own
 * cancel, or anyone's once it expired). A live offer with nothing left is cancelled; an expired one stays expired.
 * Accepts in flight keep at most what is left. An `OfferCancel` history row.
 */
import { HistoryEvent, LIVE_OFFER_STATES, OfferState } from '@att/shared';
import { restoreOffer, setOffer } from '../../order-book/offers/offers-repository';
import { type Handler } from '../handler';
import { lockedOffer, offerUndoSchema, writeOfferHistory, type OfferUndo } from './offer-event';

export const offerCancelled: Handler<OfferUndo> = {
  undoSchema: offerUndoSchema,
  async apply(ctx, a) {
    const o = await lockedOffer(ctx.trx, a.offerId!);
    if (!o) return undefined;
    const amount = Number(a.amount);
    const remaining = Math.max(o.remaining - amount, 0);
    const live = (LIVE_OFFER_STATES as number[]).includes(o.state);
    const before = await setOffer(ctx.trx, o, {
      state: remaining === 0 && live ? OfferState.Cancelled : o.state,
      remaining,
    });
    await writeOfferHistory(ctx, o, HistoryEvent.OfferCancel, amount);
    return before;
  },
  async undo(ctx, _a, u) {
    if (u) await restoreOffer(ctx.trx, u);
  },
};
