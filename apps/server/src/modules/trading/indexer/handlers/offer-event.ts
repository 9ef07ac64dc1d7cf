/**
 * What the offer handlers (OfferMade, OfferAccepted, OfferCancelled) share: the offer of the event, locked in the
 * order book's one order; its history row; and what each one's undo puts back on the offer's row.
 */
import type { HistoryEventValue } from '@att/shared';
import { z } from 'zod';
import { writeHistory, type HistoryRow } from '../../history-writer';
import { historyItem, lockInOrder } from '../../order-book';
import { offerById, type OfferRow } from '../../order-book/offers/offers-repository';
import { rowId, type LogContext } from '../handler';

export const offerUndoSchema = z.object({
  offerIdx: rowId,
  prevState: z.number().int(),
  prevRemaining: z.number().int(),
  prevReserved: z.number().int(),
  prevMadeTx: z.string().nullable(),
});
export type OfferUndo = z.output<typeof offerUndoSchema>;

/** The event's offer, locked (undefined: no such offer). */
export async function lockedOffer(trx: LogContext['trx'], offerId: string): Promise<OfferRow | undefined> {
  await lockInOrder(trx, { offers: [offerId] });
  return offerById(trx, offerId);
}

/** The event's history row: `amount` pieces at the offer's price, from the offerer unless `more` says otherwise. */
export async function writeOfferHistory(
  ctx: LogContext,
  o: OfferRow,
  event: HistoryEventValue,
  amount: number,
  more: Partial<HistoryRow> = {},
): Promise<void> {
  const item = await historyItem(ctx.trx, o.item_idx);
  const row = { event, item, amount, unitPrice: o.unit_price, symbol: o.symbol, from: o.buyer_address, ...more };
  await writeHistory(ctx.trx, row, ctx.log);
}
