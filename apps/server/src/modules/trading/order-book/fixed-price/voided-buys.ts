/**
 * A Buy its buyer voided on chain (`BuyVoided`): its id is spent, so the chain can never take it and its pieces are
 * free at once. The reservation is released and its pieces go back to the listing's available count (the sweep
 * would have done the same only after the Buy's deadline and its grace). The item's public event tells the pages
 * watching it. The caller holds the listing's lock (lockInOrder).
 */
import { ListingState, ReservationState } from '@att/shared';
import { sql, type Kysely } from 'kysely';
import { ITEM_EVENTS_CHANNEL } from '../../../alerts';
import type { Database } from '../../../schema';

type Trx = Kysely<Database>;

export interface VoidUndo {
  listingIdx: string;
  reservationId: string;
  /** Pieces taken off the listing's reserved count (the undo puts back exactly these). */
  freed: number;
}

/** The listing a voided Buy names, to lock before `releaseVoidedBuy` (undefined: not a listing of the order book). */
export async function voidedBuyListing(trx: Trx, listingHash: string): Promise<string | undefined> {
  const l = await trx
    .selectFrom('listings')
    .select('listing_idx')
    .where('listing_hash', '=', listingHash)
    .executeTakeFirst();
  return l && String(l.listing_idx);
}

/** The buyer's open, unexpired reservations of an item's live listings (the Buys their wallet may still void). */
export async function openReservationsOnItem(db: Trx, itemIdx: number, buyer: string, now: Date) {
  return db
    .selectFrom('reservations as r')
    .innerJoin('listings as l', 'l.listing_idx', 'r.listing_idx')
    .select(['r.reservation_id', 'r.listing_idx', 'r.amount', 'r.expires_at', 'l.listing_hash'])
    .where('l.item_idx', '=', itemIdx)
    .where('l.state', '=', ListingState.Live)
    .where('r.buyer_address', '=', buyer)
    .where('r.state', '=', ReservationState.Open)
    .where('r.expires_at', '>', now)
    .orderBy('r.reservation_id')
    .execute();
}

async function notifyItem(trx: Trx, listingIdx: string) {
  await sql`SELECT pg_notify(${ITEM_EVENTS_CHANNEL}, item_idx::text) FROM listings WHERE listing_idx = ${listingIdx}`.execute(
    trx,
  );
}

/**
 * Releases the open reservation `reservationId` of `buyer` on the listing (the Buy's id is the reservation's id).
 * Returns what the undo needs, or undefined when there was nothing to release (no such reservation of that buyer,
 * or it was no longer open).
 */
export async function releaseVoidedBuy(
  trx: Trx,
  v: { listingIdx: string; reservationId: string; buyer: string },
): Promise<VoidUndo | undefined> {
  const res = await trx
    .updateTable('reservations')
    .set({ state: ReservationState.Released })
    .where('reservation_id', '=', v.reservationId)
    .where('listing_idx', '=', v.listingIdx)
    .where('buyer_address', '=', v.buyer)
    .where('state', '=', ReservationState.Open)
    .returning(['amount'])
    .executeTakeFirst();
  if (!res) return undefined;
  const l = await trx
    .selectFrom('listings')
    .select('reserved')
    .where('listing_idx', '=', v.listingIdx)
    .executeTakeFirstOrThrow();
  const freed = Math.min(res.amount, l.reserved);
  await trx
    .updateTable('listings')
    .set({ reserved: l.reserved - freed, updated_at: sql<Date>`now()` })
    .where('listing_idx', '=', v.listingIdx)
    .execute();
  await notifyItem(trx, v.listingIdx);
  return { listingIdx: v.listingIdx, reservationId: v.reservationId, freed };
}

/**
 * Undoes `releaseVoidedBuy` (its block was orphaned, so the Buy may be sent again until its deadline): the
 * reservation open again and its pieces held again, while the listing is live (never past its remaining; an ended
 * listing released its reservations anyway, and the sweep lapses it after its deadline as any other).
 */
export async function unreleaseVoidedBuy(trx: Trx, u: VoidUndo): Promise<void> {
  const l = await trx
    .selectFrom('listings')
    .select(['state', 'reserved', 'remaining'])
    .where('listing_idx', '=', u.listingIdx)
    .executeTakeFirstOrThrow();
  if (l.state !== ListingState.Live) return;
  await trx
    .updateTable('reservations')
    .set({ state: ReservationState.Open })
    .where('reservation_id', '=', u.reservationId)
    .where('state', '=', ReservationState.Released)
    .execute();
  await trx
    .updateTable('listings')
    .set({ reserved: Math.min(l.reserved + u.freed, l.remaining), updated_at: sql<Date>`now()` })
    .where('listing_idx', '=', u.listingIdx)
    .execute();
  await notifyItem(trx, u.listingIdx);
}
