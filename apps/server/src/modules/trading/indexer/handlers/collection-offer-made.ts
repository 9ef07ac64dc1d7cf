/**
 * The Market's `CollectionOfferMade`: the buyer escrowed the collection offer the validator signed (its id is the
 * offer's row). A pending offer becomes valid with the pieces it escrowed; one the sweep already expired stays
 * expired (its escrow is refundable). An id the server never signed, or made by someone else or with other criteria
 * than the row's (the Merkle root of the token ids stored with it: the two must agree), is ignored. Each other
 * holder of an item the offer covers (a trait offer covers only the items with its traits) hears of a valid offer
 * (MinOffer, when it reaches their minimum, about one of their covered items), at most once per offer (the alert's
 * dedup key); a reorg retracts them with the event.
 */
import { ANY_ITEM_CRITERIA, AlertType, OfferState } from '@att/shared';
import { sql } from 'kysely';
import { enqueueAlert, retractAlertsOf } from '../../../alerts';
import {
  restoreCollectionOffer,
  setCollectionOffer,
  type CollectionOfferRow,
} from '../../order-book/collection-offers/collection-offers-repository';
import { type Handler, type LogContext } from '../handler';
import { collectionOfferUndoSchema, lockedCollectionOffer, type CollectionOfferUndo } from './collection-offer-event';

export const collectionOfferMade: Handler<CollectionOfferUndo> = {
  undoSchema: collectionOfferUndoSchema,
  async apply(ctx, a) {
    const o = await lockedCollectionOffer(ctx.trx, a.offerId!);
    if (!o || o.made_tx !== null || o.buyer_address !== a.buyer || o.criteria !== a.criteria) return undefined;
    const amount = Math.min(Number(a.amount), o.quantity);
    const state = o.state === OfferState.Pending ? OfferState.Valid : o.state;
    const before = await setCollectionOffer(ctx.trx, o, { state, remaining: amount, madeTx: ctx.log.txHash });
    if (state === OfferState.Valid && amount > 0) await alertHolders(ctx, o);
    return before;
  },
  async undo(ctx, _a, u) {
    if (u) await restoreCollectionOffer(ctx.trx, u);
    await retractAlertsOf(ctx.trx, ctx.log);
  },
};

/** The alert key of a holder and a collection offer: one alert each, however often the offer is seen. */
export const collectionOfferAlertKey = (offerIdx: string, holder: string) => `collection-offer:${offerIdx}:${holder}`;

/** Every holder of a live item the offer covers but the buyer, with the first such item of theirs. */
async function alertHolders(ctx: LogContext, o: CollectionOfferRow): Promise<void> {
  const holders = await ctx.trx
    .selectFrom('inventory as v')
    .innerJoin('items as i', 'i.item_idx', 'v.item_idx')
    .select(['v.holder_address', sql<number>`min(i.item_idx)::int`.as('item_idx')])
    .where('i.collection_idx', '=', o.collection_idx)
    .where('i.deleted_at', 'is', null)
    .where('v.amount', '>', 0)
    .where('v.holder_address', '<>', o.buyer_address)
    .$if(o.criteria !== ANY_ITEM_CRITERIA, (b) =>
      b.where(
        sql<boolean>`EXISTS (SELECT 1 FROM collection_offer_items c
          WHERE c.offer_idx = ${o.offer_idx} AND c.token_id = i.token_id)`,
      ),
    )
    .groupBy('v.holder_address')
    .orderBy('v.holder_address')
    .execute();
  for (const h of holders) {
    await enqueueAlert(ctx.trx, {
      address: h.holder_address,
      type: AlertType.MinOffer,
      productIdx: h.item_idx,
      source: ctx.log,
      offer: { symbol: o.symbol, unitPrice: BigInt(o.unit_price) },
      dedupKey: collectionOfferAlertKey(String(o.offer_idx), h.holder_address),
    });
  }
}
