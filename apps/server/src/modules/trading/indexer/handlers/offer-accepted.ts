/**
 * The Market's `OfferAccepted`: a seller sold `amount` pieces into an offer (the pieces move, or are minted, by
 * the TransferSingle of the same transaction). The offer's remaining goes down (acquired at 0), the accept is used
 * (its hold on the offer and on the seller's pieces ends), the item's trade count and last price move, the
 * `OfferAccept` history row is written with the royalty, and the offerer's OfferAccepted alert is queued.
 */
import { AlertType, HistoryEvent, LIVE_OFFER_STATES, OfferState, TOKEN_SYMBOLS } from '@att/shared';
import { z } from 'zod';
import { enqueueAlert, retractAlertsOf } from '../../../alerts';
import { recordTrade, undoTrade } from '../../../items';
import { lockInOrder } from '../../order-book';
import { restoreOffer, setOffer, unuseAccept, useAccept } from '../../order-book/offers/offers-repository';
import { type Handler } from '../handler';
import { lockedOffer, offerUndoSchema, writeOfferHistory } from './offer-event';

const undoSchema = z.object({
  offer: offerUndoSchema,
  itemIdx: z.number().int(),
  acceptPrevState: z.number().int().nullable(),
  last: z.object({ lastPrice: z.string().nullable(), lastSymbol: z.enum(TOKEN_SYMBOLS).nullable() }),
});
type Undo = z.output<typeof undoSchema>;

export const offerAccepted: Handler<Undo> = {
  undoSchema,
  async apply(ctx, a) {
    const { trx } = ctx;
    const o = await lockedOffer(trx, a.offerId!);
    if (!o) return undefined;
    const amount = Number(a.amount);
    const acceptPrevState = await useAccept(trx, a.acceptId!, a.offerId!, o.item_idx, ctx.log.txHash);
    const remaining = Math.max(o.remaining - amount, 0);
    const settles = (LIVE_OFFER_STATES as number[]).includes(o.state) || o.state === OfferState.Expired;
    const before = await setOffer(trx, o, {
      state: remaining === 0 && settles ? OfferState.Acquired : o.state,
      remaining,
    });
    const last = await recordTrade(trx, o.item_idx, BigInt(o.unit_price), o.symbol);
    await writeOfferHistory(ctx, o, HistoryEvent.OfferAccept, amount, {
      total: BigInt(a.price!),
      from: a.seller!,
      to: o.buyer_address,
      royalty: BigInt(a.royalty ?? '0'),
      fee: BigInt(a.fee ?? '0'),
    });
    await enqueueAlert(trx, {
      address: o.buyer_address,
      type: AlertType.OfferAccepted,
      productIdx: o.item_idx,
      source: ctx.log,
    });
    return { offer: before, itemIdx: o.item_idx, acceptPrevState, last };
  },
  async undo(ctx, a, u) {
    if (!u) return;
    const { trx } = ctx;
    await lockInOrder(trx, { offers: [u.offer.offerIdx] });
    if (u.acceptPrevState !== null) await unuseAccept(trx, a.acceptId!, u.itemIdx, u.acceptPrevState);
    await restoreOffer(trx, u.offer);
    await undoTrade(trx, u.itemIdx, u.last);
    await retractAlertsOf(trx, ctx.log);
  },
};
