/**
 * Housekeeping of the order book, run by the trading leader: releases reservations and transfer permits past their
 * expiry, and expires listings (history 'ListExpire', the seller's alert 4), each only RELEASE_GRACE_MS after its
 * on-chain deadline (a Buy or Transfer may be mined until then). Rows are claimed with FOR UPDATE SKIP LOCKED, so a
 * second runner never blocks or doubles. Lock order, as in every writer of the order book: listing, then its
 * reservations, then inventory.
 */
import { HistoryEvent } from '@att/shared';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { refreshSaleSummary } from './sale-summary';

/** Pieces stay held this long past a reservation's (or listing's) expiry: the chain may mine a Buy signed at the last
 * second, and the chain's clock may run behind the server's. */
export const RELEASE_GRACE_MS = 30_000;

/**
 * Releases the reservations past `graced`, taking the locks in the order every writer of the order book takes them
 * (cancelSale, purchase, the indexer's NftBought): the listing rows first (by listing_idx), then their reservations.
 * Locking reservations first and the listing second, as one UPDATE ... FROM would, can deadlock against a cancel or
 * a sale on PostgreSQL. A listing another transaction holds is skipped this tick (SKIP LOCKED) and taken on the next.
 */
async function releaseReservations(db: Db, graced: Date, batch: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('reservations')
      .select('listing_idx')
      .where('state', '=', 1)
      .where('expires_at', '<', graced)
      .groupBy('listing_idx')
      .orderBy(sql`min(expires_at)`)
      .limit(batch)
      .execute();
    if (due.length === 0) return 0;
    const locked = await trx
      .selectFrom('listings')
      .select('listing_idx')
      .where(
        'listing_idx',
        'in',
        due.map((d) => d.listing_idx),
      )
      .orderBy('listing_idx')
      .forUpdate()
      .skipLocked()
      .execute();
    if (locked.length === 0) return 0;
    const r = await sql<{ n: number }>`
      WITH r AS (
        UPDATE reservations SET state = 3
        WHERE listing_idx IN (${sql.join(locked.map((l) => l.listing_idx))}) AND state = 1 AND expires_at < ${graced}
        RETURNING listing_idx, amount
      ), s AS (SELECT listing_idx, sum(amount)::int AS n FROM r GROUP BY listing_idx),
      u AS (UPDATE listings l SET reserved = greatest(l.reserved - s.n, 0) FROM s WHERE l.listing_idx = s.listing_idx RETURNING 1)
      SELECT (SELECT count(*) FROM r)::int AS n`.execute(trx);
    return r.rows[0]?.n ?? 0;
  });
}

export interface SchedulerResult {
  released: number;
  permitsExpired: number;
  listingsExpired: { itemIdx: number; seller: string }[];
}

export async function runScheduler(db: Db, now: Date, batch = 200): Promise<SchedulerResult> {
  const graced = new Date(now.getTime() - RELEASE_GRACE_MS);
  const released = await releaseReservations(db, graced, batch);

  const permits = await sql<{ n: number }>`
    WITH p AS (
      UPDATE transfer_permits SET state = 3
      WHERE transfer_id IN (
        SELECT transfer_id FROM transfer_permits WHERE state = 1 AND expires_at < ${graced}
        ORDER BY expires_at LIMIT ${batch} FOR UPDATE SKIP LOCKED)
      RETURNING item_idx, from_address, amount
    ), s AS (SELECT item_idx, from_address, sum(amount)::int AS n FROM p GROUP BY item_idx, from_address),
    u AS (UPDATE inventory i SET reserved = greatest(i.reserved - s.n, 0) FROM s WHERE i.item_idx = s.item_idx AND i.holder_address = s.from_address RETURNING 1)
    SELECT (SELECT count(*) FROM p)::int AS n`.execute(db);

  const listingsExpired = await db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('listings')
      .selectAll()
      .where('state', '=', 1)
      .where('expires_at', '<=', graced)
      .orderBy('expires_at')
      .limit(batch)
      .forUpdate()
      .skipLocked()
      .execute();
    const ended: SchedulerResult['listingsExpired'] = [];
    for (const l of due) {
      await trx.updateTable('listings').set({ state: 4, reserved: 0, updated_at: now }).where('listing_idx', '=', l.listing_idx).execute();
      await trx.updateTable('reservations').set({ state: 3 }).where('listing_idx', '=', l.listing_idx).where('state', '=', 1).execute();
      await trx
        .updateTable('inventory')
        .set({ on_sale: sql`greatest(on_sale - ${l.remaining}, 0)` })
        .where('item_idx', '=', l.item_idx)
        .where('holder_address', '=', l.seller_address)
        .execute();
      await refreshSaleSummary(trx, l.item_idx);
      const item = await trx.selectFrom('items').select(['collection_idx']).where('item_idx', '=', l.item_idx).executeTakeFirstOrThrow();
      await trx
        .insertInto('trade_history')
        .values({
          event_type: HistoryEvent.ListExpire,
          item_idx: l.item_idx,
          collection_idx: item.collection_idx,
          amount: l.remaining,
          unit_price: l.unit_price,
          symbol: l.symbol,
          from_address: l.seller_address,
          to_address: null,
          usd_value: null,
        })
        .execute();
      ended.push({ itemIdx: l.item_idx, seller: l.seller_address });
    }
    return ended;
  });
  return { released, permitsExpired: permits.rows[0]?.n ?? 0, listingsExpired };
}
