/**
 * `/nft/instance/list/item`: an item's live listings, cheapest first by USD value (then price, then age), then its
 * live auction. A listing with pieces held for purchases under way says until when (its open reservations' last
 * deadline).
 */
import { AuctionState, ListingState, ReservationState, SaleType, usdValue, type ItemListingRow } from '@att/shared';
import { sql } from 'kysely';
import type { Uses } from '../../platform/deps';
import { minimumBid } from './auction-views';

/** A price's USD value as the lists show it: blank when the token has no USD price. */
export const usdShown = (price: string, usdPrice: string | number | null | undefined) =>
  usdPrice === null || usdPrice === undefined ? '' : usdValue(BigInt(price), String(usdPrice));

export async function itemListings(deps: Uses<'db' | 'now'>, productId: number): Promise<ItemListingRow[]> {
  const rows = await deps.db
    .selectFrom('listings as l')
    .leftJoin('members as m', 'm.address', 'l.seller_address')
    .leftJoin('token_prices as tp', 'tp.symbol', 'l.symbol')
    .select([
      'l.listing_idx',
      'l.sale_type',
      'l.seller_address',
      'm.user_name',
      'l.remaining',
      'l.reserved',
      'l.unit_price',
      'l.symbol',
      'l.expires_at',
      'tp.usd_price',
    ])
    .select((eb) =>
      eb
        .selectFrom('reservations as r')
        .select((r) => r.fn.max('r.expires_at').as('until'))
        .whereRef('r.listing_idx', '=', 'l.listing_idx')
        .where('r.state', '=', ReservationState.Open)
        .as('reserved_until'),
    )
    .where('l.item_idx', '=', productId)
    .where('l.state', '=', ListingState.Live)
    .where('l.remaining', '>', 0)
    .where('l.expires_at', '>', deps.now())
    .orderBy(sql`l.unit_price * coalesce(tp.usd_price, 0)`)
    .orderBy('l.unit_price')
    .orderBy('l.listing_idx')
    .limit(999)
    .execute();
  const auctions = await deps.db
    .selectFrom('auctions as a')
    .leftJoin('members as m', 'm.address', 'a.seller_address')
    .leftJoin('token_prices as tp', 'tp.symbol', 'a.symbol')
    .select(['a.auction_id', 'a.seller_address', 'm.user_name', 'a.symbol', 'a.ends_at', 'a.bid_count', 'tp.usd_price'])
    .select('a.raise_bps')
    .select([sql<string>`a.start_price::text`.as('start_price'), sql<string | null>`a.top_bid::text`.as('top_bid')])
    .where('a.item_idx', '=', productId)
    .where('a.state', '=', AuctionState.Active)
    .execute();
  const live: ItemListingRow[] = auctions.map((a) => {
    const price = a.top_bid ?? a.start_price;
    return {
      instanceId: Number(a.auction_id),
      saleType: SaleType.Auction,
      sellerAddress: a.seller_address,
      sellerName: a.user_name ?? null,
      remainCount: 1,
      availableCount: 0,
      priceAmount: price,
      priceSymbol: a.symbol,
      expireDate: new Date(a.ends_at).toISOString(),
      currencyPrice: usdShown(price, a.usd_price),
      auctionId: String(a.auction_id),
      bidMaxPrice: a.top_bid,
      bidCount: a.bid_count,
      bidMinimum: minimumBid(a).toString(),
    };
  });
  return [...rows.map(fixedRow), ...live];
}

function fixedRow(r: {
  listing_idx: string;
  sale_type: number;
  seller_address: string;
  user_name: string | null;
  remaining: number;
  reserved: number;
  unit_price: string;
  symbol: ItemListingRow['priceSymbol'];
  expires_at: Date;
  usd_price: string | null;
  reserved_until: Date | string | null;
}): ItemListingRow {
  const held = r.reserved > 0 && r.reserved_until !== null;
  return {
    instanceId: Number(r.listing_idx),
    saleType: r.sale_type,
    sellerAddress: r.seller_address,
    sellerName: r.user_name ?? null,
    remainCount: r.remaining,
    availableCount: r.remaining - r.reserved,
    priceAmount: r.unit_price,
    priceSymbol: r.symbol,
    expireDate: new Date(r.expires_at).toISOString(),
    currencyPrice: usdShown(r.unit_price, r.usd_price),
    ...(held ? { reservedUntil: new Date(r.reserved_until!).toISOString() } : {}),
  };
}
