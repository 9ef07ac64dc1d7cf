/**
 * The order book's state changes (SQL only; use cases decide return codes): listings, reservations and transfer
 * permits, and the pieces they hold in `inventory` (written through the items module, its one writer). Every
 * writer — the use cases, the indexer's handlers, the sweep — changes them through this file, and takes its row
 * locks through `lockInOrder`: the buyer of a new reservation (an advisory lock: their limits are counted under
 * it), listings (by id), then their open reservations, then offers (by id; their accepts are written only under
 * the offer's lock), then inventory rows (by item and holder). One order for everyone is what keeps two writers
 * from deadlocking on PostgreSQL.
 */
import {
  ListingState,
  OfferAcceptState,
  PermitState,
  ReservationState,
  SaleType,
  type ListingStateValue,
  type TokenSymbol,
} from '@att/shared';
import { sql, type Kysely } from 'kysely';
import { addOnSale, lockHolding } from '../../../items';
import { refreshSaleSummary } from '../trade-summary';
import type { Database } from '../../../schema';

type Trx = Kysely<Database>;

export interface LockRequest {
  /** A buyer whose reservations are counted against their limits (first: a transaction names at most one). */
  buyer?: string;
  /** A seller whose open and lapsed accepts are counted against their limits (first, like `buyer`). */
  acceptor?: string;
  /** Listing ids to lock (any order: they are locked by id). */
  listings?: readonly string[];
  /** Offer ids to lock after the listings (any order: they are locked by id). */
  offers?: readonly string[];
  /** Collection offer ids to lock after the offers (any order: they are locked by id). */
  collectionOffers?: readonly string[];
  /** Inventory rows to lock after the listings and offers (locked by item, then holder). */
  holdings?: readonly { itemIdx: number; holder: string }[];
  /** Skip listings and offers another transaction holds (sweeps); the skipped ones are not returned. */
  skipLocked?: boolean;
  /**
   * Fail at once (PostgreSQL's lock_not_available) instead of waiting when another transaction holds one: the only
   * way a transaction that already holds an inventory row may lock listings (the indexer's rare end of a listing
   * it did not foresee), so it aborts, and is retried, instead of deadlocking against the one order.
   */
  noWait?: boolean;
}

/** Takes the order book's locks in the one order; returns the listing ids (then the offer ids) it holds. */
export async function lockInOrder(trx: Trx, req: LockRequest): Promise<string[]> {
  if (req.buyer) await sql`SELECT pg_advisory_xact_lock(hashtext(${`reserve:${req.buyer}`}))`.execute(trx);
  if (req.acceptor) await sql`SELECT pg_advisory_xact_lock(hashtext(${`accept:${req.acceptor}`}))`.execute(trx);
  let locked: string[] = [];
  if (req.listings && req.listings.length > 0) {
    let q = trx
      .selectFrom('listings')
      .select('listing_idx')
      .where('listing_idx', 'in', [...req.listings])
      .orderBy('listing_idx')
      .forUpdate();
    if (req.skipLocked) q = q.skipLocked();
    if (req.noWait) q = q.noWait();
    locked = (await q.execute()).map((r) => String(r.listing_idx));
    if (locked.length > 0) {
      let r = trx
        .selectFrom('reservations')
        .select('reservation_id')
        .where('listing_idx', 'in', locked)
        .where('state', '=', ReservationState.Open)
        .orderBy('reservation_id')
        .forUpdate();
      if (req.noWait) r = r.noWait();
      await r.execute();
    }
  }
  if (req.offers && req.offers.length > 0) {
    let q = trx
      .selectFrom('offers')
      .select('offer_idx')
      .where('offer_idx', 'in', [...req.offers])
      .orderBy('offer_idx')
      .forUpdate();
    if (req.skipLocked) q = q.skipLocked();
    locked = [...locked, ...(await q.execute()).map((r) => String(r.offer_idx))];
  }
  if (req.collectionOffers && req.collectionOffers.length > 0) {
    let q = trx
      .selectFrom('collection_offers')
      .select('offer_idx')
      .where('offer_idx', 'in', [...req.collectionOffers])
      .orderBy('offer_idx')
      .forUpdate();
    if (req.skipLocked) q = q.skipLocked();
    locked = [...locked, ...(await q.execute()).map((r) => String(r.offer_idx))];
  }
  const holdings = [...(req.holdings ?? [])].sort(
    (a, b) => a.itemIdx - b.itemIdx || (a.holder < b.holder ? -1 : a.holder > b.holder ? 1 : 0),
  );
  for (const h of holdings) await lockHolding(trx, h.itemIdx, h.holder);
  return locked;
}

/**
 * Whether the seller's live listings of an item list more pieces than they would hold after losing `losing` more
 * (so a transfer may end some): one read of their inventory row's listed count (`on_sale`, the sum of their live
 * listings' remaining pieces), without a lock. A guess to take the listings' locks up front, in the one order; the
 * decision itself is `listedBeyondHolding` after the move.
 */
