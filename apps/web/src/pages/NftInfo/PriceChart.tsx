/**
 * The uPlot line chart of the price history (its own chunk: PriceHistory loads it with a dynamic import, so the
 * first load does not carry the chart library). Redraws on resize; three series (average, highest, lowest).
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { CHART_AXIS, usdTick } from '../../lib/chart-axis';
import type { PriceChartData } from './price-chart';

export interface PriceChartProps {
  data: PriceChartData;
  names: { date: string; avg: string; max: string; min: string };
  label: string;
}

const HEIGHT = 240;
export const SERIES_COLORS = { avg: '#6d5dfc', max: '#e0457b', min: '#12a37f' } as const;

export default function PriceChart({ data, names, label }: PriceChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const n = data.x.length;
    const line = (name: string, stroke: string): uPlot.Series => ({
      label: name,
      stroke,
      width: 2,
      points: { show: true, size: 6 },
      value: (_u, v) => (v == null ? '-' : usdTick(v)),
    });
    const axisColor = CHART_AXIS;
    const opts: uPlot.Options = {
      width: Math.max(240, el.clientWidth),
      height: HEIGHT,
      scales: {
        x: data.dateAxis ? { time: true } : { time: false, range: () => [-0.5, n - 0.5] },
        y: { range: () => [0, data.yMax] },
      },
      series: [
        data.dateAxis ? { label: names.date } : { label: names.date, value: (_u, v) => data.labels[v] ?? '' },
        line(names.avg, SERIES_COLORS.avg),
        line(names.max, SERIES_COLORS.max),
        line(names.min, SERIES_COLORS.min),
      ],
      axes: [
        data.dateAxis
          ? {
              ...axisColor,
              values: (_u, splits) => splits.map((sec) => new Date(sec * 1000).toISOString().slice(5, 10)),
            }
          : {
              ...axisColor,
              splits: () => data.x,
              values: (_u, splits) => splits.map((i) => (data.labels[i] ?? '').slice(5)),
            },
        { ...axisColor, size: 72, values: (_u, splits) => splits.map(usdTick) },
      ],
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
    };
    const chart = new uPlot(opts, [data.x, data.avg, data.max, data.min], el);
    const ro = new ResizeObserver(() => chart.setSize({ width: Math.max(240, el.clientWidth), height: HEIGHT }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      chart.destroy();
    };
  }, [data, names]);
  return (
    <div
      ref={box}
      className="price-chart"
      role="img"
      aria-label={label}
      data-testid="price-chart"
      data-points={data.x.length}
      data-date-axis={data.dateAxis}
    />
  );
}
