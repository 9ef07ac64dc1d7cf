/**
 * The item's trade summary, computed by the order book from its own tables with named states and handed to items'
 * one setter (`setTradeSummary`: items is the table's one writer): its live auction (price = the top bid, else the
 * start price; the end in force; the bids placed and the top bid), else the cheapest live listing by USD value (then
 * by price and age); its live offer count (valid offers with pieces left); and whose piece the Market holds in
 * escrow (the newest auction live or owed to its winner: its seller, or that winner); and its cheapest live listing per
 * coin (the collection's floor is the lowest of its shown items'). The order book refreshes it in the
 * same transaction as every listing, auction and offer change, so the marketplace's filters and orders read live data.
 *
 * The indexer applies a range of logs in one transaction and wraps it in `withDeferredSaleSummaries`: inside it, a
 * refresh only notes the item, and each noted item is refreshed once when the range's handlers are done, before the
 * transaction commits (a catch-up of 1,000 sales of one item's listings refreshed it 1,000 times, each scanning every
 * live listing: the indexer's largest quadratic cost). Nothing in a range reads the summary columns.
 */
import { AuctionState, ListingState, OfferState, SaleType, type TokenSymbol } from '@att/shared';
import { sql, type Kysely, type Transaction } from 'kysely';
import { setTradeSummary, type TradeSummary } from '../../items';
import type { Database } from '../../schema';

type Db = Kysely<Database> | Transaction<Database>;

/** The transactions whose refreshes wait for the end of `withDeferredSaleSummaries`, and the items they noted. */
const deferred = new WeakMap<Db, Set<number>>();

/** Runs `work` with `trx`'s summary refreshes noted, then refreshes each noted item once (in the same transaction). */
export async function withDeferredSaleSummaries<T>(trx: Db, work: () => Promise<T>): Promise<T> {
  const noted = new Set<number>();
  deferred.set(trx, noted);
  let result: T;
  try {
    result = await work();
  } finally {
    deferred.delete(trx);
  }
  for (const itemIdx of [...noted].sort((a, b) => a - b)) await refreshSaleSummary(trx, itemIdx);
  return result;
}

/** Refreshes the item's sale summary (its live auction, else its best live listing) and its escrowed piece. */
export async function refreshSaleSummary(trx: Db, itemIdx: number): Promise<void> {
  const noted = deferred.get(trx);
  if (noted) {
    noted.add(itemIdx);
    return;
  }
  // The item's auctions that hold its piece in escrow (live, or won and owed to a winner), newest first.
  const held = await trx
    .selectFrom('auctions')
    .select([
      'state',
      'seller_address',
      'unclaimed_owner',
      'start_price',
      'top_bid',
      'symbol',
      sql<string>`ends_at::text`.as('ends_at'),
      'bid_count',
    ])
    .where('item_idx', '=', itemIdx)
    .where((eb) => eb.or([eb('state', '=', AuctionState.Active), eb('unclaimed_owner', 'is not', null)]))
    .orderBy('auction_id', 'desc')
    .execute();
  const escrowed = held[0];
  const escrow: TradeSummary['escrow'] = escrowed
    ? escrowed.unclaimed_owner === null
      ? { owner: escrowed.seller_address, kind: 'auction' }
      : { owner: escrowed.unclaimed_owner, kind: 'unclaimed' }
    : null;
  const floor = await listedFloor(trx, itemIdx);
  const auction = held.find((a) => a.state === AuctionState.Active);
  if (auction) {
    await setTradeSummary(trx, itemIdx, {
      floor,
      saleType: SaleType.Auction,
      priceAmount: String(auction.top_bid ?? auction.start_price),
      priceSymbol: auction.symbol,
      saleExpiresAt: auction.ends_at,
      bidCount: auction.bid_count,
      bidMaxPrice: auction.top_bid === null ? null : String(auction.top_bid),
      escrow,
    });
    return;
  }
  const { rows } = await sql<{ sale_type: number; unit_price: string; symbol: TokenSymbol; expires_at: string }>`
    SELECT ls.sale_type, ls.unit_price::text AS unit_price, ls.symbol, ls.expires_at::text AS expires_at
    FROM listings ls LEFT JOIN token_prices tp ON tp.symbol = ls.symbol
    WHERE ls.item_idx = ${itemIdx} AND ls.state = ${ListingState.Live} AND ls.remaining > 0
    ORDER BY ls.unit_price * coalesce(tp.usd_price, 0), ls.unit_price, ls.listing_idx
    LIMIT 1`.execute(trx);
  const best = rows[0];
  await setTradeSummary(trx, itemIdx, {
    saleType: best?.sale_type ?? null,
    priceAmount: best?.unit_price ?? null,
    priceSymbol: best?.symbol ?? null,
    saleExpiresAt: best?.expires_at ?? null,
    bidCount: 0,
    bidMaxPrice: null,
    escrow,
    floor,
  });
}

/** The unit price of the item's cheapest live listing per coin (a listing is live until the order book ends it). */
async function listedFloor(trx: Db, itemIdx: number): Promise<TradeSummary['floor']> {
  const rows = await trx
    .selectFrom('listings')
    .select(['symbol', sql<string>`min(unit_price)::text`.as('wei')])
    .where('item_idx', '=', itemIdx)
    .where('state', '=', ListingState.Live)
    .where('remaining', '>', 0)
    .groupBy('symbol')
    .execute();
  const floor: TradeSummary['floor'] = { ATT: null, KLAY: null };
  for (const r of rows) floor[r.symbol] = r.wei;
  return floor;
}

/** Refreshes the item's live offer count (its valid offers with pieces left). */
export async function refreshOfferSummary(trx: Db, itemIdx: number): Promise<void> {
  const r = await trx
    .selectFrom('offers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('item_idx', '=', itemIdx)
    .where('state', '=', OfferState.Valid)
    .where('remaining', '>', 0)
    .executeTakeFirstOrThrow();
  await setTradeSummary(trx, itemIdx, { offerCount: Number(r.n) });
}
