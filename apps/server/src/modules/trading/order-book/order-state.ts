/**
 * The state of one of a member's own orders, read from its row in the order book (SQL only): a purchase's
 * reservation, a bid by the transaction that placed it, an offer, an accept. `undefined`: no such row of theirs
 * (a bid's row exists only once the indexer applied its transaction).
 */
import { OrderKind, type OrderKindValue } from '@att/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../schema';

export async function orderRowState(
  db: Kysely<Database>,
  kind: OrderKindValue,
  id: string,
  owner: string,
): Promise<number | undefined> {
  const who = owner.toLowerCase();
  switch (kind) {
    case OrderKind.Purchase:
      return (
        await db
          .selectFrom('reservations')
          .select('state')
          .where('reservation_id', '=', id)
          .where('buyer_address', '=', who)
          .executeTakeFirst()
      )?.state;
    case OrderKind.Bid:
      return (
        await db
          .selectFrom('auction_bids')
          .select('state')
          .where('tx_hash', '=', id.toLowerCase())
          .where('bidder_address', '=', who)
          .orderBy('log_index')
          .executeTakeFirst()
      )?.state;
    case OrderKind.Offer:
      return (
        await db
          .selectFrom('offers')
          .select('state')
          .where('offer_idx', '=', id)
          .where('buyer_address', '=', who)
          .executeTakeFirst()
      )?.state;
    case OrderKind.Accept:
      return (
        await db
          .selectFrom('offer_accepts')
          .select('state')
          .where('accept_id', '=', id)
          .where('seller_address', '=', who)
          .executeTakeFirst()
      )?.state;
  }
}
