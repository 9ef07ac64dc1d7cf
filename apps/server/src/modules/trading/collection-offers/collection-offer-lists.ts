/**
 * The collection offers' lists: a collection's valid offers, highest price per piece first, with the best one per
 * coin; and a member's own collection offers, newest first (every state: the profile's Offers tab, offers made).
 */
import { ANY_ITEM_CRITERIA, OfferState, TOKEN_SYMBOLS, type CollectionOfferRow, type TokenSymbol } from '@att/shared';
import { sql } from 'kysely';
import type { Db } from '../../schema';
import { visibleCollections } from '../../collections';

interface Paged {
  pageNo: number;
  pageSize: number;
}

const rows = (db: Db) =>
  db
    .selectFrom('collection_offers')
    .select([
      sql<string>`offer_idx::text`.as('offerIdx'),
      'collection_idx',
      'symbol',
      sql<string>`unit_price::text`.as('pricePerOne'),
      'quantity',
      'remaining',
      'reserved',
      'buyer_address',
      'expires_at',
      'state',
      'item_count',
      'traits',
      sql<number>`count(*) OVER ()`.as('total'),
    ]);

async function toRows(db: Db, found: Awaited<ReturnType<ReturnType<typeof rows>['execute']>>) {
  const names = await visibleCollections(
    db,
    found.map((r) => r.collection_idx),
  );
  return found.map((r): CollectionOfferRow => ({
    offerIdx: r.offerIdx,
    collectionIdx: r.collection_idx,
    collectionName: names.get(r.collection_idx)?.name ?? '',
    symbol: r.symbol,
    pricePerOne: r.pricePerOne,
    amount: r.quantity,
    remainAmount: r.remaining,
    availableAmount: Math.max(0, r.remaining - r.reserved),
    buyerAddress: r.buyer_address,
    expireDate: new Date(r.expires_at).toISOString(),
    state: r.state,
    itemCount: r.item_count,
    traits: r.traits,
  }));
}

const live = (db: Db, collectionIdx: number, now: Date) =>
  rows(db)
    .where('collection_idx', '=', collectionIdx)
    .where('state', '=', OfferState.Valid)
    .where('remaining', '>', 0)
    .where('expires_at', '>', now);

/** The offers that cover the item: on any item (criteria zero), or holding its token id. */
const covering = (tokenId: string) =>
  sql<boolean>`(criteria = ${ANY_ITEM_CRITERIA} OR EXISTS (SELECT 1 FROM collection_offer_items c
    WHERE c.offer_idx = collection_offers.offer_idx AND c.token_id = ${tokenId}))`;

/**
 * A collection's live offers, best price first (then oldest), only those covering the item of `tokenId` when given;
 * and the best one per coin among the offers on every item (a trait offer is not an offer on every item).
 */
export async function collectionOffers(db: Db, collectionIdx: number, q: Paged & { tokenId?: string }, now: Date) {
  const found = await live(db, collectionIdx, now)
    .$if(q.tokenId !== undefined, (b) => b.where(covering(q.tokenId!)))
    .orderBy('unit_price', 'desc')
    .orderBy('offer_idx')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  const best = Object.fromEntries(
    await Promise.all(
      TOKEN_SYMBOLS.map(async (symbol: TokenSymbol) => {
        const b = await live(db, collectionIdx, now)
          .where('symbol', '=', symbol)
          .where('traits', 'is', null)
          .orderBy('unit_price', 'desc')
          .orderBy('offer_idx')
          .limit(1)
          .execute();
        return [symbol, (await toRows(db, b))[0] ?? null];
      }),
    ),
  ) as Record<TokenSymbol, CollectionOfferRow | null>;
  return { list: await toRows(db, found), total: Number(found[0]?.total ?? 0), best };
}

/** A member's own collection offers, newest first. */
export async function memberCollectionOffers(db: Db, buyer: string, q: Paged) {
  const found = await rows(db)
    .where('buyer_address', '=', buyer.toLowerCase())
    .orderBy('offer_idx', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return { list: await toRows(db, found), total: Number(found[0]?.total ?? 0) };
}
