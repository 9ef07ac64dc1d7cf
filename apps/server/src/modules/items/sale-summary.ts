/**
 * The item's live sale summary on `items` (sale_type, price_amount, price_symbol, sale_expires_at, bid_count,
 * bid_max_price): its live auction (price = the top bid, else the start price; the end in force; the bids placed
 * and the top bid), else the cheapest live listing by USD value (then by price and age). The order book calls it in
 * the same transaction as every listing and auction change (items is the table's one writer), so the marketplace's
 * auction filter and its closing-soon and bid orders read live data.
 *
 * The indexer applies a range of logs in one transaction and wraps it in `withDeferredSaleSummaries`: inside it, a
 * refresh only notes the item, and each noted item is refreshed once when the range's handlers are done, before the
 * transaction commits (a catch-up of 1,000 sales of one item's listings refreshed it 1,000 times, each scanning every
 * live listing: the indexer's largest quadratic cost). Nothing in a range reads the summary columns.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema';

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

export async function refreshSaleSummary(trx: Db, itemIdx: number): Promise<void> {
  const noted = deferred.get(trx);
  if (noted) {
    noted.add(itemIdx);
    return;
  }
  await sql`
    UPDATE items i SET
      sale_type = CASE WHEN a.auction_id IS NULL THEN l.sale_type ELSE 2 END,
      price_amount = CASE WHEN a.auction_id IS NULL THEN l.unit_price ELSE coalesce(a.top_bid, a.start_price) END,
      price_symbol = CASE WHEN a.auction_id IS NULL THEN l.symbol ELSE a.symbol END,
      sale_expires_at = CASE WHEN a.auction_id IS NULL THEN l.expires_at ELSE a.ends_at END,
      bid_count = coalesce(a.bid_count, 0),
      bid_max_price = a.top_bid
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (
      SELECT ls.sale_type, ls.unit_price, ls.symbol, ls.expires_at
      FROM listings ls LEFT JOIN token_prices tp ON tp.symbol = ls.symbol
      WHERE ls.item_idx = ${itemIdx} AND ls.state = 1 AND ls.remaining > 0
      ORDER BY ls.unit_price * coalesce(tp.usd_price, 0), ls.unit_price, ls.listing_idx
      LIMIT 1
    ) l ON true
    LEFT JOIN LATERAL (
      SELECT au.auction_id, au.start_price, au.top_bid, au.symbol, au.ends_at, au.bid_count
      FROM auctions au WHERE au.item_idx = ${itemIdx} AND au.state = 1
      ORDER BY au.auction_id DESC
      LIMIT 1
    ) a ON true
    WHERE i.item_idx = ${itemIdx}`.execute(trx);
}
