/**
 * Transaction history lists and the collection ranking. All SQL here.
 *
 * History lists read trading's `historyRows` (trade_history) newest first through its (scope, history_idx DESC) indexes (0005/0008), one
 * page at a time: keyset with a cursor (rows older than a historyIdx) or a bounded offset; members' names and
 * profile files are joined by address for the page's rows only. The count is capped (HISTORY_COUNT_CAP).
 * The ranking reads the aggregates that 0008's triggers keep (`collection_rank_stats`, `collection_trade_daily`).
 */
import {
  HISTORY_COUNT_CAP,
  HISTORY_FILTER_EVENTS,
  type HistoryRow,
  parseDecimal,
  PriceFilter,
  RankColumn,
  type RankingRow,
  RankOrder,
  type RoyaltyRow,
  type TokenSymbol,
  TRADE_EVENTS,
} from '@att/shared';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../schema';
import { repositoryOf } from '../../platform/db/repository';
import { offsetOf } from '../../platform/db/paginate';
import { historyRows } from '../trading';

export type HistoryScope =
  { kind: 'all'; collectionIdx?: number } | { kind: 'address'; address: string } | { kind: 'item'; itemIdx: number };

export interface HistoryFilters {
  filterStatus?: number[];
  filterPrice?: number;
  startPrice?: string;
  endPrice?: string;
  filterCollection?: number[];
  filterCoin?: TokenSymbol[];
}

export interface PageArgs {
  pageNo: number;
  pageSize: number;
  cursor?: string;
}

export interface HistoryPageResult<T> {
  rows: T[];
  total: number;
  nextCursor: string | null;
}

type Cond = RawBuilder<unknown>;

const USD_DECIMALS = 4;
const TOKEN_DECIMALS = 18;

/** The price filter bound as an exact numeric literal string in the column's unit (wei, or USD). */
function bound(value: string, filterPrice: number): string {
  if (filterPrice === PriceFilter.Usd) return value;
  return parseDecimal(value, TOKEN_DECIMALS).toString();
}

function filterConds(f: HistoryFilters): Cond[] {
  const conds: Cond[] = [];
  if (f.filterStatus?.length) {
    const types = [...new Set(f.filterStatus.flatMap((s) => HISTORY_FILTER_EVENTS[s as 1 | 2 | 3 | 4] ?? []))];
    conds.push(sql`h.event_type = ANY(${sql.val(types)}::smallint[])`);
  }
  if (f.filterCoin?.length) conds.push(sql`h.symbol = ANY(${sql.val(f.filterCoin)}::text[])`);
  if (f.filterCollection?.length) conds.push(sql`h.collection_idx = ANY(${sql.val(f.filterCollection)}::int[])`);
  if (f.filterPrice !== undefined && (f.startPrice !== undefined || f.endPrice !== undefined)) {
    const p = f.filterPrice;
    const column = p === PriceFilter.Usd ? sql`(h.usd_value / nullif(h.amount, 0))` : sql`h.unit_price`;
    if (p === PriceFilter.Att) conds.push(sql`h.symbol = 'ATT'`);
    if (p === PriceFilter.Klay) conds.push(sql`h.symbol = 'KLAY'`);
    if (f.startPrice !== undefined) conds.push(sql`${column} >= ${bound(f.startPrice, p)}::numeric`);
    if (f.endPrice !== undefined) conds.push(sql`${column} <= ${bound(f.endPrice, p)}::numeric`);
  }
  return conds;
}

function scopeConds(scope: HistoryScope): Cond[] {
  if (scope.kind === 'item') return [sql`h.item_idx = ${scope.itemIdx}`];
  if (scope.kind === 'address') return [sql`(h.from_address = ${scope.address} OR h.to_address = ${scope.address})`];
  return scope.collectionIdx !== undefined ? [sql`h.collection_idx = ${scope.collectionIdx}`] : [];
}

const where = (conds: Cond[]) => (conds.length ? sql`WHERE ${sql.join(conds, sql` AND `)}` : sql``);

/** LIMIT/OFFSET of a page: keyset when a cursor is given; an offset only within the counted range. */
function pageWindow(page: PageArgs, conds: Cond[]): { conds: Cond[]; offset: number } | null {
  if (page.cursor !== undefined) return { conds: [...conds, sql`h.history_idx < ${page.cursor}::bigint`], offset: 0 };
  const offset = offsetOf(page);
  if (offset >= HISTORY_COUNT_CAP) return null;
  return { conds, offset };
}

