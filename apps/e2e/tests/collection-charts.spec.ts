/**
 * The collection page's price history in Chromium against the real stack with the demo catalogue and its demo trades
 * (real sales on the local chain, indexed): the floor and volume charts draw (uPlot's canvas, fetched as its own
 * chunk), the day/week/month toggle works from the keyboard, and the charts' box keeps its height from loading to
 * drawn. Screenshots at 390 px in Korean and 1440 px in English (`artifacts/collection-charts-*`).
 */
import { API_BASE, type RankingRow } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { loginState, useStackAndBrowser } from '../src/harness';

const ctx = useStackAndBrowser({ demoCatalogue: true });

/** The demo collection with the most trade volume (the ranking's first row). */
async function tradedCollection(): Promise<number> {
  const r = await fetch(`${ctx.stack.url}${API_BASE}/nft/ranking/list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rankOrderColumn: 1, rankOrderType: 1 }),
  });
  const list = ((await r.json()) as { list: RankingRow[] }).list;
  expect(Number(list[0]!.totalTrade)).toBeGreaterThan(0);
  return list[0]!.collectionIdx;
}

describe('collection charts', () => {
  for (const [lang, width] of [
    ['ko', 390],
    ['en', 1440],
  ] as const) {
    it(`draws the floor and the volume, toggles by keyboard, keeps its height (${lang}, ${width} px)`, async () => {
      const idx = await tradedCollection();
      const context = await ctx.browser.newContext({
        viewport: { width, height: width < 600 ? 844 : 900 },
        isMobile: width < 600,
        hasTouch: width < 600,
      });
      await context.addInitScript((l) => localStorage.setItem('att.lang', l), lang);
      const page = await context.newPage();
      await page.goto(`${ctx.stack.url}/Collection/${idx}`);
      await loginState(page, 'loggedOut');
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      const box = page.getByTestId('collection-charts-box');
      await box.scrollIntoViewIfNeeded();
      const reserved = (await box.boundingBox())!.height;
      await page.locator('[data-testid="collection-floor-chart"] canvas').waitFor();
      await page.locator('[data-testid="collection-volume-chart"] canvas').waitFor();
      expect((await box.boundingBox())!.height).toBe(reserved);
      expect(await page.getByRole('heading', { name: lang === 'ko' ? '가격 변동' : 'Price history' }).count()).toBe(1);
      expect(await page.getByTestId('collection-floor-chart').getAttribute('aria-label')).toContain(
        lang === 'ko' ? '최저 판매가' : 'lowest price of one piece sold',
      );
      expect(await page.getByTestId('collection-volume-totals').textContent()).toMatch(/ATT .* KLAY/);
      // Nothing wider than the window.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await snap(page, `collection-charts-${lang}-${width}-day`);

      await page.getByTestId('chart-period-day').focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="chart-period-week"]')?.getAttribute('aria-pressed') === 'true' &&
          document.querySelector('[data-testid="collection-floor-chart"] canvas') !== null,
      );
      expect((await box.boundingBox())!.height).toBe(reserved);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="collection-charts-box"]')?.getAttribute('data-period') === 'month' &&
          document.querySelector('[data-testid="collection-floor-chart"] canvas') !== null,
      );
      expect((await box.boundingBox())!.height).toBe(reserved);
      await snap(page, `collection-charts-${lang}-${width}-month`);
      await context.close();
    });
  }
});
