/**
 * Collection offers and their accepts (SQL only; use cases decide return codes), as item offers are kept: an offer
 * is inserted pending when the validator signs it, becomes valid when the indexer sees `CollectionOfferMade`, and
 * loses pieces to `CollectionOfferAccepted` and `CollectionOfferCancelled`. An accept names one item of the
 * collection and holds part of the offer (`reserved`) by ONE conditional UPDATE (never past remaining minus
 * reserved) and the seller's pieces of that item (their inventory `reserved`). Callers hold the offer's lock (the
 * order book's `lockInOrder`, `collectionOffers`) for every change but that UPDATE, which is safe on its own. The token
 * ids an offer covers (its criteria's Merkle leaves) are written with it and never change.
 */
import { OfferAcceptState, OfferState, type OfferStateValue, type TokenSymbol, type TraitFilter } from '@att/shared';
import { sql, type Kysely } from 'kysely';
import { addReserved, traitMatch } from '../../../items';
import type { Database } from '../../../schema';
import { sweep } from '../sweep';

type Trx = Kysely<Database>;

export type CollectionOfferRow = NonNullable<Awaited<ReturnType<typeof collectionOfferById>>>;
export function collectionOfferById(db: Trx, offerIdx: string) {
  return db.selectFrom('collection_offers').selectAll().where('offer_idx', '=', offerIdx).executeTakeFirst();
}

/**
 * The token ids of a collection's live items (minted or not: every item has its token id), ascending; with `traits`,
 * only the items the trait filter matches (the item list's matching).
 */
export async function liveTokenIdsOf(db: Trx, collectionIdx: number, traits?: TraitFilter): Promise<string[]> {
  const rows = await db
    .selectFrom('items as i')
    .select(sql<string>`i.token_id::text`.as('tokenId'))
    .where('i.collection_idx', '=', collectionIdx)
    .where('i.deleted_at', 'is', null)
    .where(traitMatch(collectionIdx, traits ?? []))
    .orderBy('i.token_id')
    .execute();
  return rows.map((r) => r.tokenId);
}

/** The token ids an offer covers, ascending (none for an offer on any item of its collection). */
export async function coveredTokenIds(db: Trx, offerIdx: string): Promise<string[]> {
  const rows = await db
    .selectFrom('collection_offer_items')
    .select(sql<string>`token_id::text`.as('tokenId'))
    .where('offer_idx', '=', offerIdx)
    .orderBy('token_id')
    .execute();
  return rows.map((r) => r.tokenId);
}

/** Rows a statement inserts at once (two parameters each, well under PostgreSQL's 65,535). */
const COVERED_BATCH = 5_000;

/**
 * A pending collection offer (escrowed only by the buyer's `makeCollectionOffer`) and the token ids it covers
 * (`criteria` is their Merkle root; none with a zero criteria); returns its id.
 */
export async function insertCollectionOffer(
  trx: Trx,
  o: {
    collectionIdx: number;
    criteria: string;
    tokenIds: readonly string[];
    buyer: string;
    symbol: TokenSymbol;
    token: string;
    unitPrice: string;
    quantity: number;
    feeBps: number;
    expiry: number;
    /** A trait offer's filter (kept for its lists); absent: every live item. */
    traits?: TraitFilter;
  },
): Promise<string> {
  const r = await trx
    .insertInto('collection_offers')
    .values({
      collection_idx: o.collectionIdx,
      criteria: o.criteria,
      buyer_address: o.buyer,
      symbol: o.symbol,
      token_address: o.token,
      unit_price: o.unitPrice,
      quantity: o.quantity,
      remaining: o.quantity,
      fee_bps: o.feeBps,
      expiry: String(o.expiry),
      expires_at: new Date(o.expiry * 1000),
      item_count: o.tokenIds.length > 0 ? o.tokenIds.length : null,
      traits: o.traits ? JSON.stringify(o.traits) : null,
    })
    .returning('offer_idx')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < o.tokenIds.length; i += COVERED_BATCH) {
    const batch = o.tokenIds.slice(i, i + COVERED_BATCH);
    await trx
      .insertInto('collection_offer_items')
      .values(batch.map((tokenId) => ({ offer_idx: r.offer_idx, token_id: tokenId })))
      .execute();
  }
  return String(r.offer_idx);
}

