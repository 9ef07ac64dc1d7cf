/**
 * What the collection offer handlers (CollectionOfferMade, CollectionOfferAccepted, CollectionOfferCancelled) share:
 * the event's offer, locked in the order book's one order, and what each one's undo puts back on the offer's row.
 */
import { z } from 'zod';
import { lockInOrder } from '../../order-book';
import {
  collectionOfferById,
  type CollectionOfferRow,
} from '../../order-book/collection-offers/collection-offers-repository';
import { rowId, type LogContext } from '../handler';

export const collectionOfferUndoSchema = z.object({
  offerIdx: rowId,
  prevState: z.number().int(),
  prevRemaining: z.number().int(),
  prevReserved: z.number().int(),
  prevMadeTx: z.string().nullable(),
});
export type CollectionOfferUndo = z.output<typeof collectionOfferUndoSchema>;

/** The event's collection offer, locked (undefined: no such offer). */
export async function lockedCollectionOffer(
  trx: LogContext['trx'],
  offerId: string,
): Promise<CollectionOfferRow | undefined> {
  await lockInOrder(trx, { collectionOffers: [offerId] });
  return collectionOfferById(trx, offerId);
}
