/**
 * What is read to make up for alerts that were missed: a reconnecting member's alerts numbered after the last one
 * their client saw (the replay), and for an instance whose Redis subscriber missed some, every alert numbered after
 * a place in the send order (all members: the instance delivers each to whichever of its sockets hold the address)
 * and the last number given so far (where an instance starts counting). Index-backed by the unique `dispatch_seq`.
 */
import type { AlertFloorMove, AlertTopBid, AlertTypeValue } from '@att/shared';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../schema';
import { aboutColumns, aboutJoin, aboutOf, type AboutColumns } from './alert-about';

/** A numbered alert as a reconnect's replay or the Redis catch-up sends it. */
export interface NumberedAlert {
  seq: string;
  address: string;
  type: AlertTypeValue;
  productIdx: number | null;
  inquiryIdx: number | null;
  /** A correction: the number of the alert it takes back. */
  retracts: string | null;
  /** Its item's name (null: an inquiry's, or an item gone). */
  itemName: string | null;
  /** An outbid alert: the bid that outbid the member. */
  topBid: AlertTopBid | null;
  /** A floor alert: the collection's move. */
  floorMove: AlertFloorMove | null;
}

/** Alerts numbered after `afterSeq`, not retracted and `only`, in send order (as the dispatcher publishes them). */
async function numbered(db: Db, afterSeq: string, limit: number, only: RawBuilder<unknown>): Promise<NumberedAlert[]> {
  const rows = await sql<
    {
      seq: string;
      address: string;
      type: number;
      product_idx: number | null;
      inquiry_idx: number | null;
      retracts: string | null;
    } & AboutColumns
  >`
    SELECT a.dispatch_seq::text AS seq, a.address, a.type, a.product_idx, a.inquiry_idx, o.dispatch_seq::text AS retracts,
           ${aboutColumns('a')}
    FROM alerts a LEFT JOIN alerts o ON o.alert_id = a.retracts ${aboutJoin('a')}
    WHERE a.dispatch_seq > ${afterSeq}::bigint AND a.retracted_at IS NULL AND ${only}
    ORDER BY a.dispatch_seq LIMIT ${limit}`.execute(db);
  return rows.rows.map((r) => ({
    seq: r.seq,
    address: r.address,
    type: r.type as AlertTypeValue,
    productIdx: r.product_idx,
    inquiryIdx: r.inquiry_idx,
    retracts: r.retracts,
    ...aboutOf(r),
  }));
}

/** Every member's alerts numbered after `afterSeq` (the catch-up delivers each to the sockets holding its address). */
export const numberedAfter = (db: Db, afterSeq: string, limit: number) => numbered(db, afterSeq, limit, sql`TRUE`);

/**
 * The alerts of `address` sent (or numbered to be sent) after `afterSeq`, oldest first: a reconnect's replay.
 * A retracted alert is left out, and so is the correction of one the client never saw (sent after `afterSeq`).
 */
export const replayFor = (db: Db, address: string, afterSeq: string, limit: number) =>
  numbered(
    db,
    afterSeq,
    limit,
    sql`a.address = ${address.toLowerCase()} AND (a.retracts IS NULL OR o.dispatch_seq <= ${afterSeq}::bigint)`,
  );

/** The highest number given to an alert so far ('0' when none). */
export async function lastNumber(db: Db): Promise<string> {
  const r = await sql<{ seq: string | null }>`SELECT max(dispatch_seq)::text AS seq FROM alerts`.execute(db);
  return r.rows[0]?.seq ?? '0';
}