export async function mayOverList(trx: Trx, itemIdx: number, seller: string, losing: number): Promise<boolean> {
  const inv = await trx
    .selectFrom('inventory')
    .select(['amount', 'on_sale'])
    .where('item_idx', '=', itemIdx)
    .where('holder_address', '=', seller)
    .executeTakeFirst();
  return !!inv && inv.on_sale > inv.amount - losing;
}

/** How many pieces the seller's live listings of an item list beyond what they hold (0: every listing is backed). */
export async function listedBeyondHolding(trx: Trx, itemIdx: number, seller: string): Promise<number> {
  const r = await sql<{ beyond: number }>`
    SELECT (coalesce(sum(l.remaining), 0) - coalesce((SELECT amount FROM inventory WHERE item_idx = ${itemIdx} AND holder_address = ${seller}), 0))::int AS beyond
    FROM listings l WHERE l.item_idx = ${itemIdx} AND l.seller_address = ${seller} AND l.state = ${ListingState.Live}`.execute(
    trx,
  );
  return Math.max(0, r.rows[0]?.beyond ?? 0);
}

/** The live listings of a seller's pieces of an item (ids, oldest first). */
export async function liveListingsOf(trx: Trx, itemIdx: number, seller: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('listings')
    .select('listing_idx')
    .where('item_idx', '=', itemIdx)
    .where('seller_address', '=', seller)
    .where('state', '=', ListingState.Live)
    .orderBy('listing_idx')
    .execute();
  return rows.map((r) => String(r.listing_idx));
}

export interface ItemRow {
  item_idx: number;
  collection_idx: number;
  token_id: string;
  total_supply: number;
  royalty_bps: number;
  minted_supply: number;
  creator_address: string;
}

/** A live item with its creator's address (lower-case). */
export async function liveItem(db: Trx, itemIdx: number): Promise<ItemRow | undefined> {
  const item = await db
    .selectFrom('items as i')
    .innerJoin('members as m', 'm.member_idx', 'i.creator_idx')
    .select([
      'i.item_idx',
      'i.collection_idx',
      'i.token_id',
      'i.total_supply',
      'i.royalty_bps',
      'i.minted_supply',
      'm.address as creator_address',
    ])
    .where('i.item_idx', '=', itemIdx)
    .where('i.deleted_at', 'is', null)
    .executeTakeFirst();
  return item && { ...item, creator_address: item.creator_address.toLowerCase() };
}

/** Whether the item is up for auction (its sale type; an offer can be neither made nor accepted then). */
export async function inAuction(db: Trx, itemIdx: number): Promise<boolean> {
  const it = await db.selectFrom('items').select('sale_type').where('item_idx', '=', itemIdx).executeTakeFirstOrThrow();
  return it.sale_type === SaleType.Auction;
}

/** An item by its token id (deleted ones too: the chain does not know about deletion). */
export async function itemByToken(trx: Trx, tokenId: string) {
  return trx
    .selectFrom('items as i')
    .innerJoin('members as m', 'm.member_idx', 'i.creator_idx')
    .select(['i.item_idx', 'i.collection_idx', 'i.minted_supply', 'm.address as creator'])
    .where('i.token_id', '=', tokenId)
    .executeTakeFirst();
}

export async function historyItem(trx: Trx, itemIdx: number) {
  return trx
    .selectFrom('items')
    .select(['item_idx', 'collection_idx'])
    .where('item_idx', '=', itemIdx)
    .executeTakeFirstOrThrow();
}

export interface Holding {
  amount: number;
  on_sale: number;
  reserved: number;
  /** Pieces neither listed nor held by a permit. */
  free: number;
  /** The creator's unminted pieces not yet promised to a lazy listing or a permit. */
  unmintedFree: number;
  mintedFree: number;
}

/** Unminted pieces the creator's open accepts of offers and collection offers on the item will mint. */
async function openAcceptMints(trx: Trx, itemIdx: number, seller: string): Promise<number> {
  const r = await trx
    .selectFrom('offer_accepts as a')
    .innerJoin('offers as o', 'o.offer_idx', 'a.offer_idx')
    .select(sql<number>`coalesce(sum(a.mint_amount), 0)::int`.as('n'))
    .where('o.item_idx', '=', itemIdx)
    .where('a.seller_address', '=', seller)
    .where('a.state', '=', OfferAcceptState.Open)
    .executeTakeFirstOrThrow();
  const c = await trx
    .selectFrom('collection_offer_accepts')
    .select(sql<number>`coalesce(sum(mint_amount), 0)::int`.as('n'))
    .where('item_idx', '=', itemIdx)
    .where('seller_address', '=', seller)
    .where('state', '=', OfferAcceptState.Open)
    .executeTakeFirstOrThrow();
  return r.n + c.n;
}

