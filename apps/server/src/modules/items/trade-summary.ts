/**
 * The item's trade summary columns on `items` (items is the table's one writer): the sale the marketplace shows
 * (`sale_type`, `price_amount`, `price_symbol`, `sale_expires_at`, `bid_count`, `bid_max_price`) and the live offer
 * count (`offer_count`). The order book computes them from its own tables and sets them here, in its transaction.
 */
import type { SaleTypeValue, TokenSymbol } from '@att/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';

export interface TradeSummary {
  saleType: SaleTypeValue | number | null;
  priceAmount: string | null;
  priceSymbol: TokenSymbol | null;
  saleExpiresAt: Date | string | null;
  bidCount: number;
  bidMaxPrice: string | null;
  offerCount: number;
}

/** Sets the given parts of the item's trade summary. */
export async function setTradeSummary(trx: Kysely<Database>, itemIdx: number, s: Partial<TradeSummary>): Promise<void> {
  const columns = {
    sale_type: s.saleType,
    price_amount: s.priceAmount,
    price_symbol: s.priceSymbol,
    sale_expires_at: s.saleExpiresAt,
    bid_count: s.bidCount,
    bid_max_price: s.bidMaxPrice,
    offer_count: s.offerCount,
  };
  const set = Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length > 0) await trx.updateTable('items').set(set).where('item_idx', '=', itemIdx).execute();
}
