/**
 * The Market's `OfferMade`: the offerer escrowed the offer the validator signed (its id is the offer's row). A
 * pending offer becomes valid with the pieces it escrowed; one the sweep already expired stays expired (its escrow
 * is refundable). An `Offer` history row. An id the server never signed is not the marketplace's offer: ignored.
 */
import { HistoryEvent, OfferState } from '@att/shared';
import { z } from 'zod';
import { writeHistory } from '../../history-writer';
import { historyItem, lockInOrder } from '../../order-book-repository';
import { offerById, restoreOffer, setOffer } from '../../offers/offers-repository';
import { type Handler } from '../handler';
import { offerUndoSchema } from './offer-undo';

const undoSchema = offerUndoSchema;
type Undo = z.output<typeof undoSchema>;

export const offerMade: Handler<Undo> = {
  undoSchema,
  async apply(ctx, a) {
    const { trx } = ctx;
    await lockInOrder(trx, { offers: [a.offerId!] });
    const o = await offerById(trx, a.offerId!);
    if (!o || o.made_tx !== null || o.buyer_address !== a.buyer) return undefined;
    const amount = Math.min(Number(a.amount), o.quantity);
    const state = o.state === OfferState.Pending ? OfferState.Valid : o.state;
    const before = await setOffer(trx, o, { state, remaining: amount, madeTx: ctx.log.txHash });
    await writeHistory(trx, { event: HistoryEvent.Offer, item: await historyItem(trx, o.item_idx), amount, unitPrice: o.unit_price, symbol: o.symbol, from: o.buyer_address }, ctx.log);
    return before;
  },
  async undo(ctx, _a, u) {
    if (u) await restoreOffer(ctx.trx, u);
  },
};
