/**
 * What every uPlot chart of the site shares (the item page's price history, the collection charts): the axis style
 * and the USD tick. Imported only by the charts' own chunks, never by the first load.
 */

/** Axis colours: muted labels, a faint grid, no tick marks. */
export const CHART_AXIS = {
  stroke: '#7b8094',
  grid: { stroke: 'rgba(128,128,160,0.15)', width: 1 },
  ticks: { show: false },
} as const;

/** A USD axis tick: `$1,234.5` (at most 4 decimals, as the server floors them). */
export function usdTick(v: number): string {
  return `$${v.toLocaleString('en-US', { maximumFractionDigits: 4 })}`;
}
