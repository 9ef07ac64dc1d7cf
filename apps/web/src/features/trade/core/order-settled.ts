/**
 * Whether one of the member's own orders is done for the web, by its own row in the order book
 * (`/nft/order/state`): the purchase's reservation sold, the bid in the book, the offer escrowed, the accept used,
 * or the order lapsed (nothing more will come). A trade flow reads it once its transaction is mined and again on
 * the item's socket events (`useTradeFlow`).
 */
import { OrderProgress, type OrderKindValue } from '@att/shared';
import { api, ensureOk } from '../../../lib/api';

export async function orderSettled(
  member: { id: string; ticketId: string },
  kind: OrderKindValue,
  orderId: string,
): Promise<boolean> {
  const reply = ensureOk(await api('/nft/order/state', { id: member.id, ticketId: member.ticketId, kind, orderId }));
  return reply.data!.state !== OrderProgress.Pending;
}