/** The holder's pieces (their inventory row locked), and how many are free, minted or unminted. */
export async function holding(trx: Trx, item: ItemRow, holder: string): Promise<Holding | undefined> {
  const inv = await lockHolding(trx, item.item_idx, holder);
  if (!inv) return undefined;
  const isCreator = holder === item.creator_address;
  const lazy = isCreator
    ? await trx
        .selectFrom('listings')
        .select(sql<number>`coalesce(sum(remaining), 0)::int`.as('n'))
        .where('item_idx', '=', item.item_idx)
        .where('seller_address', '=', holder)
        .where('state', '=', ListingState.Live)
        .where('edition_size', '>', 0)
        .executeTakeFirstOrThrow()
    : { n: 0 };
  const permitMints = isCreator
    ? await trx
        .selectFrom('transfer_permits')
        .select(sql<number>`coalesce(sum(mint_amount), 0)::int`.as('n'))
        .where('item_idx', '=', item.item_idx)
        .where('from_address', '=', holder)
        .where('state', '=', PermitState.Open)
        .executeTakeFirstOrThrow()
    : { n: 0 };
  const acceptMints = isCreator ? await openAcceptMints(trx, item.item_idx, holder) : 0;
  const unminted = isCreator ? Math.max(0, Math.min(inv.amount, item.total_supply - item.minted_supply)) : 0;
  const free = inv.amount - inv.on_sale - inv.reserved;
  const unmintedFree = Math.max(0, Math.min(free, unminted - lazy.n - permitMints.n - acceptMints));
  return { ...inv, free, unmintedFree, mintedFree: Math.max(0, free - unmintedFree) };
}

/** Stores a signed listing and moves its pieces into the seller's listed count; undefined when that signed listing is already stored. */
export async function insertListing(
  trx: Trx,
  values: {
    item_idx: number;
    seller_address: string;
    sale_type: number;
    symbol: TokenSymbol;
    unit_price: string;
    quantity: number;
    expires_at: Date;
    token_address: string;
    collection_address: string;
    edition_size: number;
    royalty_bps: number;
    fee_bps: number;
    expiry: string;
    salt: string;
    counter: string;
    signature: string;
    listing_hash: string;
  },
): Promise<string | undefined> {
  const row = await trx
    .insertInto('listings')
    .values({ ...values, remaining: values.quantity })
    .onConflict((oc) => oc.column('listing_hash').where('listing_hash', 'is not', null).doNothing())
    .returning('listing_idx')
    .executeTakeFirst();
  if (!row) return undefined;
  await addOnSale(trx, values.item_idx, values.seller_address, values.quantity);
  await refreshSaleSummary(trx, values.item_idx);
  return String(row.listing_idx);
}

export interface EndedListing {
  listingIdx: string;
  /** The open reservations the end released (an undo reopens them). */
  released: string[];
  itemIdx: number;
  seller: string;
  remaining: number;
  price: string;
  symbol: TokenSymbol;
}

/**
 * Ends a live listing (withdrawn, cancelled on chain, expired): its open reservations are released and its
 * pieces leave the seller's listed count. The caller holds the listing's lock. Undefined when it was not live.
 */
export async function endListing(
  trx: Trx,
  listingIdx: string,
  state: ListingStateValue,
  now: Date,
): Promise<EndedListing | undefined> {
  const l = await trx
    .selectFrom('listings')
    .selectAll()
    .where('listing_idx', '=', listingIdx)
    .where('state', '=', ListingState.Live)
    .executeTakeFirst();
  if (!l) return undefined;
  await trx
    .updateTable('listings')
    .set({ state, reserved: 0, updated_at: now })
    .where('listing_idx', '=', listingIdx)
    .execute();
  const released = await trx
    .updateTable('reservations')
    .set({ state: ReservationState.Released })
    .where('listing_idx', '=', listingIdx)
    .where('state', '=', ReservationState.Open)
    .returning('reservation_id')
    .execute();
  await addOnSale(trx, l.item_idx, l.seller_address, -l.remaining);
  await refreshSaleSummary(trx, l.item_idx);
  return {
    listingIdx,
    released: released.map((r) => String(r.reservation_id)),
    itemIdx: l.item_idx,
    seller: l.seller_address,
    remaining: l.remaining,
    price: l.unit_price,
    symbol: l.symbol,
  };
}

/**
 * Undoes `endListing` (the event that ended it was orphaned by a reorg): the listing is live again with the
 * reservations the end released (those of `released` that are its own and still released: their Buy is valid on
 * the chain that never saw the end).
 */
export async function reopenListing(trx: Trx, listingIdx: string, released: readonly string[] = []): Promise<void> {
  const l = await trx.selectFrom('listings').selectAll().where('listing_idx', '=', listingIdx).executeTakeFirst();
  if (!l || l.state === ListingState.Live) return;
  const back =
    released.length === 0
      ? []
      : await trx
          .updateTable('reservations')
          .set({ state: ReservationState.Open })
          .where('reservation_id', 'in', [...released])
          .where('listing_idx', '=', listingIdx)
          .where('state', '=', ReservationState.Released)
          .returning('amount')
          .execute();
  const reserved = Math.min(
    l.remaining,
    back.reduce((n, r) => n + r.amount, 0),
  );
  await trx
    .updateTable('listings')
    .set({ state: ListingState.Live, reserved, updated_at: sql<Date>`now()` })
    .where('listing_idx', '=', listingIdx)
    .execute();
  await addOnSale(trx, l.item_idx, l.seller_address, l.remaining);
  await refreshSaleSummary(trx, l.item_idx);
}