/** Holds `amount` of a valid, unexpired offer for a new accept: one conditional UPDATE; undefined when it does not fit. */
export function reserveCollectionOffer(trx: Trx, offerIdx: string, amount: number, now: Date) {
  return trx
    .updateTable('collection_offers')
    .set((eb) => ({ reserved: eb('reserved', '+', amount), updated_at: now }))
    .where('offer_idx', '=', offerIdx)
    .where('state', '=', OfferState.Valid)
    .where('expires_at', '>', now)
    .where(sql<boolean>`remaining - reserved >= ${amount}`)
    .returningAll()
    .executeTakeFirst();
}

/** The accept of a reserved part of an offer with pieces of one item; holds them. Returns its id. */
export async function insertCollectionAccept(
  trx: Trx,
  a: { offerIdx: string; itemIdx: number; seller: string; amount: number; mintAmount: number; expiresAt: Date },
): Promise<string> {
  await addReserved(trx, a.itemIdx, a.seller, a.amount);
  const r = await trx
    .insertInto('collection_offer_accepts')
    .values({
      offer_idx: a.offerIdx,
      item_idx: a.itemIdx,
      seller_address: a.seller,
      amount: a.amount,
      mint_amount: a.mintAmount,
      expires_at: a.expiresAt,
    })
    .returning('accept_id')
    .executeTakeFirstOrThrow();
  return String(r.accept_id);
}

/** The seller's open accept of the offer with the item, if one waits to be sent (`now`: before its deadline). */
export function openCollectionAcceptOf(trx: Trx, offerIdx: string, itemIdx: number, seller: string, now: Date) {
  return trx
    .selectFrom('collection_offer_accepts')
    .select(['accept_id', 'amount', 'mint_amount', 'expires_at'])
    .where('offer_idx', '=', offerIdx)
    .where('item_idx', '=', itemIdx)
    .where('seller_address', '=', seller)
    .where('state', '=', OfferAcceptState.Open)
    .where('expires_at', '>', now)
    .orderBy('accept_id', 'desc')
    .executeTakeFirst();
}

/** What a collection offer was before a chain event changed it (the event's undo puts it back). */
export interface CollectionOfferBefore {
  offerIdx: string;
  prevState: number;
  prevRemaining: number;
  prevReserved: number;
  prevMadeTx: string | null;
}

/** What an offer's open accepts hold, capped at what it has left. */
const heldSql = (remaining: unknown) =>
  sql<number>`least(${remaining}, (SELECT coalesce(sum(a.amount), 0) FROM collection_offer_accepts a WHERE a.offer_idx = collection_offers.offer_idx AND a.state = ${OfferAcceptState.Open}))::int`;

