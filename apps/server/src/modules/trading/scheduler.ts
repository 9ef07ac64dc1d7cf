/**
 * The order book's sweep, run by the leader (`trading.sweep`): releases reservations and transfer permits past
 * their deadline and expires listings (history 'ListExpire', the seller's alert through the outbox, in the same
 * transaction), each only RELEASE_GRACE_MS after its on-chain deadline (a Buy or Transfer may be mined until then).
 * Each is one batch of the order book's `sweep` (SKIP LOCKED, in its one lock order), so a second runner never blocks or doubles.
 */
import { AlertType, HistoryEvent, ListingState } from '@att/shared';
import { enqueueAlert } from '../alerts';
import type { Db, Trx } from '../schema';
import { writeHistory } from './history-writer';
import { endListing, historyItem, releaseExpiredReservations, sweep } from './order-book';
import { expirePermits } from './permits-repository';

/** Pieces stay held this long past a reservation's (or listing's) expiry: the chain may mine a Buy signed at the last
 * second, and the chain's clock may run behind the server's. */
export const RELEASE_GRACE_MS = 30_000;

export interface SchedulerResult {
  released: number;
  permitsExpired: number;
  listingsExpired: { itemIdx: number; seller: string }[];
}

export async function runScheduler(db: Db, now: Date, batch = 200): Promise<SchedulerResult> {
  const graced = new Date(now.getTime() - RELEASE_GRACE_MS);
  const released = await releaseExpiredReservations(db, graced, batch);
  const permitsExpired = await expirePermits(db, graced, batch);
  const due = {
    table: 'listings',
    id: 'listing_idx',
    states: [ListingState.Live],
    before: graced,
    inclusive: true,
  } as const;
  const listingsExpired = await sweep(db, { lock: 'listings', due, end: expire(now), none: [] }, batch);
  return { released, permitsExpired, listingsExpired };
}

const expire = (now: Date) => async (trx: Trx, locked: string[]) => {
  const ended: SchedulerResult['listingsExpired'] = [];
  for (const id of locked) {
    const e = await endListing(trx, id, ListingState.Expired, now);
    if (!e) continue;
    await writeHistory(trx, {
      event: HistoryEvent.ListExpire,
      item: await historyItem(trx, e.itemIdx),
      amount: e.remaining,
      unitPrice: e.price,
      symbol: e.symbol,
      from: e.seller,
    });
    await enqueueAlert(trx, { address: e.seller, type: AlertType.SaleExpired, productIdx: e.itemIdx });
    ended.push({ itemIdx: e.itemIdx, seller: e.seller });
  }
  return ended;
};
