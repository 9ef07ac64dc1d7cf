/**
 * A collection's floor and volume per UTC day, week (from Monday) or month, from the trade history: each chart is
 * one statement, an index-only range scan of `trade_history_collection_trades` (migration 0030) over the most recent
 * CHART_BUCKETS periods, grouped per period. Periods without a sale are absent (the chart draws what was traded).
 */
import { CHART_BUCKETS, TRADE_EVENTS, type ChartPeriod, type FloorPoint, type VolumePoint } from '@att/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

/** The trade events as the literal list of the index's predicate (a bound array would not match it). */
const TRADES = sql.raw(`(${TRADE_EVENTS.join(', ')})`);

/** The first instant of the oldest period a chart shows: the current period's start, CHART_BUCKETS - 1 periods back. */
export function chartSince(period: ChartPeriod, now: Date): Date {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  const back = CHART_BUCKETS[period] - 1;
  if (period === 'month') return new Date(Date.UTC(y, m - back, 1));
  if (period === 'week') return new Date(Date.UTC(y, m, d - ((now.getUTCDay() + 6) % 7) - 7 * back));
  return new Date(Date.UTC(y, m, d - back));
}

export function collectionCharts(db: Kysely<Database>) {
  const recentTrades = (collectionIdx: number, period: ChartPeriod, now: Date) =>
    sql`FROM trade_history h
      WHERE h.collection_idx = ${collectionIdx} AND h.event_type IN ${TRADES}
        AND h.created_at >= ${chartSince(period, now)} AND h.amount > 0
      GROUP BY 1`;
  const bucket = (period: ChartPeriod) => sql`date_trunc(${sql.lit(period)}, h.created_at AT TIME ZONE 'UTC')`;
  return {
    /** The lowest price of one piece sold per period: in USD at the time (floored to 4 decimals) and per coin in wei. */
    async floor(collectionIdx: number, period: ChartPeriod, now: Date): Promise<FloorPoint[]> {
      const { rows } = await sql<FloorPoint>`
        SELECT to_char(b, 'YYYY-MM-DD') AS date, "floorUsd", "floorAtt", "floorKlay" FROM (
          SELECT ${bucket(period)} AS b,
            trunc(min(h.usd_value / h.amount), 4)::text AS "floorUsd",
            (min(h.unit_price) FILTER (WHERE h.symbol = 'ATT'))::text AS "floorAtt",
            (min(h.unit_price) FILTER (WHERE h.symbol = 'KLAY'))::text AS "floorKlay"
          ${recentTrades(collectionIdx, period, now)}
        ) s ORDER BY b`.execute(db);
      return rows;
    },

    /** What the sales of each period paid, per coin in wei, and their USD estimate (floored to 4 decimals). */
    async volume(collectionIdx: number, period: ChartPeriod, now: Date): Promise<VolumePoint[]> {
      const { rows } = await sql<VolumePoint>`
        SELECT to_char(b, 'YYYY-MM-DD') AS date, "volumeAtt", "volumeKlay", "volumeUsd", sales FROM (
          SELECT ${bucket(period)} AS b,
            coalesce(sum(h.unit_price * h.amount) FILTER (WHERE h.symbol = 'ATT'), 0)::text AS "volumeAtt",
            coalesce(sum(h.unit_price * h.amount) FILTER (WHERE h.symbol = 'KLAY'), 0)::text AS "volumeKlay",
            trunc(coalesce(sum(h.usd_value), 0), 4)::text AS "volumeUsd",
            count(*)::int AS sales
          ${recentTrades(collectionIdx, period, now)}
        ) s ORDER BY b`.execute(db);
      return rows;
    },
  };
}

export type CollectionCharts = ReturnType<typeof collectionCharts>;
