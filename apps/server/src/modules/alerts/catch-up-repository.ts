/**
 * What an instance reads to make up for alerts its Redis subscriber missed: every alert numbered after a place in
 * the send order (all members: the instance delivers each to whichever of its sockets hold the address), and the
 * last number given so far (where an instance starts counting). Index-backed by the unique `dispatch_seq`.
 */
import type { AlertTopBid, AlertTypeValue } from '@att/shared';
import { sql } from 'kysely';
import type { Db } from '../schema';
import { aboutColumns, aboutJoin, aboutOf, type AboutColumns } from './alert-about';

export interface NumberedAlert {
  seq: string;
  address: string;
  type: AlertTypeValue;
  productIdx: number | null;
  inquiryIdx: number | null;
  retracts: string | null;
  itemName: string | null;
  topBid: AlertTopBid | null;
}

/** Alerts numbered after `afterSeq` and not retracted, in send order (as the dispatcher publishes them). */
export async function numberedAfter(db: Db, afterSeq: string, limit: number): Promise<NumberedAlert[]> {
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
    WHERE a.dispatch_seq > ${afterSeq}::bigint AND a.retracted_at IS NULL
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

/** The highest number given to an alert so far ('0' when none). */
export async function lastNumber(db: Db): Promise<string> {
  const r = await sql<{ seq: string | null }>`SELECT max(dispatch_seq)::text AS seq FROM alerts`.execute(db);
  return r.rows[0]?.seq ?? '0';
}
