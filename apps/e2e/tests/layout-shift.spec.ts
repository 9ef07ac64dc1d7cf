/**
 * Pages that keep still while they load, on a phone (390 × 844, mobile emulation), with the demo catalogue: the
 * marketplace and an item page are opened with their data call held (the real server answers it once released),
 * so the page paints its loading state first whatever the machine's speed; then the data arrives and the images
 * load. The layout shifts the browser reported over the whole load (summed by session windows, as Lighthouse
 * does) stay under 0.1, and the grid's loading cards have the box of the loaded cards.
 */
import { ResourceType } from '@att/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { UI_TIMEOUT, useStackAndBrowser } from '../src/harness';
import { holdApi } from '../src/hold';
import { OBSERVE_LAYOUT, readLayout, sessionWindowCls } from '../src/layout-shift';

const ctx = useStackAndBrowser({ demoCatalogue: true });

/** Lighthouse's threshold of a good cumulative layout shift. */
const GOOD_CLS = 0.1;

async function phonePage(): Promise<Page> {
  const context = await ctx.browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'ko-KR',
  });
  const page = await context.newPage();
  await page.addInitScript({ content: OBSERVE_LAYOUT });
  return page;
}

/** Every image in the viewport has loaded (or failed), and two frames have been laid out and reported since. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.images]
        .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
        .every((img) => img.complete),
    undefined,
    { timeout: UI_TIMEOUT },
  );
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(), 0))),
      ),
  );
}

async function shiftOf(page: Page) {
  const { shifts } = await readLayout(page);
  return { cls: sessionWindowCls(shifts), moved: shifts.map((s) => `${s.value.toFixed(3)} ${s.moved.join(' ')}`) };
}

describe('pages keep still while they load on a phone', () => {
  it('the marketplace: loading cards with the loaded cards’ box, then the grid in their place', async () => {
    const page = await phonePage();
    const release = await holdApi(page, '/nft/instance/list');
    await page.goto(`${ctx.stack.url}/Marketplace`);
    const skeleton = page.getByTestId('item-card-skeleton').first();
    await skeleton.waitFor({ timeout: UI_TIMEOUT });
    const before = (await skeleton.boundingBox())!;
    await snap(page, 'layout-shift-marketplace-loading-390');
    await release();
    const card = page.locator('[data-testid="browse-grid"] > li > article').first();
    await card.waitFor({ timeout: UI_TIMEOUT });
    await settled(page);
    const after = (await card.boundingBox())!;
    expect(Math.abs(after.y - before.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(after.height - before.height)).toBeLessThanOrEqual(1);
    expect(Math.abs(after.width - before.width)).toBeLessThanOrEqual(1);
    const { cls, moved } = await shiftOf(page);
    expect(cls, `shifts: ${moved.join('; ')}`).toBeLessThan(GOOD_CLS);
    await snap(page, 'layout-shift-marketplace-390');
    await page.context().close();
  });

  it('an item page: the media box is there before the image, nothing below it moves', async () => {
    const item = await ctx.stack.db
      .selectFrom('items')
      .select('item_idx')
      .where('resource_type', '=', ResourceType.Image)
      .orderBy('item_idx')
      .executeTakeFirstOrThrow();
    const page = await phonePage();
    const release = await holdApi(page, '/nft/detail');
    await page.goto(`${ctx.stack.url}/NftInfo/${item.item_idx}`);
    await page.getByTestId('loading').waitFor({ timeout: UI_TIMEOUT });
    await release();
    await page.getByTestId('item-page').waitFor({ timeout: UI_TIMEOUT });
    await settled(page);
    const { cls, moved } = await shiftOf(page);
    expect(cls, `shifts: ${moved.join('; ')}`).toBeLessThan(GOOD_CLS);
    await snap(page, 'layout-shift-item-390');
    await page.context().close();
  });
});
