/**
 * Reservations: pieces of a listing held for one buyer while their wallet sends the validator's `Buy` (its
 * single-use id is the reservation's id). A reservation is ONE conditional UPDATE of the listing (never past
 * remaining minus reserved) plus its row, so parallel buyers can never hold more pieces than a listing has. A
 * mined `NftBought` settles it (and the listing's remaining); the sweep releases it after its deadline.
 */
import { ListingState, ReservationState, SaleType } from '@att/shared';
import { sql, type Kysely } from 'kysely';
import { addOnSale } from '../../../items';
import { refreshSaleSummary } from '../trade-summary';
import type { Database, Db } from '../../../schema';
import { sweep } from '../sweep';

type Trx = Kysely<Database>;

export type ListingRow = Awaited<ReturnType<typeof listingRow>>;
function listingRow(trx: Trx, listingIdx: string) {
  return trx.selectFrom('listings').selectAll().where('listing_idx', '=', listingIdx).executeTakeFirstOrThrow();
}

/**
 * The buyer's open reservation of exactly `quantity` pieces of a live listing with at least `minLeftS` seconds
 * left, if any (a second tab or a reload gets it back instead of a second one). A read: the chain is asked
 * whether its Buy is spent before the purchase's transaction opens.
 */
export async function openReservationOf(
  db: Trx,
  listingIdx: string,
  buyer: string,
  quantity: number,
  now: Date,
  minLeftS: number,
) {
  return db
    .selectFrom('reservations as r')
    .innerJoin('listings as l', 'l.listing_idx', 'r.listing_idx')
    .select(['r.reservation_id', 'r.expires_at as reserved_until'])
    .where('r.listing_idx', '=', listingIdx)
    .where('r.buyer_address', '=', buyer)
    .where('r.state', '=', ReservationState.Open)
    .where('r.amount', '=', quantity)
    .where('r.expires_at', '>', new Date(now.getTime() + minLeftS * 1000))
    .where('l.state', '=', ListingState.Live)
    .where('l.expires_at', '>', now)
    .orderBy('r.expires_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The reservation and its listing, when it is still open and unexpired (re-checked under the listing's lock). */
export async function stillOpen(trx: Trx, reservationId: string, now: Date) {
  const r = await trx
    .selectFrom('reservations')
    .select(['reservation_id', 'listing_idx', 'expires_at'])
    .where('reservation_id', '=', reservationId)
    .where('state', '=', ReservationState.Open)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return r && { reservation: r, listing: await listingRow(trx, String(r.listing_idx)) };
}

export interface BuyerHolds {
  /** Listings the buyer holds open, unexpired reservations on (this one excluded). */
  otherListings: number;
  /** Pieces those and this listing's open reservations hold. */
  pieces: number;
  /** Reservations of the buyer that lapsed (or are past their deadline unused) since `lapsedSince`. */
  lapsed: number;
  /** The last lapse of this listing by the buyer, if any since `lapsedSince`. */
  lastLapseHere: Date | null;
}

/** What the buyer holds reserved and has let lapse (read under the buyer's lock: lockInOrder). */
export async function buyerHolds(
  trx: Trx,
  buyer: string,
  listingIdx: string,
  now: Date,
  lapsedSince: Date,
): Promise<BuyerHolds> {
  const r = await sql<{
    other_listings: number;
    pieces: number;
    lapsed: number;
    last_lapse_here: Date | string | null;
  }>`
    SELECT count(DISTINCT listing_idx) FILTER (WHERE open AND listing_idx <> ${listingIdx})::int AS other_listings,
           coalesce(sum(amount) FILTER (WHERE open), 0)::int AS pieces,
           count(*) FILTER (WHERE NOT open)::int AS lapsed,
           max(expires_at) FILTER (WHERE NOT open AND listing_idx = ${listingIdx}) AS last_lapse_here
    FROM (SELECT listing_idx, amount, expires_at, state = ${ReservationState.Open} AND expires_at > ${now} AS open
          FROM reservations
          WHERE buyer_address = ${buyer} AND state IN (${ReservationState.Open}, ${ReservationState.Lapsed}) AND expires_at > ${lapsedSince}) r`.execute(
    trx,
  );
  const row = r.rows[0]!;
  return {
    otherListings: row.other_listings,
    pieces: row.pieces,
    lapsed: row.lapsed,
    lastLapseHere: row.last_lapse_here === null ? null : new Date(row.last_lapse_here),
  };
}

export type ReserveRefusal =
  'noListing' | 'soldOut' | 'expired' | 'withdrawn' | 'ownListing' | 'notEnough' | 'heldByOthers';

/**
 * Reserves `quantity` pieces of a live fixed-price listing for `buyer` until `until` (at most the listing's own
 * expiry): one conditional UPDATE, then the reservation row. On refusal, a read says why.
 */
export async function reserve(
  trx: Trx,
  r: { listingIdx: string; buyer: string; quantity: number; now: Date; holdSeconds: number },
): Promise<
  { listing: ListingRow; reservationId: string; until: Date } | { refused: ReserveRefusal; remaining?: number }
> {
  const updated = await trx
    .updateTable('listings')
    .set((eb) => ({ reserved: eb('reserved', '+', r.quantity), updated_at: r.now }))
    .where('listing_idx', '=', r.listingIdx)
    .where('state', '=', ListingState.Live)
    .where('sale_type', '=', SaleType.Fixed)
    .where('expires_at', '>', r.now)
    .where('seller_address', '!=', r.buyer)
    .where('signature', 'is not', null)
    .where(sql<boolean>`remaining - reserved >= ${r.quantity}`)
    .where(sql<boolean>`item_idx IN (SELECT item_idx FROM items WHERE deleted_at IS NULL)`)
    .returningAll()
    .executeTakeFirst();
  if (!updated) return refusal(trx, r);
  const listingExpiry = new Date(Number(updated.expiry) * 1000);
  const until = new Date(Math.min(r.now.getTime() + r.holdSeconds * 1000, listingExpiry.getTime()));
  const row = await trx
    .insertInto('reservations')
    .values({ listing_idx: updated.listing_idx, buyer_address: r.buyer, amount: r.quantity, expires_at: until })
    .returning('reservation_id')
    .executeTakeFirstOrThrow();
  return { listing: updated, reservationId: String(row.reservation_id), until };
}

/** Why a reservation was refused (a read after the UPDATE matched nothing). */
async function refusal(
  trx: Trx,
  r: { listingIdx: string; buyer: string; quantity: number; now: Date },
): Promise<{ refused: ReserveRefusal; remaining?: number }> {
  const l = await trx.selectFrom('listings').selectAll().where('listing_idx', '=', r.listingIdx).executeTakeFirst();
  const live =
    l &&
    (await trx
      .selectFrom('items')
      .select('item_idx')
      .where('item_idx', '=', l.item_idx)
      .where('deleted_at', 'is', null)
      .executeTakeFirst());
  if (!l || !live || l.sale_type !== SaleType.Fixed || !l.signature) return { refused: 'noListing' };
  if (l.state === ListingState.SoldOut || (l.state === ListingState.Live && l.remaining === 0))
    return { refused: 'soldOut' };
  if (l.state === ListingState.Expired || (l.state === ListingState.Live && l.expires_at <= r.now))
    return { refused: 'expired' };
  if (l.state !== ListingState.Live) return { refused: 'withdrawn' };
  if (l.seller_address === r.buyer) return { refused: 'ownListing' };
  if (r.quantity > l.remaining) return { refused: 'notEnough', remaining: l.remaining };
  return { refused: 'heldByOthers' };
}

export interface SaleUndo {
  listingIdx: string;
  prevState: number;
  prevRemaining: number;
  prevReserved: number;
  /** The reservation's state before the sale (null: the Buy's id named no reservation of this listing). */
  prevResState: number | null;
}

/**
 * A mined `NftBought` of `amount` pieces of the listing with `listingHash`, by the reservation `reservationId`:
 * the listing's remaining and reserved go down (sold out at 0), the reservation is settled, the pieces leave the
 * seller's listed count. The caller holds the locks (lockInOrder). Returns what the undo needs, or undefined when
 * no listing has that hash.
 */
export async function settleSale(
  trx: Trx,
  s: { listingHash: string; reservationId: string; amount: number; txHash: string },
): Promise<(SaleUndo & { lazy: boolean }) | undefined> {
  const l = await trx.selectFrom('listings').selectAll().where('listing_hash', '=', s.listingHash).executeTakeFirst();
  if (!l) return undefined;
  const res = await trx
    .selectFrom('reservations')
    .selectAll()
    .where('reservation_id', '=', s.reservationId)
    .where('listing_idx', '=', l.listing_idx)
    .executeTakeFirst();
  const resOpen = res?.state === ReservationState.Open;
  const remaining = Math.max(l.remaining - s.amount, 0);
  const reserved = Math.min(Math.max(l.reserved - (resOpen ? res.amount : 0), 0), remaining);
  const state = l.state === ListingState.Live && remaining === 0 ? ListingState.SoldOut : l.state;
  await trx
    .updateTable('listings')
    .set({ remaining, reserved, state, updated_at: sql<Date>`now()` })
    .where('listing_idx', '=', l.listing_idx)
    .execute();
  if (res)
    await trx
      .updateTable('reservations')
      .set({ state: ReservationState.Settled, tx_hash: s.txHash })
      .where('reservation_id', '=', res.reservation_id)
      .execute();
  if (l.state === ListingState.Live) await addOnSale(trx, l.item_idx, l.seller_address, -(l.remaining - remaining));
  await refreshSaleSummary(trx, l.item_idx);
  return {
    listingIdx: String(l.listing_idx),
    prevState: l.state,
    prevRemaining: l.remaining,
    prevReserved: l.reserved,
    prevResState: res ? res.state : null,
    lazy: l.edition_size > 0,
  };
}

/** A settled reservation's state again when its sale is undone: open while its listing is, lapsed if it had lapsed, else released. */
function unsettledState(prev: number | null, listingStillLive: boolean) {
  if (prev === ReservationState.Open && listingStillLive) return ReservationState.Open;
  return prev === ReservationState.Lapsed ? ReservationState.Lapsed : ReservationState.Released;
}

/** Undoes `settleSale` (its block was orphaned): the listing as it was (if it was live), the reservation reopened if it was open. */
export async function unsettleSale(trx: Trx, u: SaleUndo, reservationId: string, txHash: string): Promise<void> {
  const l = await trx
    .selectFrom('listings')
    .selectAll()
    .where('listing_idx', '=', u.listingIdx)
    .executeTakeFirstOrThrow();
  const listingStillLive =
    u.prevState === ListingState.Live && (l.state === ListingState.Live || l.state === ListingState.SoldOut);
  await trx
    .updateTable('listings')
    .set({
      state: listingStillLive ? ListingState.Live : l.state,
      remaining: u.prevRemaining,
      reserved: listingStillLive ? Math.min(u.prevReserved, u.prevRemaining) : l.reserved,
      updated_at: sql<Date>`now()`,
    })
    .where('listing_idx', '=', l.listing_idx)
    .execute();
  await trx
    .updateTable('reservations')
    .set({ state: unsettledState(u.prevResState, listingStillLive), tx_hash: null })
    .where('reservation_id', '=', reservationId)
    .where('tx_hash', '=', txHash)
    .execute();
  if (listingStillLive) await addOnSale(trx, l.item_idx, l.seller_address, u.prevRemaining - l.remaining);
  await refreshSaleSummary(trx, l.item_idx);
}

/**
 * Marks the reservations past `graced` lapsed and frees their pieces (a sweep): the listing rows first (by id, SKIP LOCKED: one another
 * transaction holds is taken on the next run), then their reservations, as every writer of the order book does.
 */
export async function releaseExpiredReservations(db: Db, graced: Date, batch: number): Promise<number> {
  const due = { table: 'reservations', id: 'listing_idx', states: [ReservationState.Open], before: graced } as const;
  return sweep(db, { lock: 'listings', due, end: lapse(graced), none: 0 }, batch);
}

const lapse = (graced: Date) => async (trx: Trx, locked: string[]) => {
  const r = await sql<{ n: number }>`
      WITH r AS (
        UPDATE reservations SET state = ${ReservationState.Lapsed}
        WHERE listing_idx IN (${sql.join(locked)}) AND state = ${ReservationState.Open} AND expires_at < ${graced}
        RETURNING listing_idx, amount
      ), s AS (SELECT listing_idx, sum(amount)::int AS n FROM r GROUP BY listing_idx),
      u AS (UPDATE listings l SET reserved = greatest(l.reserved - s.n, 0) FROM s WHERE l.listing_idx = s.listing_idx RETURNING 1)
      SELECT (SELECT count(*) FROM r)::int AS n`.execute(trx);
  return r.rows[0]?.n ?? 0;
};
