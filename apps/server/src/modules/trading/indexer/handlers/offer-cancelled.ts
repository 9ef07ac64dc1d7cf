/**
 * The Market's `OfferCancelled`: `amount` pieces' worth of an offer's escrow went back to its offerer (their own
 * cancel, or anyone's once it expired). A live offer with nothing left is cancelled; an expired one stays expired.
 * Accepts in flight keep at most what is left. An `OfferCancel` history row.
 */
import { HistoryEvent, LIVE_OFFER_STATES, OfferState } from '@att/shared';
import { z } from 'zod';
import { writeHistory } from '../../history-writer';
import { historyItem, lockInOrder } from '../../order-book';
import { offerById, restoreOffer, setOffer } from '../../order-book/offers/offers-repository';
import { type Handler } from '../handler';
import { offerUndoSchema } from './offer-undo';

const undoSchema = offerUndoSchema;
type Undo = z.output<typeof undoSchema>;

export const offerCancelled: Handler<Undo> = {
  undoSchema,
  async apply(ctx, a) {
    const { trx } = ctx;
    await lockInOrder(trx, { offers: [a.offerId!] });
    const o = await offerById(trx, a.offerId!);
    if (!o) return undefined;
    const amount = Number(a.amount);
    const remaining = Math.max(o.remaining - amount, 0);
    const live = (LIVE_OFFER_STATES as number[]).includes(o.state);
    const before = await setOffer(trx, o, {
      state: remaining === 0 && live ? OfferState.Cancelled : o.state,
      remaining,
    });
    await writeHistory(
      trx,
      {
        event: HistoryEvent.OfferCancel,
        item: await historyItem(trx, o.item_idx),
        amount,
        unitPrice: o.unit_price,
        symbol: o.symbol,
        from: o.buyer_address,
      },
      ctx.log,
    );
    return before;
  },
  async undo(ctx, _a, u) {
    if (u) await restoreOffer(ctx.trx, u);
  },
};
