/**
 * The best live offer per coin other modules show (the watchlist): the highest price a piece among valid offers with
 * pieces left and not past their expiry, for an item (its own offers and the offers on any item of its collection)
 * and for a collection (its offers on any item). Trait offers, limited to some items, are not counted.
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
    WHERE collection_idx = ANY (${[...new Set(collectionIdxs)]}::int[]) AND criteria = ${ANY_ITEM_CRITERIA}
      AND state = ${OfferState.Valid} AND remaining > 0 AND expires_at > ${now}
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
  const [own, collections] = await Promise.all([
    sql<{ id: number; symbol: TokenSymbol; wei: string }>`
      SELECT item_idx AS id, symbol, max(unit_price)::text AS wei FROM offers
      WHERE item_idx = ANY (${items.map((i) => i.itemIdx)}::int[])
        AND state = ${OfferState.Valid} AND remaining > 0 AND expires_at > ${now}
      GROUP BY 1, 2`.execute(db),
    bestCollectionOffers(
      db,
      items.map((i) => i.collectionIdx),
      now,
    ),
  ]);
  for (const r of own.rows) higher(out.get(r.id)!, r.symbol, r.wei);
  for (const i of items)
    for (const s of TOKEN_SYMBOLS) {
      const wei = collections.get(i.collectionIdx)?.[s];
      if (wei) higher(out.get(i.itemIdx)!, s, wei);
    }
  return out;
}
