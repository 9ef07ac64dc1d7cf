/**
 * SQL of the item detail page's lists (the routes decide the codes): an item's holders from the inventory the
 * indexer keeps, its sales per trade date, its chain fields, and whether a missing item was deleted.
 */
import { TRADE_EVENTS, TRADING_DAYS_MAX } from '@att/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import { offsetOf } from '../../platform/db/paginate';

export function createItemDetailRepository(db: Kysely<Database>) {
  /** A live item: not deleted, in a live collection. */
  const live = () =>
    db
      .selectFrom('items as i')
      .innerJoin('collections as c', 'c.collection_idx', 'i.collection_idx')
      .where('i.deleted_at', 'is', null)
      .where('c.deleted_at', 'is', null);

  return {
    /** The chain fields of a live item (undefined when it is missing or deleted). */
    async chainFields(itemIdx: number) {
      return live()
        .select([
          'i.item_idx as itemIdx',
          'i.token_id as tokenId',
          'i.royalty_bps as royaltyBps',
          'i.collection_idx as collectionIdx',
        ])
        .where('i.item_idx', '=', itemIdx)
        .executeTakeFirst();
    },

    /** True when the item row exists but it or its collection was deleted. */
    async wasDeleted(itemIdx: number): Promise<boolean> {
      const row = await db
        .selectFrom('items as i')
        .innerJoin('collections as c', 'c.collection_idx', 'i.collection_idx')
        .select('i.item_idx')
        .where('i.item_idx', '=', itemIdx)
        .where((eb) => eb.or([eb('i.deleted_at', 'is not', null), eb('c.deleted_at', 'is not', null)]))
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Holders with at least one piece, most pieces first (then address, so pages are stable). A holder whose
     * wallet is no active member's shows without a name. The Market (`market`) is never shown: a piece in its
     * escrow is its live auction's seller's, or the winner's it is owed to (a settlement that could not deliver it).
     */
    async owners(itemIdx: number, market: string, page: { pageNo: number; pageSize: number }) {
      const shown = db
        .selectFrom('inventory as v')
        .leftJoin('items as e', (j) =>
          j
            .onRef('e.item_idx', '=', 'v.item_idx')
            .on('v.holder_address', '=', market.toLowerCase())
            .on('e.escrow_owner', 'is not', null),
        )
        .select([
          sql<string>`coalesce(e.escrow_owner, v.holder_address)`.as('address'),
          'v.amount',
          'e.escrow_kind as escrow',
        ])
        .where('v.item_idx', '=', itemIdx)
        .where('v.amount', '>', 0);
      const base = db.selectFrom(shown.as('s'));
      const [rows, total] = await Promise.all([
        base
          .leftJoin('members as m', (j) => j.onRef('m.address', '=', 's.address').on('m.state', '=', 'active'))
          .select([
            's.address',
            'm.member_idx as memberIdx',
            'm.user_name as memberName',
            'm.profile_file as memberFileName',
            's.amount as quantity',
            's.escrow',
          ])
          .orderBy('s.amount', 'desc')
          .orderBy('s.address')
          .limit(page.pageSize)
          .offset(offsetOf(page))
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    /**
     * Sales of the item per UTC date (the most recent TRADING_DAYS_MAX dates, returned oldest first): average
     * (total USD / pieces), highest and lowest USD price of one piece, each floored to 4 decimals.
     */
    async tradingStats(itemIdx: number) {
      const { rows } = await sql<{ tradeDate: string; avgPrice: string; maxPrice: string; minPrice: string }>`
        SELECT d AS "tradeDate", avg_price AS "avgPrice", max_price AS "maxPrice", min_price AS "minPrice" FROM (
          SELECT to_char((h.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS d,
            trunc(sum(h.usd_value) / sum(h.amount), 4)::text AS avg_price,
            trunc(max(h.usd_value / h.amount), 4)::text AS max_price,
            trunc(min(h.usd_value / h.amount), 4)::text AS min_price
          FROM trade_history h
          WHERE h.item_idx = ${itemIdx}
            AND h.event_type = ANY(${sql.val([...TRADE_EVENTS])}::smallint[])
            AND h.usd_value IS NOT NULL AND h.amount > 0
          GROUP BY d
          ORDER BY d DESC
          LIMIT ${TRADING_DAYS_MAX}
        ) s ORDER BY d`.execute(db);
      return rows;
    },
  };
}

export type ItemDetailRepository = ReturnType<typeof createItemDetailRepository>;
