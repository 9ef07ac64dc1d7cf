/**
 * The item's trade summary columns on `items` (items is the table's one writer): the sale the marketplace shows
 * (`sale_type`, `price_amount`, `price_symbol`, `sale_expires_at`, `bid_count`, `bid_max_price`) and the live offer
 * count (`offer_count`), and the piece the Market holds in escrow for its live auction's seller or for the winner it
 * is owed to (`escrow_owner`, `escrow_kind`), and its cheapest live listing per coin (`floor_att`, `floor_klay`: the collection's floor is their lowest). The order book computes them from its own tables and sets them here, in its transaction.
 */
import type { SaleTypeValue, TokenSymbol } from '@att/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import type { EscrowKind } from './tables';

export interface TradeSummary {
  saleType: SaleTypeValue | number | null;
  priceAmount: string | null;
  priceSymbol: TokenSymbol | null;
  saleExpiresAt: Date | string | null;
  bidCount: number;
  bidMaxPrice: string | null;
  offerCount: number;
  /** The piece in the Market's escrow and whose it is (null: none). */
  escrow: { owner: string; kind: EscrowKind } | null;
  /** The unit price of its cheapest live listing per coin (null: none in that coin). */
  floor: Record<TokenSymbol, string | null>;
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
    escrow_owner: s.escrow === undefined ? undefined : (s.escrow?.owner.toLowerCase() ?? null),
    escrow_kind: s.escrow === undefined ? undefined : (s.escrow?.kind ?? null),
    floor_att: s.floor?.ATT,
    floor_klay: s.floor?.KLAY,
  };
  const set = Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length > 0) await trx.updateTable('items').set(set).where('item_idx', '=', itemIdx).execute();
}
