/** Reads of the live listings other modules show (the order book owns `listings`; they read it through here). */
import { ListingState } from '@att/shared';
import { sql } from 'kysely';
import type { Db } from '../../../schema';

export interface CheapestListing {
  remaining: number;
  sellerName: string | null;
}

/** The spec's marketplace extras of the cheapest live listing per item: pieces left and the seller's name. */
export async function cheapestListings(db: Db, itemIdxs: readonly number[]): Promise<Map<number, CheapestListing>> {
  if (itemIdxs.length === 0) return new Map();
  const rows = await sql<{ item_idx: number; remaining: number; seller_name: string | null }>`
    SELECT DISTINCT ON (l.item_idx) l.item_idx, l.remaining, m.user_name AS seller_name
    FROM listings l LEFT JOIN members m ON m.address = l.seller_address
    WHERE l.item_idx = ANY (${[...itemIdxs]}::int[]) AND l.state = ${ListingState.Live}
    ORDER BY l.item_idx, l.unit_price, l.listing_idx`.execute(db);
  return new Map(rows.rows.map((r) => [r.item_idx, { remaining: r.remaining, sellerName: r.seller_name }]));
}