/** Sets an offer's state and remaining (its held pieces recounted from its open accepts); returns what it was. */
export async function setCollectionOffer(
  trx: Trx,
  offer: CollectionOfferRow,
  to: { state: OfferStateValue | number; remaining: number; madeTx?: string | null },
): Promise<CollectionOfferBefore> {
  await trx
    .updateTable('collection_offers')
    .set({
      state: to.state,
      remaining: to.remaining,
      reserved: heldSql(to.remaining),
      ...(to.madeTx !== undefined ? { made_tx: to.madeTx } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('offer_idx', '=', offer.offer_idx)
    .execute();
  return {
    offerIdx: String(offer.offer_idx),
    prevState: offer.state,
    prevRemaining: offer.remaining,
    prevReserved: offer.reserved,
    prevMadeTx: offer.made_tx,
  };
}

/** Puts an offer back as `setCollectionOffer` found it. */
export async function restoreCollectionOffer(trx: Trx, b: CollectionOfferBefore): Promise<void> {
  await trx
    .updateTable('collection_offers')
    .set({
      state: b.prevState,
      remaining: b.prevRemaining,
      reserved: b.prevReserved,
      made_tx: b.prevMadeTx,
      updated_at: sql<Date>`now()`,
    })
    .where('offer_idx', '=', b.offerIdx)
    .execute();
}

/**
 * The accept `acceptId` of `offerIdx` was used on chain: settled, its seller's pieces no longer held by it. Returns
 * its state before and its item (null: no such accept).
 */
export async function useCollectionAccept(trx: Trx, acceptId: string, offerIdx: string, txHash: string) {
  const a = await trx
    .selectFrom('collection_offer_accepts')
    .selectAll()
    .where('accept_id', '=', acceptId)
    .where('offer_idx', '=', offerIdx)
    .executeTakeFirst();
  if (!a) return null;
  await trx
    .updateTable('collection_offer_accepts')
    .set({ state: OfferAcceptState.Used, tx_hash: txHash })
    .where('accept_id', '=', a.accept_id)
    .execute();
  if (a.state === OfferAcceptState.Open) await addReserved(trx, a.item_idx, a.seller_address, -a.amount);
  return { prevState: a.state, itemIdx: a.item_idx };
}

/** Undoes `useCollectionAccept`. */
export async function unuseCollectionAccept(trx: Trx, acceptId: string, prevState: number): Promise<void> {
  const a = await trx
    .updateTable('collection_offer_accepts')
    .set({ state: prevState, tx_hash: null })
    .where('accept_id', '=', acceptId)
    .returning(['item_idx', 'seller_address', 'amount'])
    .executeTakeFirst();
  if (a && prevState === OfferAcceptState.Open) await addReserved(trx, a.item_idx, a.seller_address, a.amount);
}

/** Expires open accepts past `graced` (a sweep): their part of the offer and the seller's pieces are free again. */
export async function expireCollectionAccepts(db: Kysely<Database>, graced: Date, batch: number): Promise<number> {
  const due = {
    table: 'collection_offer_accepts',
    id: 'offer_idx',
    states: [OfferAcceptState.Open],
    before: graced,
  } as const;
  return sweep(db, { lock: 'collectionOffers', due, end: expireLocked(graced), none: 0 }, batch);
}

const expireLocked = (graced: Date) => async (trx: Trx, locked: string[]) => {
  const rows = await trx
    .updateTable('collection_offer_accepts')
    .set({ state: OfferAcceptState.Expired })
    .where('offer_idx', 'in', locked)
    .where('state', '=', OfferAcceptState.Open)
    .where('expires_at', '<', graced)
    .returning(['item_idx', 'seller_address', 'amount'])
    .execute();
  await trx
    .updateTable('collection_offers')
    .set({ reserved: heldSql(sql.ref('remaining')) })
    .where('offer_idx', 'in', locked)
    .execute();
  const held = [...rows].sort((a, b) => a.item_idx - b.item_idx || (a.seller_address < b.seller_address ? -1 : 1));
  for (const h of held) await addReserved(trx, h.item_idx, h.seller_address, -h.amount);
  return rows.length;
};

/**
 * A rebuild from the chain (reindex) takes the chain's effect on collection offers back before it replays the
 * chain, as `parkOffers` does for item offers.
 */
export async function parkCollectionOffers(trx: Trx): Promise<void> {
  await trx
    .updateTable('collection_offers')
    .set((eb) => ({
      state: eb.case().when('state', '=', OfferState.Expired).then(OfferState.Expired).else(OfferState.Pending).end(),
      remaining: eb.ref('quantity'),
      reserved: 0,
      made_tx: null,
    }))
    .where('made_tx', 'is not', null)
    .execute();
  await trx.updateTable('collection_offers').set({ reserved: 0 }).where('reserved', '>', 0).execute();
  await trx
    .updateTable('collection_offer_accepts')
    .set({ state: OfferAcceptState.Expired, tx_hash: null })
    .where('state', 'in', [OfferAcceptState.Open, OfferAcceptState.Used])
    .execute();
}
