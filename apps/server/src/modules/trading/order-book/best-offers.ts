/**
 * The best live offer per coin other modules show (the watchlist): the highest price a piece among valid offers with
 * pieces left and not past their expiry, for an item (its own offers and the offers on any item of its collection)
 * and for a collection (its collection offers on every item: a trait offer is not one). An item counts a collection offer only when the offer covers it: one
 * made before criteria roots (criteria zero), or one whose stored token ids hold the item's (an item published after
 * the offer is not covered).
 */
import { ANY_ITEM_CRITERIA, OfferState, TOKEN_SYMBOLS, type TokenSymbol } from '@att/shared';
import { sql } from 'kysely';
import type { Db } from '../../schema';

export type BestOffer = Record<TokenSymbol, string | null>;

const empty = (): BestOffer => Object.fromEntries(TOKEN_SYMBOLS.map((s) => [s, null])) as BestOffer;

function higher(into: BestOffer, symbol: TokenSymbol, wei: string) {
  const cur = into[symbol];
  if (cur === null || BigInt(wei) > BigInt(cur)) into[symbol] = wei;
}

/** The best offer per coin on any item of each of `collectionIdxs` (every id gets an entry). */
export async function bestCollectionOffers(db: Db, collectionIdxs: readonly number[], now: Date) {
  const out = new Map<number, BestOffer>(collectionIdxs.map((id) => [id, empty()]));
  if (collectionIdxs.length === 0) return out;
  const rows = await sql<{ id: number; symbol: TokenSymbol; wei: string }>`
    SELECT collection_idx AS id, symbol, max(unit_price)::text AS wei FROM collection_offers
    WHERE collection_idx = ANY (${[...new Set(collectionIdxs)]}::int[])
      AND state = ${OfferState.Valid} AND remaining > 0 AND expires_at > ${now} AND traits IS NULL
    GROUP BY 1, 2`.execute(db);
  for (const r of rows.rows) higher(out.get(r.id)!, r.symbol, r.wei);
  return out;
}

/** The best offer per coin on each item (its own, or on any item of its collection); every item gets an entry. */
export async function bestItemOffers(
  db: Db,
  items: readonly { itemIdx: number; collectionIdx: number }[],
  now: Date,
): Promise<Map<number, BestOffer>> {
  const out = new Map<number, BestOffer>(items.map((i) => [i.itemIdx, empty()]));
  if (items.length === 0) return out;
  const ids = items.map((i) => i.itemIdx);
  const [own, covering] = await Promise.all([
    sql<{ id: number; symbol: TokenSymbol; wei: string }>`
      SELECT item_idx AS id, symbol, max(unit_price)::text AS wei FROM offers
      WHERE item_idx = ANY (${ids}::int[])
        AND state = ${OfferState.Valid} AND remaining > 0 AND expires_at > ${now}
      GROUP BY 1, 2`.execute(db),
    sql<{ id: number; symbol: TokenSymbol; wei: string }>`
      SELECT i.item_idx AS id, o.symbol, max(o.unit_price)::text AS wei
      FROM items i JOIN collection_offers o ON o.collection_idx = i.collection_idx
      WHERE i.item_idx = ANY (${ids}::int[])
        AND o.state = ${OfferState.Valid} AND o.remaining > 0 AND o.expires_at > ${now}
        AND (o.criteria = ${ANY_ITEM_CRITERIA} OR EXISTS (
          SELECT 1 FROM collection_offer_items c WHERE c.offer_idx = o.offer_idx AND c.token_id = i.token_id))
      GROUP BY 1, 2`.execute(db),
  ]);
  for (const r of [...own.rows, ...covering.rows]) higher(out.get(r.id)!, r.symbol, r.wei);
  return out;
}
