/**
 * The collection offers' sweep, run by the leader beside the item offers' (`trading.offers`): accepts past their
 * deadline free their part of the offer and the seller's pieces; offers past their expiry become expired (1): a
 * pending one was never escrowed, a valid one's escrow is the buyer's again by the contract's rule (anyone may
 * return it once expired). Each only past the grace the caller allows after the on-chain deadline, each one batch of
 * the order book's `sweep` (offers locked through the one lock order, SKIP LOCKED).
 */
import { OfferState } from '@att/shared';
import type { Db } from '../../../schema';
import { sweep } from '../sweep';
import { collectionOfferById, expireCollectionAccepts, setCollectionOffer } from './collection-offers-repository';

const DUE_STATES = [OfferState.Pending, OfferState.Valid];

export async function sweepCollectionOffers(db: Db, graced: Date, batch = 200) {
  const acceptsExpired = await expireCollectionAccepts(db, graced, batch);
  const offersExpired = await sweep(
    db,
    {
      lock: 'collectionOffers',
      none: 0,
      due: { table: 'collection_offers', id: 'offer_idx', states: DUE_STATES, before: graced, inclusive: true },
      end: async (trx, locked) => {
        let n = 0;
        for (const id of locked) {
          const o = await collectionOfferById(trx, id);
          if (!o || !(DUE_STATES as number[]).includes(o.state) || o.expires_at > graced) continue;
          await setCollectionOffer(trx, o, { state: OfferState.Expired, remaining: o.remaining });
          n++;
        }
        return n;
      },
    },
    batch,
  );
  return { acceptsExpired, offersExpired };
}
