/**
 * The Market's `OfferMade`: the offerer escrowed the offer the validator signed (its id is the offer's row). A
 * pending offer becomes valid with the pieces it escrowed; one the sweep already expired stays expired (its escrow
 * is refundable). An `Offer` history row. An id the server never signed is not the marketplace's offer: ignored.
 * A valid offer tells the offerer it beats that they are no longer the best (OverOffer) and each other holder of the
 * item that an offer arrived (MinOffer, when it reaches their minimum); a reorg retracts both with the event.
 */
import { AlertType, HistoryEvent, OfferState, type TokenSymbol } from '@att/shared';
import { sql } from 'kysely';
import { enqueueAlert, retractAlertsOf } from '../../../alerts';
import { restoreOffer, setOffer } from '../../order-book/offers/offers-repository';
import { type Handler, type LogContext } from '../handler';
import { lockedOffer, offerUndoSchema, writeOfferHistory, type OfferUndo } from './offer-event';

export const offerMade: Handler<OfferUndo> = {
  undoSchema: offerUndoSchema,
  async apply(ctx, a) {
    const o = await lockedOffer(ctx.trx, a.offerId!);
    if (!o || o.made_tx !== null || o.buyer_address !== a.buyer) return undefined;
    const amount = Math.min(Number(a.amount), o.quantity);
    const state = o.state === OfferState.Pending ? OfferState.Valid : o.state;
    const before = await setOffer(ctx.trx, o, { state, remaining: amount, madeTx: ctx.log.txHash });
    await writeOfferHistory(ctx, o, HistoryEvent.Offer, amount);
    if (state === OfferState.Valid && amount > 0) await alertOffer(ctx.trx, o, ctx.log);
    return before;
  },
  async undo(ctx, _a, u) {
    if (u) await restoreOffer(ctx.trx, u);
    await retractAlertsOf(ctx.trx, ctx.log);
  },
};

/** The alerts a new valid offer causes (each sent only if its member's settings want it: enqueueAlert). */
async function alertOffer(
  trx: LogContext['trx'],
  o: { offer_idx: string; item_idx: number; buyer_address: string; symbol: TokenSymbol; unit_price: string },
  source: Parameters<typeof enqueueAlert>[1]['source'],
): Promise<void> {
  const price = BigInt(o.unit_price);
  // The best other live offer in the same token before this one: its offerer is outbid when this one pays more.
  const best = await trx
    .selectFrom('offers')
    .select(['buyer_address', 'unit_price'])
    .where('item_idx', '=', o.item_idx)
    .where('symbol', '=', o.symbol)
    .where('state', '=', OfferState.Valid)
    .where('remaining', '>', 0)
    .where('offer_idx', '<>', o.offer_idx)
    .orderBy(sql`unit_price`, 'desc')
    .orderBy('offer_idx')
    .limit(1)
    .executeTakeFirst();
  if (best && best.buyer_address !== o.buyer_address && BigInt(best.unit_price) < price) {
    await enqueueAlert(trx, { address: best.buyer_address, type: AlertType.OverOffer, productIdx: o.item_idx, source });
  }
  const holders = await trx
    .selectFrom('inventory')
    .select('holder_address')
    .distinct()
    .where('item_idx', '=', o.item_idx)
    .where('amount', '>', 0)
    .where('holder_address', '<>', o.buyer_address)
    .orderBy('holder_address')
    .execute();
  for (const h of holders) {
    await enqueueAlert(trx, {
      address: h.holder_address,
      type: AlertType.MinOffer,
      productIdx: o.item_idx,
      source,
      offer: { symbol: o.symbol, unitPrice: price },
    });
  }
}
