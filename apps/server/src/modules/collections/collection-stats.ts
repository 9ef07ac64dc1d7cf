/**
 * A collection's figures, from one source for every screen that shows them (the collection page, the ranking and
 * the home cards): item and owner counts and the all-time USD volume from `collection_rank_stats` (kept by
 * triggers, which the ranking sorts on), the volume per coin from the same trades in `trade_history`, and the
 * floor per coin (the lowest unit price of a live listing of a shown item: the order book keeps each item's cheapest
 * live listing per coin on the item, and ends a listing at its expiry) with its USD value at the current token prices
 * (the lowest of the coins' floors).
 */
import {
  type CollectionStats,
  HideState,
  parseDecimal,
  sumUsd,
  TOKEN_SYMBOLS,
  type TokenSymbol,
  TRADE_EVENTS,
  usdValue,
} from '@att/shared';
import { sql } from 'kysely';
import type { Db } from '../schema';

const perCoin = <T>(v: T) => Object.fromEntries(TOKEN_SYMBOLS.map((s) => [s, v])) as Record<TokenSymbol, T>;

/** The figures of `ids` (every id gets an entry; a collection without trades or listings has zeros and null floors). */
export async function collectionStats(
  db: Db,
  ids: readonly number[],
  prices: Partial<Record<TokenSymbol, string>>,
): Promise<Map<number, CollectionStats>> {
  const out = new Map<number, CollectionStats>();
  if (ids.length === 0) return out;
  const list = sql.join([...new Set(ids)]);
  const [rank, volume, floor] = await Promise.all([
    sql<{ id: number; items: number; owners: number; usd: string }>`
      SELECT collection_idx AS id, item_count AS items, owner_count AS owners, total_usd::text AS usd
      FROM collection_rank_stats WHERE collection_idx IN (${list})`.execute(db),
    sql<{ id: number; symbol: TokenSymbol; wei: string }>`
      SELECT collection_idx AS id, symbol, sum(amount * unit_price)::numeric(78, 0)::text AS wei
      FROM trade_history
      WHERE collection_idx IN (${list}) AND event_type IN (${sql.join([...TRADE_EVENTS])}) AND symbol IS NOT NULL AND unit_price IS NOT NULL
      GROUP BY 1, 2`.execute(db),
    // The lowest of the shown items' cheapest live listings per coin (kept on the item by the order book), one
    // index seek per collection and coin (items_floor_att, items_floor_klay).
    sql<{ id: number; symbol: TokenSymbol; wei: string }>`
      SELECT c.id, f.symbol, f.wei FROM unnest(ARRAY[${list}]::int[]) AS c(id)
      CROSS JOIN LATERAL (
        SELECT 'ATT' AS symbol, (SELECT min(i.floor_att) FROM items i WHERE i.collection_idx = c.id AND i.floor_att IS NOT NULL
          AND i.deleted_at IS NULL AND i.hide_state = ${sql.lit(HideState.Shown)})::text AS wei
        UNION ALL
        SELECT 'KLAY', (SELECT min(i.floor_klay) FROM items i WHERE i.collection_idx = c.id AND i.floor_klay IS NOT NULL
          AND i.deleted_at IS NULL AND i.hide_state = ${sql.lit(HideState.Shown)})::text
      ) f
      WHERE f.wei IS NOT NULL`.execute(db),
  ]);
  for (const id of ids)
    out.set(id, {
      itemCount: 0,
      ownerCount: 0,
      floor: { ...perCoin(null), usd: null },
      volume: { ...perCoin('0'), usd: '0' },
    });
  for (const r of rank.rows)
    Object.assign(out.get(r.id)!, {
      itemCount: r.items,
      ownerCount: r.owners,
      volume: { ...out.get(r.id)!.volume, usd: sumUsd([r.usd]) },
    });
  for (const r of volume.rows) out.get(r.id)!.volume[r.symbol] = r.wei;
  for (const r of floor.rows) {
    const s = out.get(r.id)!;
    s.floor[r.symbol] = r.wei;
    const price = prices[r.symbol];
    if (price === undefined) continue;
    const usd = usdValue(BigInt(r.wei), price);
    if (s.floor.usd === null || parseDecimal(usd, 4) < parseDecimal(s.floor.usd, 4)) s.floor.usd = usd;
  }
  return out;
}
