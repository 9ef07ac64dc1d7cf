/** What an offer handler's undo puts back on the offer's row (the same for OfferMade, OfferAccepted and OfferCancelled). */
import { z } from 'zod';
import { rowId } from '../handler';

export const offerUndoSchema = z.object({
  offerIdx: rowId,
  prevState: z.number().int(),
  prevRemaining: z.number().int(),
  prevReserved: z.number().int(),
  prevMadeTx: z.string().nullable(),
});
