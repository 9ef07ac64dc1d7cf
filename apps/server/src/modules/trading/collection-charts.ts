/**
 * A collection's floor and volume per UTC day, week (from Monday) or month, from the trade history's rollup per
 * collection and day (`collection_chart_days`, kept with the history in the same transaction by triggers): each chart
 * is one statement, a range scan of the rollup's primary key over the most recent CHART_BUCKETS periods' days,
 * grouped per period. Periods without a sale are absent (the chart draws what was traded).
 */
import { CHART_BUCKETS, type ChartPeriod, type FloorPoint, type VolumePoint } from '@att/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

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
  const recentDays = (collectionIdx: number, period: ChartPeriod, now: Date) =>
    sql`FROM collection_chart_days d
      WHERE d.collection_idx = ${collectionIdx} AND d.day >= ${chartSince(period, now).toISOString().slice(0, 10)}::date
      GROUP BY 1`;
  const bucket = (period: ChartPeriod) => sql`date_trunc(${sql.lit(period)}, d.day::timestamp)`;
  return {
    /** The lowest price of one piece sold per period: in USD at the time (floored to 4 decimals) and per coin in wei. */
    async floor(collectionIdx: number, period: ChartPeriod, now: Date): Promise<FloorPoint[]> {
      const { rows } = await sql<FloorPoint>`
        SELECT to_char(b, 'YYYY-MM-DD') AS date, "floorUsd", "floorAtt", "floorKlay" FROM (
          SELECT ${bucket(period)} AS b,
            trunc(min(d.floor_usd), 4)::text AS "floorUsd",
            min(d.floor_att)::text AS "floorAtt",
            min(d.floor_klay)::text AS "floorKlay"
          ${recentDays(collectionIdx, period, now)}
        ) s ORDER BY b`.execute(db);
      return rows;
    },

    /** What the sales of each period paid, per coin in wei, and their USD estimate (floored to 4 decimals). */
    async volume(collectionIdx: number, period: ChartPeriod, now: Date): Promise<VolumePoint[]> {
      const { rows } = await sql<VolumePoint>`
        SELECT to_char(b, 'YYYY-MM-DD') AS date, "volumeAtt", "volumeKlay", "volumeUsd", sales FROM (
          SELECT ${bucket(period)} AS b,
            sum(d.volume_att)::text AS "volumeAtt",
            sum(d.volume_klay)::text AS "volumeKlay",
            trunc(sum(d.volume_usd), 4)::text AS "volumeUsd",
            sum(d.sales)::int AS sales
          ${recentDays(collectionIdx, period, now)}
        ) s ORDER BY b`.execute(db);
      return rows;
    },
  };
}

export type CollectionCharts = ReturnType<typeof collectionCharts>;
