/**
 * The order book's writes for a rebuild from the chain (reindex/order-book-replay.ts decides when each runs):
 * parking every signed listing unlisted with all its pieces and releasing settled reservations, then relisting a
 * listing at the time the order book listed it, with the pieces its open reservations still hold.
 */
import { ListingState, ReservationState } from '@att/shared';
import { sql, type Kysely } from 'kysely';
import { addOnSale } from '../../items';
import { refreshSaleSummary } from './trade-summary';
import type { Database } from '../../schema';
import { lockInOrder } from './fixed-price/listings';

type Trx = Kysely<Database>;

/** Every signed listing waits unlisted (as an ended one, which no handler touches) with all its pieces; settled reservations are released (the replay settles them again). */
export async function parkListings(trx: Trx): Promise<void> {
  await trx
    .updateTable('listings')
    .set((eb) => ({ state: ListingState.Cancelled, remaining: eb.ref('quantity'), reserved: 0 }))
    .where('listing_hash', 'is not', null)
    .execute();
  await trx
    .updateTable('reservations')
    .set({ state: ReservationState.Released, tx_hash: null })
    .where('state', '=', ReservationState.Settled)
    .execute();
}

/** A parked listing is live again, holding what its open reservations hold (never more than remains); its pieces are on sale again. */
export async function relistParked(trx: Trx, listingIdx: string): Promise<void> {
  await lockInOrder(trx, { listings: [listingIdx] });
  const open = await trx
    .selectFrom('reservations')
    .select(sql<number>`coalesce(sum(amount), 0)::int`.as('n'))
    .where('listing_idx', '=', listingIdx)
    .where('state', '=', ReservationState.Open)
    .executeTakeFirstOrThrow();
  const l = await trx
    .updateTable('listings')
    .set((eb) => ({ state: ListingState.Live, reserved: sql`least(${open.n}, ${eb.ref('remaining')})` }))
    .where('listing_idx', '=', listingIdx)
    .returning(['item_idx', 'seller_address', 'remaining'])
    .executeTakeFirstOrThrow();
  await addOnSale(trx, l.item_idx, l.seller_address, l.remaining);
  await refreshSaleSummary(trx, l.item_idx);
}
