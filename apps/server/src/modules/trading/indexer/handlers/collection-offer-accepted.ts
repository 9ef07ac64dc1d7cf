/**
 * The Market's `CollectionOfferAccepted`: a seller sold `amount` pieces of an item of the collection into a
 * collection offer (the pieces move, or are minted, by the TransferSingle of the same transaction). As an item
 * offer's `OfferAccepted`: the offer's remaining goes down (acquired at 0), the accept is used (its hold on the offer
 * and on the seller's pieces ends), the item's trade count and last price move, the `OfferAccept` history row is
 * written with the fee and royalty, and the buyer's OfferAccepted alert is queued.
 */
import { AlertType, HistoryEvent, OfferState, TOKEN_SYMBOLS } from '@att/shared';
import { z } from 'zod';
import { enqueueAlert, retractAlertsOf } from '../../../alerts';
import { recordTrade, undoTrade } from '../../../items';
import { writeHistory } from '../../history-writer';
import { historyItem, itemByToken, lockInOrder } from '../../order-book';
import {
  restoreCollectionOffer,
  setCollectionOffer,
  unuseCollectionAccept,
  useCollectionAccept,
} from '../../order-book/collection-offers/collection-offers-repository';
import { type Handler } from '../handler';
import { collectionOfferUndoSchema, lockedCollectionOffer } from './collection-offer-event';

const undoSchema = z.object({
  offer: collectionOfferUndoSchema,
  itemIdx: z.number().int().nullable(),
  acceptPrevState: z.number().int().nullable(),
  last: z.object({ lastPrice: z.string().nullable(), lastSymbol: z.enum(TOKEN_SYMBOLS).nullable() }).nullable(),
});
type Undo = z.output<typeof undoSchema>;

export const collectionOfferAccepted: Handler<Undo> = {
  undoSchema,
  async apply(ctx, a) {
    const { trx } = ctx;
    const o = await lockedCollectionOffer(trx, a.offerId!);
    if (!o) return undefined;
    const amount = Number(a.amount);
    const used = await useCollectionAccept(trx, a.acceptId!, a.offerId!, ctx.log.txHash);
    const remaining = Math.max(o.remaining - amount, 0);
    const settles = o.state === OfferState.Valid || o.state === OfferState.Expired;
    const before = await setCollectionOffer(trx, o, {
      state: remaining === 0 && settles ? OfferState.Acquired : o.state,
      remaining,
    });
    const item = await itemByToken(trx, a.itemId!);
    if (!item) return { offer: before, itemIdx: null, acceptPrevState: used?.prevState ?? null, last: null };
    const last = await recordTrade(trx, item.item_idx, BigInt(o.unit_price), o.symbol);
    await writeHistory(
      trx,
      {
        event: HistoryEvent.OfferAccept,
        item: await historyItem(trx, item.item_idx),
        amount,
        unitPrice: o.unit_price,
        symbol: o.symbol,
        total: BigInt(a.price!),
        from: a.seller!,
        to: o.buyer_address,
        royalty: BigInt(a.royalty ?? '0'),
        fee: BigInt(a.fee ?? '0'),
      },
      ctx.log,
    );
    await enqueueAlert(trx, {
      address: o.buyer_address,
      type: AlertType.OfferAccepted,
      productIdx: item.item_idx,
      source: ctx.log,
    });
    return { offer: before, itemIdx: item.item_idx, acceptPrevState: used?.prevState ?? null, last };
  },
  async undo(ctx, a, u) {
    if (!u) return;
    const { trx } = ctx;
    await lockInOrder(trx, { collectionOffers: [u.offer.offerIdx] });
    if (u.acceptPrevState !== null) await unuseCollectionAccept(trx, a.acceptId!, u.acceptPrevState);
    await restoreCollectionOffer(trx, u.offer);
    if (u.itemIdx !== null && u.last) await undoTrade(trx, u.itemIdx, u.last);
    await retractAlertsOf(trx, ctx.log);
  },
};
