/**
 * The item's live sale summary on `items` (sale_type, price_amount, price_symbol, sale_expires_at): the cheapest
 * live listing by USD value (then by price and age). Called in the same transaction as every listing change.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/database';

export async function refreshSaleSummary(trx: Kysely<Database> | Transaction<Database>, itemIdx: number): Promise<void> {
  await sql`
    UPDATE items i SET
      sale_type = l.sale_type, price_amount = l.unit_price, price_symbol = l.symbol, sale_expires_at = l.expires_at
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (
      SELECT ls.sale_type, ls.unit_price, ls.symbol, ls.expires_at
      FROM listings ls LEFT JOIN token_prices tp ON tp.symbol = ls.symbol
      WHERE ls.item_idx = ${itemIdx} AND ls.state = 1 AND ls.remaining > 0
      ORDER BY ls.unit_price * coalesce(tp.usd_price, 0), ls.unit_price, ls.listing_idx
      LIMIT 1
    ) l ON true
    WHERE i.item_idx = ${itemIdx}`.execute(trx);
}
