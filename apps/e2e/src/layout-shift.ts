/**
 * Layout shift as the browser reports it, for the layout-shift bench and the journeys that keep pages still while
 * they load: `layout-shift` entries without recent input (with the elements that moved) and the latest largest
 * contentful paint, kept in the page from before its first script; the cumulative layout shift summed by session
 * windows as Lighthouse does.
 */
import type { Page } from 'playwright-core';

export interface Shift {
  /** ms since navigation start */
  t: number;
  value: number;
  /** The elements that moved, as `tag.first-class[data-testid]`. */
  moved: string[];
}

/**
 * Installed with `page.addInitScript({ content: OBSERVE_LAYOUT })`. Plain JavaScript text: a function passed from
 * TypeScript would carry the compiler's helpers (`__name`) into the page, where they do not exist.
 */
export const OBSERVE_LAYOUT = `(() => {
  const w = window;
  w.__layout = { shifts: [], lcp: 0 };
  const describe = (n) => {
    if (!(n instanceof Element)) return '#text';
    const cls = typeof n.className === 'string' && n.className ? '.' + n.className.split(' ')[0] : '';
    const id = n.getAttribute('data-testid');
    return n.tagName.toLowerCase() + cls + (id ? '[' + id + ']' : '');
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (!e.hadRecentInput)
        w.__layout.shifts.push({ t: e.startTime, value: e.value, moved: (e.sources || []).map((s) => describe(s.node)) });
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__layout.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})();`;

/** The shifts and the largest contentful paint (ms) the page has seen so far. */
export function readLayout(page: Page): Promise<{ shifts: Shift[]; lcp: number }> {
  return page.evaluate(() => (window as unknown as { __layout: { shifts: Shift[]; lcp: number } }).__layout);
}

/** Lighthouse's CLS: the largest session window (gaps under 1 s, at most 5 s long) of the shifts. */
export function sessionWindowCls(shifts: readonly Shift[]): number {
  let best = 0;
  let sum = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const s of [...shifts].sort((a, b) => a.t - b.t)) {
    if (s.t - last > 1000 || s.t - start > 5000) {
      sum = 0;
      start = s.t;
    }
    sum += s.value;
    last = s.t;
    best = Math.max(best, sum);
  }
  return best;
}
