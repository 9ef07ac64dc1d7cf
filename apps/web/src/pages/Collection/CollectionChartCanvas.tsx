/**
 * One uPlot chart of the collection's price history (its own chunk: CollectionCharts loads it with a dynamic import,
 * so neither the home page nor the collection page's first paint carries the chart library): a line with points
 * (the floor) or bars (the volume) on a date axis, USD on the y axis. Fixed height, redrawn on resize.
 */
import type { ChartPeriod } from '@att/shared';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { CHART_AXIS, usdTick } from '../../lib/chart-axis';
import { type SeriesData, dateTick, tickSplits } from './chart-data';

export const CHART_HEIGHT = 220;
/** Room for one date label on the x axis, in CSS pixels. */
const TICK_WIDTH = 80;

export interface CollectionChartCanvasProps {
  data: SeriesData;
  period: ChartPeriod;
  kind: 'line' | 'bars';
  names: { date: string; value: string };
  label: string;
  stroke: string;
  testId: string;
}

export default function CollectionChartCanvas({
  data,
  period,
  kind,
  names,
  label,
  stroke,
  testId,
}: CollectionChartCanvasProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const axis = CHART_AXIS;
    const width = () => Math.max(240, el.clientWidth);
    const chart = new uPlot(
      {
        width: width(),
        height: CHART_HEIGHT,
        scales: {
          x: { time: true, range: () => [data.x[0]! - data.pad, data.x.at(-1)! + data.pad] },
          y: { range: () => [0, data.yMax] },
        },
        series: [
          { label: names.date, value: (_u, v) => (v == null ? '-' : dateTick(v, period)) },
          {
            label: names.value,
            stroke,
            width: 2,
            fill: kind === 'bars' ? `${stroke}99` : undefined,
            paths: kind === 'bars' ? uPlot.paths.bars!({ size: [0.7, 48] }) : undefined,
            points: { show: kind === 'line', size: 6 },
            value: (_u, v) => (v == null ? '-' : usdTick(v)),
          },
        ],
        axes: [
          {
            ...axis,
            splits: (u) => tickSplits(data.x, Math.floor(u.width / TICK_WIDTH)),
            values: (_u, splits) => splits.map((s) => dateTick(s, period)),
          },
          { ...axis, size: 72, values: (_u, splits) => splits.map(usdTick) },
        ],
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
      },
      [data.x, data.y],
      el,
    );
    const ro = new ResizeObserver(() => chart.setSize({ width: width(), height: CHART_HEIGHT }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      chart.destroy();
    };
  }, [data, period, kind, names, stroke]);
  return (
    <div
      ref={box}
      className="collection-chart-canvas"
      role="img"
      aria-label={label}
      data-testid={testId}
      data-points={data.x.length}
    />
  );
}
