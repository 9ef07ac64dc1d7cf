/**
 * The collection charts' data: the floor (lowest sale of one piece per period, in USD as the item page's price
 * history) and the volume (USD estimate per period) as uPlot series on a date axis, each from 0 to its highest
 * value plus 10 %, and the volume of the periods shown in each coin apart (integer wei added as bigint).
 */
import type { ChartPeriod, CollectionChart } from '@att/shared';

export interface SeriesData {
  /** Unix seconds of each period's first day (UTC). */
  x: number[];
  y: (number | null)[];
  yMax: number;
  /** Half a period in seconds: the x range is padded by it so a single period (or a bar) is drawn whole. */
  pad: number;
}

const DAY = 86_400;
const HALF: Readonly<Record<ChartPeriod, number>> = { day: DAY / 2, week: (7 * DAY) / 2, month: 15 * DAY };
const seconds = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;
const top = (ys: (number | null)[]) => {
  const m = Math.max(0, ...ys.map((v) => v ?? 0));
  return m > 0 ? m * 1.1 : 1;
};

export function floorSeries(chart: CollectionChart): SeriesData {
  const y = chart.floor.map((p) => (p.floorUsd === null ? null : Number(p.floorUsd)));
  return { x: chart.floor.map((p) => seconds(p.date)), y, yMax: top(y), pad: HALF[chart.period] };
}

export function volumeSeries(chart: CollectionChart): SeriesData {
  const y = chart.volume.map((p) => Number(p.volumeUsd));
  return { x: chart.volume.map((p) => seconds(p.date)), y, yMax: top(y), pad: HALF[chart.period] };
}

/** What the periods shown paid in each coin, in wei. */
export function volumeTotals(chart: CollectionChart): { att: bigint; klay: bigint } {
  return chart.volume.reduce(
    (sum, p) => ({ att: sum.att + BigInt(p.volumeAtt), klay: sum.klay + BigInt(p.volumeKlay) }),
    { att: 0n, klay: 0n },
  );
}

/** An axis date: MM-DD for days and weeks, YYYY-MM for months. */
export function dateTick(sec: number, period: ChartPeriod): string {
  const iso = new Date(sec * 1000).toISOString();
  return period === 'month' ? iso.slice(0, 7) : iso.slice(5, 10);
}

/** The x ticks: period starts only (never a tick between two periods), every k-th so at most `max` show. */
export function tickSplits(x: readonly number[], max: number): number[] {
  const every = Math.max(1, Math.ceil(x.length / Math.max(1, max)));
  return x.filter((_, i) => i % every === 0);
}
