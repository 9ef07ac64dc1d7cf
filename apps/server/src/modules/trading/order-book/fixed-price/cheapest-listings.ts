/** Reads of the live listings other modules show (the order book owns `listings`; they read it through here). */
import { ListingState, SaleType } from '@att/shared';
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

export interface FloorListing {
  listing_idx: string;
  item_idx: number;
  name: string;
  seller_address: string;
  unit_price: string;
  available: number;
}

/**
 * The floor sweep's read: the cheapest live fixed-price listings of a collection in one coin at or below `maxPrice`
 * a piece, with pieces free to reserve, cheapest first then oldest, at most `count`; `exclude` a seller (the caller).
 * Walks the collection's live items (`items_collection_newest`) into each item's live listings by price
 * (`listings_item_active`).
 */
export async function floorListings(
  db: Db,
  q: { collectionIdx: number; symbol: string; maxPrice: string; count: number; now: Date; exclude?: string },
): Promise<FloorListing[]> {
  const rows = await sql<FloorListing>`
    SELECT l.listing_idx::text AS listing_idx, l.item_idx, i.name, l.seller_address, l.unit_price::text AS unit_price,
           (l.remaining - l.reserved)::int AS available
    FROM items i JOIN listings l ON l.item_idx = i.item_idx AND l.state = ${ListingState.Live}
    WHERE i.collection_idx = ${q.collectionIdx} AND i.deleted_at IS NULL AND i.operator_hidden = 0
      AND l.sale_type = ${SaleType.Fixed} AND l.symbol = ${q.symbol} AND l.unit_price <= ${q.maxPrice}::numeric
      AND l.expires_at > ${q.now} AND l.remaining > l.reserved AND l.signature IS NOT NULL
      AND l.seller_address <> ${q.exclude ?? ''}
    ORDER BY l.unit_price, l.listing_idx
    LIMIT ${q.count}`.execute(db);
  return rows.rows;
}
