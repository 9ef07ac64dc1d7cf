/**
 * /nft/order/state: where one of the caller's own orders stands in the order book, read from its row. The trade
 * popups ask it once after their transaction is mined and once on each of the item's socket events, instead of
 * polling a list until it changes. `orderId`: the reservation id (psdId) of a purchase, the transaction hash of a bid,
 * the offer id (osdId) of an offer, the accept id (aodId) of an accept.
 * Codes: 0; 8 no such order of the caller's (an unknown id, or another member's); 5 a malformed id (a bid's is a
 * transaction hash, the others' a number). A bid whose transaction the indexer has not applied yet is pending (its
 * row does not exist before).
 */
import { z } from 'zod';
import { ORDER_KINDS, OrderProgress } from '../domain/trading';
import { authFields, dataReply } from './common';

export const orderStateRequest = z.object({
  ...authFields,
  kind: z.enum(ORDER_KINDS),
  orderId: z.string().regex(/^(\d{1,18}|0x[0-9a-fA-F]{64})$/, 'an order id or a transaction hash'),
});
export const orderStateReply = dataReply(
  z.object({ state: z.enum([OrderProgress.Pending, OrderProgress.Settled, OrderProgress.Lapsed]) }),
);
