/**
 * The order book's side of a rebuild from the chain. The marketplace's own records stay as written: the signed
 * listings, reservations, transfer permits and the history rows the order book wrote (listed, withdrawn,
 * expired). What the chain decided is taken back to before the chain acted (`parkOrderBook`): every signed
 * listing waits unlisted (as an ended one, which no handler touches) with all its pieces, settled reservations
 * are released (the replay settles them again) and permits wait unissued. `replayOrderBook` then puts each back
 * in place at the time the order book did, between the chain's blocks: a listing is listed at its creation, a
 * withdrawal (told by the withdrawal's own history row) or an expiry ends it at the time it happened, a permit
 * holds its pieces from its issue until it is used on chain or ran out. Listings ended by the chain (sold out,
 * cancelled on chain, by a counter, pieces moved away) get no order-book event: the replayed logs end them.
 * Auctions are the chain's from their registration on: they wait signed, without bids, until replayed.
 */
import { HistoryEvent, ListingState, PermitState } from '@att/shared';
import { sql, type Kysely } from 'kysely';
import { addReserved } from '../../items';
import type { Database } from '../../schema';
import { parkAuctions } from '../order-book/auctions/auctions-repository';
import { endListing, lockInOrder, parkListings, relistParked } from '../order-book';
import { RELEASE_GRACE_MS } from '../scheduler';

type Trx = Kysely<Database>;

export type OrderBookEvent =
  | { kind: 'list'; at: number; listingIdx: string; listingHash: string }
  | {
      kind: 'end';
      at: number;
      listingIdx: string;
      state: typeof ListingState.Cancelled | typeof ListingState.Expired;
      endedAt: Date;
    }
  | { kind: 'permit'; at: number; transferId: string }
  | { kind: 'permitExpire'; at: number; transferId: string };

/** How close (ms) a withdrawal's history row is to the listing's end: they are written in one transaction. */
const SAME_WRITE_MS = 5000;

/** Reads the order book's own events, then parks it; returns the events in time order. */
export async function parkOrderBook(trx: Trx): Promise<OrderBookEvent[]> {
  const listings = await sql<{
    listing_idx: string;
    listing_hash: string;
    state: number;
    created_at: Date;
    updated_at: Date;
    withdrawn_at: Date | null;
  }>`
    SELECT l.listing_idx::text AS listing_idx, l.listing_hash, l.state, l.created_at, l.updated_at,
      (SELECT h.created_at FROM trade_history h
        WHERE h.tx_hash IS NULL AND h.event_type = ${HistoryEvent.ListCancel} AND h.item_idx = l.item_idx
          AND h.from_address = l.seller_address AND h.unit_price = l.unit_price AND h.symbol = l.symbol
          AND h.created_at BETWEEN l.updated_at - ${`${SAME_WRITE_MS} milliseconds`}::interval AND l.updated_at + ${`${SAME_WRITE_MS} milliseconds`}::interval
        ORDER BY abs(extract(epoch FROM h.created_at - l.updated_at)) LIMIT 1) AS withdrawn_at
    FROM listings l WHERE l.listing_hash IS NOT NULL`.execute(trx);
  const permits = await trx
    .selectFrom('transfer_permits')
    .select(['transfer_id', 'state', 'created_at', 'expires_at'])
    .execute();

  const events: OrderBookEvent[] = [];
  for (const l of listings.rows) {
    events.push({
      kind: 'list',
      at: new Date(l.created_at).getTime(),
      listingIdx: l.listing_idx,
      listingHash: l.listing_hash,
    });
    if (l.state === ListingState.Expired) {
      events.push({
        kind: 'end',
        at: new Date(l.updated_at).getTime(),
        listingIdx: l.listing_idx,
        state: ListingState.Expired,
        endedAt: new Date(l.updated_at),
      });
    } else if (l.state === ListingState.Cancelled && l.withdrawn_at) {
      events.push({
        kind: 'end',
        at: new Date(l.withdrawn_at).getTime(),
        listingIdx: l.listing_idx,
        state: ListingState.Cancelled,
        endedAt: new Date(l.updated_at),
      });
    }
  }
  for (const p of permits) {
    const transferId = String(p.transfer_id);
    events.push({ kind: 'permit', at: new Date(p.created_at).getTime(), transferId });
    if (p.state === PermitState.Expired)
      events.push({ kind: 'permitExpire', at: new Date(p.expires_at).getTime() + RELEASE_GRACE_MS, transferId });
  }

  await parkListings(trx);
  await trx.updateTable('transfer_permits').set({ state: PermitState.Expired }).execute();
  await parkAuctions(trx);
  const order = { list: 0, permit: 1, end: 2, permitExpire: 3 } as const;
  return events.sort((a, b) => a.at - b.at || order[a.kind] - order[b.kind]);
}

/** Puts one order-book event back in place (the caller runs it in a transaction between the chain's blocks). */
export async function replayOrderBook(trx: Trx, e: OrderBookEvent): Promise<void> {
  if (e.kind === 'list') {
    await relistParked(trx, e.listingIdx);
  } else if (e.kind === 'end') {
    await lockInOrder(trx, { listings: [e.listingIdx] });
    await endListing(trx, e.listingIdx, e.state, e.endedAt);
  } else {
    const open = e.kind === 'permit';
    const p = await trx
      .updateTable('transfer_permits')
      .set({ state: open ? PermitState.Open : PermitState.Expired })
      .where('transfer_id', '=', e.transferId)
      .where('state', '=', open ? PermitState.Expired : PermitState.Open)
      .returning(['item_idx', 'from_address', 'amount'])
      .executeTakeFirst();
    if (p) await addReserved(trx, p.item_idx, p.from_address, open ? p.amount : -p.amount);
  }
}
