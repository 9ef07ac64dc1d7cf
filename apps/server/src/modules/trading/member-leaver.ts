/**
 * Trading's part of a withdrawal: what the member must end from their wallet first (nothing is moved for them).
 * Trading holds no personal data (addresses and trades are public on chain), so it forgets nothing.
 */
import { AuctionState, LIVE_OFFER_STATES, ListingState, OfferState, ReservationState } from '@att/shared';
import { sql } from 'kysely';
import type { MemberLeaver } from '../accounts';
import type { Trx } from '../schema';

const count = sql<number>`count(*)::int`.as('n');

async function n(q: { executeTakeFirstOrThrow(): Promise<{ n: number }> }): Promise<number> {
  return (await q.executeTakeFirstOrThrow()).n;
}

export const tradingLeaver: MemberLeaver = {
  async obligations(trx: Trx, m, now) {
    const a = m.address;
    return {
      'live-listings': await n(
        trx
          .selectFrom('listings')
          .select(count)
          .where('seller_address', '=', a)
          .where('state', '=', ListingState.Live)
          .where('remaining', '>', 0)
          .where('expires_at', '>', now),
      ),
      'running-auctions': await n(
        trx
          .selectFrom('auctions')
          .select(count)
          .where('seller_address', '=', a)
          .where((eb) =>
            eb.or([
              eb('state', '=', AuctionState.Active),
              eb.and([eb('state', '=', AuctionState.Signed), eb('sign_expires_at', '>', now)]),
            ]),
          ),
      ),
      'top-bids': await n(
        trx.selectFrom('auctions').select(count).where('top_bidder', '=', a).where('state', '=', AuctionState.Active),
      ),
      // Item offers and collection offers alike: the escrow is the member's to take back.
      'open-offers':
        (await n(
          trx
            .selectFrom('offers')
            .select(count)
            .where('buyer_address', '=', a)
            .where('state', 'in', LIVE_OFFER_STATES)
            .where('expires_at', '>', now),
        )) +
        (await n(
          trx
            .selectFrom('collection_offers')
            .select(count)
            .where('buyer_address', '=', a)
            .where('state', '=', OfferState.Valid)
            .where('remaining', '>', 0)
            .where('expires_at', '>', now),
        )),
      reservations: await n(
        trx
          .selectFrom('reservations')
          .select(count)
          .where('buyer_address', '=', a)
          .where('state', '=', ReservationState.Open)
          .where('expires_at', '>', now),
      ),
      'withdrawable-balances': await n(
        trx
          .selectFrom('withdrawable_balances')
          .select(count)
          .where('account_address', '=', a)
          .where(sql`amount::numeric`, '>', 0),
      ),
    };
  },
};