async function countCapped(db: Db, from: RawBuilder<unknown>, conds: Cond[]): Promise<number> {
  const r = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} ${where(conds)} LIMIT ${HISTORY_COUNT_CAP}) x`.execute(db);
  return r.rows[0]?.n ?? 0;
}

interface RawHistoryRow extends Omit<HistoryRow, 'date'> {
  date: Date;
}

export function createHistoryRepository(db: Db) {
  return {
    /** One page of history rows of the scope, newest first. */
    async list(scope: HistoryScope, filters: HistoryFilters, page: PageArgs): Promise<HistoryPageResult<HistoryRow>> {
      const base = [...scopeConds(scope), ...filterConds(filters)];
      const total = await countCapped(db, sql`${historyRows()} h`, base);
      const win = pageWindow(page, base);
      if (!win) return { rows: [], total, nextCursor: null };
      const r = await sql<RawHistoryRow>`
        SELECT h.history_idx::text AS "historyIdx", h.event_type AS type, h.item_idx AS "itemIdx", i.name AS "itemName",
               h.collection_idx AS "collectionIdx", c.name AS "collectionName", h.unit_price::text AS price, h.symbol,
               h.usd_value::text AS "usdValue", h.from_address AS "from", fm.user_name AS "fromId", fm.profile_file AS "fromFileName",
               h.to_address AS "to", tm.user_name AS "toId", tm.profile_file AS "toFileName", h.created_at AS date, h.amount,
               h.tx_hash AS "txConfirm", i.resource_type AS "itemResourceType", i.file_format AS "itemFileFormat",
               i.file_name AS "itemFileName", i.thumbnail_file AS "itemThumbnailFileName"
        FROM (SELECT * FROM ${historyRows()} h ${where(win.conds)} ORDER BY h.history_idx DESC LIMIT ${page.pageSize + 1} OFFSET ${win.offset}) h
        JOIN items i ON i.item_idx = h.item_idx
        JOIN collections c ON c.collection_idx = h.collection_idx
        LEFT JOIN members fm ON fm.address = h.from_address AND fm.state <> 'deleted'
        LEFT JOIN members tm ON tm.address = h.to_address AND tm.state <> 'deleted'
        ORDER BY h.history_idx DESC`.execute(db);
      const more = r.rows.length > page.pageSize;
      const rows = r.rows
        .slice(0, page.pageSize)
        .map((x) => ({ ...x, usdValue: x.usdValue === null ? null : trimUsd(x.usdValue), date: x.date.toISOString() }));
      return { rows, total, nextCursor: more ? (rows.at(-1)?.historyIdx ?? null) : null };
    },

    /** Royalties earned on trades of the creator's items, newest first. */
    async royalties(
      creatorIdx: number,
      filters: { searchText: string; filterCollection?: number[]; filterCoin?: TokenSymbol[] },
      page: PageArgs,
    ): Promise<HistoryPageResult<RoyaltyRow>> {
      const base: Cond[] = [
        sql`i.creator_idx = ${creatorIdx}`,
        sql`h.royalty > 0`,
        sql`h.event_type = ANY(${sql.val([...TRADE_EVENTS])}::smallint[])`,
      ];
      if (filters.searchText.trim()) base.push(sql`i.name ILIKE ${`%${escapeLike(filters.searchText.trim())}%`}`);
      if (filters.filterCollection?.length)
        base.push(sql`h.collection_idx = ANY(${sql.val(filters.filterCollection)}::int[])`);
      if (filters.filterCoin?.length) base.push(sql`h.symbol = ANY(${sql.val(filters.filterCoin)}::text[])`);
      const from = sql`${historyRows()} h JOIN items i ON i.item_idx = h.item_idx`;
      const total = await countCapped(db, from, base);
      const win = pageWindow(page, base);
      if (!win) return { rows: [], total, nextCursor: null };
      const r = await sql<Omit<RoyaltyRow, 'date' | 'royaltyPercent'> & { date: Date; royaltyBps: number }>`
        SELECT h.history_idx::text AS "historyIdx", h.item_idx AS "itemIdx", i.name AS "itemName", h.collection_idx AS "collectionIdx",
               h.unit_price::text AS price, h.symbol, h.amount, i.royalty_bps AS "royaltyBps", h.created_at AS date, h.royalty::text AS royalty
        FROM ${from} ${where(win.conds)}
        ORDER BY h.history_idx DESC LIMIT ${page.pageSize + 1} OFFSET ${win.offset}`.execute(db);
      const more = r.rows.length > page.pageSize;
      const rows = r.rows
        .slice(0, page.pageSize)
        .map(({ royaltyBps, date, ...x }) => ({ ...x, royaltyPercent: royaltyBps / 100, date: date.toISOString() }));
      return { rows, total, nextCursor: more ? (rows.at(-1)?.historyIdx ?? null) : null };
    },

    /** Live collections ranked by a column; `today` is the UTC day the 7-day windows end on (inclusive). */
    async ranking(args: {
      pageNo: number;
      pageSize: number;
      column: number;
      order: number;
      today: string;
    }): Promise<{ rows: RankingRow[]; total: number }> {
      const dir = args.order === RankOrder.Asc ? sql`ASC` : sql`DESC`;
      const key =
        {
          [RankColumn.TotalVolume]: sql`r.total`,
          [RankColumn.WeekVolume]: sql`r.week`,
          [RankColumn.WeekChange]: sql`r.change`,
          [RankColumn.AveragePrice]: sql`r.avg`,
          [RankColumn.Owners]: sql`r.owners`,
          [RankColumn.Items]: sql`r.items`,
        }[args.column] ?? sql`r.total`;
      const offset = offsetOf(args);
      const r = await sql<{
        collectionIdx: number;
        collectionName: string;
        collectionFileName: string;
        total: string;
        week: string;
        change: string | null;
        avg: string;
        owners: number;
        items: number;
        n: number;
      }>`
        WITH w AS (
          SELECT collection_idx,
                 sum(volume_usd) FILTER (WHERE day > ${args.today}::date - 7) AS week,
                 sum(volume_usd) FILTER (WHERE day <= ${args.today}::date - 7) AS prev
          FROM collection_trade_daily
          WHERE day > ${args.today}::date - 14 AND day <= ${args.today}::date
          GROUP BY collection_idx
        ), r AS (
          SELECT c.collection_idx, c.name, c.logo_file,
                 coalesce(s.total_usd, 0) AS total,
                 coalesce(w.week, 0) AS week,
                 CASE WHEN w.prev > 0 THEN trunc((coalesce(w.week, 0) - w.prev) * 100 / w.prev, 2) END AS change,
                 CASE WHEN s.total_pieces > 0 THEN trunc(s.total_usd / s.total_pieces, 4) ELSE 0 END AS avg,
                 coalesce(s.owner_count, 0) AS owners,
                 coalesce(s.item_count, 0) AS items
          FROM collections c
          LEFT JOIN collection_rank_stats s ON s.collection_idx = c.collection_idx
          LEFT JOIN w ON w.collection_idx = c.collection_idx
          WHERE c.deleted_at IS NULL
        )
        SELECT collection_idx AS "collectionIdx", name AS "collectionName", logo_file AS "collectionFileName",
               total::text, week::text, change::text, avg::text, owners, items, (count(*) OVER ())::int AS n
        FROM r
        ORDER BY ${key} ${dir} NULLS LAST, r.collection_idx ASC
        LIMIT ${args.pageSize} OFFSET ${offset}`.execute(db);
      let total = r.rows[0]?.n;
      if (total === undefined) {
        const c = await sql<{ n: number }>`SELECT count(*)::int AS n FROM collections WHERE deleted_at IS NULL`.execute(
          db,
        );
        total = c.rows[0]?.n ?? 0;
      }
      return {
        total,
        rows: r.rows.map((x, i) => ({
          no: offset + i + 1,
          collectionIdx: x.collectionIdx,
          collectionName: x.collectionName,
          collectionFileName: x.collectionFileName,
          totalTrade: trimUsd(x.total),
          weekTrade: trimUsd(x.week),
          weekChange: x.change === null ? null : trimSigned(x.change),
          averagePrice: trimUsd(x.avg),
          owners: x.owners,
          itemCount: x.items,
        })),
      };
    },
  };
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A non-negative numeric text floored to 4 decimals without trailing zeros ("12.3400" -> "12.34", "0.0000" -> "0"). */
export function trimUsd(v: string): string {
  const [whole = '0', frac = ''] = v.split('.');
  const f = frac.slice(0, USD_DECIMALS).replace(/0+$/, '');
  return f ? `${whole}.${f}` : whole;
}

function trimSigned(v: string): string {
  const neg = v.startsWith('-');
  const t = trimUsd(neg ? v.slice(1) : v);
  return neg && t !== '0' ? `-${t}` : t;
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;

/** The history repository of a database (built once per handle). */
export const historyRepo = repositoryOf(createHistoryRepository);
