/** The member's alert list as `/alert/list` reads it (reads only: the outbox repository writes the alerts). */
import type { AlertFloorMove, AlertListItem } from '@att/shared';
import { sql } from 'kysely';
import { offsetOf } from '../../platform/db/paginate';
import type { Db } from '../schema';
import { topBidOf } from './alert-about';

export function createAlertListRepository(db: Db) {
  return {
    /** A member's alert list, newest first (retracted alerts and corrections left out), its size and how many are unread. */
    async listOf(
      address: string,
      pageNo: number,
      pageSize: number,
    ): Promise<{ rows: AlertListItem[]; total: number; unread: number }> {
      const mine = db
        .selectFrom('alerts')
        .where('address', '=', address.toLowerCase())
        .where('retracted_at', 'is', null)
        .where('retracts', 'is', null);
      const counts = await mine
        .select([
          sql<number>`count(*)::int`.as('total'),
          sql<number>`(count(*) FILTER (WHERE read_at IS NULL))::int`.as('unread'),
        ])
        .executeTakeFirstOrThrow();
      const rows = await mine
        .leftJoin('items', 'items.item_idx', 'alerts.product_idx')
        .select([
          sql<string>`alerts.alert_id::text`.as('alertIdx'),
          'alerts.type',
          'alerts.product_idx',
          'alerts.inquiry_idx',
          'items.name',
          sql<string | null>`alerts.top_bid::text`.as('top_bid'),
          'alerts.top_symbol',
          sql<AlertFloorMove | null>`alerts.floor_move`.as('floor_move'),
          sql<boolean>`alerts.read_at IS NOT NULL`.as('read'),
          'alerts.created_at',
        ])
        .orderBy('alerts.alert_id', 'desc')
        .limit(pageSize)
        .offset(offsetOf({ pageNo, pageSize }))
        .execute();
      return {
        rows: rows.map((r) => ({
          alertIdx: r.alertIdx,
          type: r.type,
          productIdx: r.product_idx,
          inquiryIdx: r.inquiry_idx,
          itemName: r.name ?? null,
          topBid: topBidOf(r),
          ...(r.floor_move ? { floorMove: r.floor_move } : {}),
          read: r.read ? 1 : 0,
          createDate: new Date(r.created_at).toISOString(),
        })),
        total: Number(counts.total),
        unread: Number(counts.unread),
      };
    },
  };
}
