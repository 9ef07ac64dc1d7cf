/**
 * The state of one of a member's own orders, read from its row in the order book (SQL only): a purchase's
 * reservation, a bid by the transaction that placed it, an offer, an accept. `undefined`: no such row of theirs
 * (a bid's row exists only once the indexer applied its transaction).
 */
import { OrderKind, type OrderKindValue } from '@att/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../schema';

/** Each kind's row: its table, the column the order's id is in, and the column naming its owner. */
const ROWS = {
  [OrderKind.Purchase]: { table: 'reservations', id: 'reservation_id', owner: 'buyer_address' },
  [OrderKind.Bid]: { table: 'auction_bids', id: 'tx_hash', owner: 'bidder_address' },
  [OrderKind.Offer]: { table: 'offers', id: 'offer_idx', owner: 'buyer_address' },
  [OrderKind.Accept]: { table: 'offer_accepts', id: 'accept_id', owner: 'seller_address' },
} as const satisfies Record<OrderKindValue, { table: keyof Database; id: string; owner: string }>;

export async function orderRowState(
  db: Kysely<Database>,
  kind: OrderKindValue,
  id: string,
  owner: string,
): Promise<number | undefined> {
  const row = ROWS[kind];
  const key = kind === OrderKind.Bid ? id.toLowerCase() : id;
  const found = await sql<{ state: number }>`
    SELECT state FROM ${sql.table(row.table)}
    WHERE ${sql.ref(row.id)} = ${key} AND ${sql.ref(row.owner)} = ${owner.toLowerCase()}
    LIMIT 1`.execute(db);
  return found.rows[0]?.state;
}
