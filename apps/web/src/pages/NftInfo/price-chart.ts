/**
 * The price history chart's data (spec 3): average, highest and lowest USD price per trade date; the y axis from 0
 * to the highest value plus 10 %; a date (time) axis only when there are more than 7 points, else one evenly
 * spaced label per trade date.
 */
import type { TradingStat } from '@att/shared';

export const DATE_AXIS_AFTER = 7;

export interface PriceChartData {
  /** x values: unix seconds of each trade date (date axis) or 0..n-1 (label axis). */
  x: number[];
  labels: string[];
  avg: number[];
  max: number[];
  min: number[];
  yMax: number;
  dateAxis: boolean;
}

const daySeconds = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

/** Null when there is nothing to draw (the placeholder shows). */
export function priceChartData(rows: readonly TradingStat[]): PriceChartData | null {
  if (rows.length === 0) return null;
  const dateAxis = rows.length > DATE_AXIS_AFTER;
  const max = rows.map((r) => Number(r.maxPrice));
  const top = Math.max(0, ...max);
  return {
    x: rows.map((r, i) => (dateAxis ? daySeconds(r.tradeDate) : i)),
    labels: rows.map((r) => r.tradeDate),
    avg: rows.map((r) => Number(r.avgPrice)),
    max,
    min: rows.map((r) => Number(r.minPrice)),
    yMax: top > 0 ? top * 1.1 : 1,
    dateAxis,
  };
}
