/**
 * The offers' sweep, run by the leader (`trading.offers`, beside the order book's `trading.sweep`): accepts past
 * their deadline free their part of the offer and the seller's pieces; offers past their expiry become expired (1):
 * a pending one was never escrowed, a valid one's escrow is the offerer's again by the contract's rule (anyone may
 * return it once expired: the refund job or the offerer's own cancel); valid offers of a deleted item become 5, so
 * their offerer is shown the cancel that returns the escrow. Each only RELEASE_GRACE_MS after the on-chain
 * deadline: an accept may be mined until then. Each is one batch of the order book's `sweep` (offers locked through
 * the one lock order, SKIP LOCKED).
 */
import { HistoryEvent, OfferState } from '@att/shared';
import { sql } from 'kysely';
import type { Db } from '../../../schema';
import { writeHistory } from '../../history-writer';
import { historyItem } from '..';
import { sweep } from '../sweep';
import { expireAccepts, offerById, setOffer } from './offers-repository';

export interface OfferSweepResult {
  acceptsExpired: number;
  offersExpired: number;
  itemsDeleted: number;
}

const DUE_STATES = [OfferState.Pending, OfferState.Valid, OfferState.ItemDeleted];

export async function sweepOffers(db: Db, graced: Date, batch = 200): Promise<OfferSweepResult> {
  const acceptsExpired = await expireAccepts(db, graced, batch);
  const offersExpired = await sweep(
    db,
    {
      lock: 'offers',
      none: 0,
      due: { table: 'offers', id: 'offer_idx', states: DUE_STATES, before: graced, inclusive: true },
      end: async (trx, locked) => {
        let n = 0;
        for (const id of locked) {
          const o = await offerById(trx, id);
          if (!o || !(DUE_STATES as number[]).includes(o.state) || o.expires_at > graced) continue;
          await setOffer(trx, o, { state: OfferState.Expired, remaining: o.remaining });
          if (o.state !== OfferState.Pending) {
            await writeHistory(trx, {
              event: HistoryEvent.OfferExpire,
              item: await historyItem(trx, o.item_idx),
              amount: o.remaining,
              unitPrice: o.unit_price,
              symbol: o.symbol,
              from: o.buyer_address,
            });
          }
          n++;
        }
        return n;
      },
    },
    batch,
  );
  const itemsDeleted = await sweep(
    db,
    {
      lock: 'offers',
      none: 0,
      due: async (trx, limit) =>
        (
          await trx
            .selectFrom('offers as o')
            .select('o.offer_idx')
            .where('o.state', '=', OfferState.Valid)
            .where(sql<boolean>`o.item_idx IN (SELECT item_idx FROM items WHERE deleted_at IS NOT NULL)`)
            .orderBy('o.offer_idx')
            .limit(limit)
            .execute()
        ).map((o) => String(o.offer_idx)),
      end: async (trx, locked) => {
        for (const id of locked) {
          const o = await offerById(trx, id);
          if (o?.state === OfferState.Valid)
            await setOffer(trx, o, { state: OfferState.ItemDeleted, remaining: o.remaining });
        }
        return locked.length;
      },
    },
    batch,
  );
  return { acceptsExpired, offersExpired, itemsDeleted };
}
