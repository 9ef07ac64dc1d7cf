/**
 * Marketplace and search in Chromium against the real stack: a demo creator publishes 26
 * items through the real upload and register endpoints; the marketplace grid shows 20 and loads the next page
 * when scrolled to the bottom; an item-type filter chip and an order change the results (and the chip's removal
 * restores them); the header search finds a Korean item by part of its name. Screenshots at 1440 and 390 px in
 * Korean and English.
 */
import type { ItemCard } from '@att/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { connectDevWallet, loginState, poll, useStackAndBrowser } from '../src/harness';
import { stackApi, tintedPng } from '../src/stack-api';

const ctx = useStackAndBrowser();
const KOREAN_NAME = '무지개다리 고래';

const { post, upload } = stackApi(ctx);
const png = tintedPng;

const gridCount = (page: Page) => page.getByTestId('browse-grid').getAttribute('data-count').then(Number);
const cardIds = (page: Page) =>
  page.$$eval('[data-testid="browse-grid"] > li > article', (els) =>
    els.map((e) => Number(e.getAttribute('data-testid')!.slice(10))),
  );

describe('marketplace and search', () => {
  let ids: number[] = [];

  it('a creator publishes 26 items (the catalogue of this journey)', async () => {
    const context = await ctx.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(ctx.stack.url);
    await connectDevWallet(page, 7);
    await loginState(page, 'loggedIn');
    const session = JSON.parse((await page.evaluate(() => localStorage.getItem('att.session')))!) as {
      id: string;
      ticket: string;
    };
    const auth = { id: session.id, ticketId: session.ticket };
    await context.close();

    const logoFileName = await upload('logo', auth, await png(200));
    const c = await post<{ data: { collectionIdx: number } }>('/nft/collection/register', {
      ...auth,
      collectionName: '마켓 여정 Market Journey',
      royalty: 2,
      logoFileName,
    });
    expect(c.returnCode).toBe(0);
    ids = [];
    for (let n = 0; n < 26; n++) {
      const fileName = await upload('resource', auth, await png((n * 37) % 360));
      const r = await post<{ data: { productId: number } }>('/nft/register', {
        ...auth,
        fileName,
        category: 1 + (n % 8),
        productName: n === 3 ? KOREAN_NAME : `Journey piece #${n + 1}`,
        productDesc: '',
        // Every 4th item is a multi-edition item.
        totalSupply: n % 4 === 0 ? 5 : 1,
        flagFreezeMetadata: 0,
        isExistUnlockedContent: 0,
        unlockedContent: '',
        collectionIdx: c.data.collectionIdx,
      });
      expect(r.returnCode).toBe(0);
      ids.push(r.data.productId);
    }
    const all = await post<{ list: ItemCard[]; page: { totalRecordSize: number } }>('/nft/instance/list', {
      pageSize: 100,
    });
    expect(all.page.totalRecordSize).toBe(26);
  });

  it('loads more on scroll; a filter chip and an order change the results; Korean header search finds a part of a name', async () => {
    const context = await ctx.browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(() => localStorage.setItem('att.lang', 'ko'));
    const page = await context.newPage();
    await page.goto(`${ctx.stack.url}/Marketplace`);
    await page.getByTestId('browse-grid').waitFor();
    expect(await gridCount(page)).toBe(20);
    await poll(() => page.getByTestId('browse-count').textContent()).toContain('26');
    expect((await cardIds(page))[0]).toBe(ids.at(-1));

    // Scroll to the bottom: the next page (6 more) is appended.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(
      () => document.querySelector('[data-testid="browse-grid"]')?.getAttribute('data-count') === '26',
    );
    await snap(page, 'marketplace-ko-1440');

    // Item type "multiple editions": a chip appears and the grid shows only those 7 items.
    await page.getByTestId('filter-item-type-1').check();
    await page.getByTestId('chip-itemType-1').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="browse-grid"]')?.getAttribute('data-count') === '7',
    );
    const multi = ids.filter((_, n) => n % 4 === 0);
    expect(await cardIds(page)).toEqual([...multi].reverse());

    // Oldest first.
    await page.getByTestId('browse-order').selectOption('5');
    await poll(() => cardIds(page)).toEqual(multi);

    // Removing the chip restores every item (oldest first, 20 per page again).
    await page.getByTestId('chip-itemType-1').click();
    await poll(() => page.getByTestId('filter-chips').count()).toBe(0);
    await poll(() => cardIds(page).then((x) => x.slice(0, 3))).toEqual(ids.slice(0, 3));

    // The header search (Enter) with part of a Korean name.
    await page.getByTestId('header-search').fill('지개다리');
    await page.getByTestId('header-search').press('Enter');
    await page.waitForURL(/\/Search\//);
    await poll(() => cardIds(page)).toEqual([ids[3]]);
    expect(await page.getByTestId('marketplace-title').textContent()).toContain('지개다리');
    await page.getByTestId('header-search').fill('없는이름');
    await page.getByTestId('header-search').press('Enter');
    await page.getByTestId('browse-empty').waitFor();
    await context.close();
  });

  it('looks right at 1440 and 390 px in Korean and English (phone: filters in a drawer)', async () => {
    for (const lang of ['ko', 'en'] as const) {
      for (const width of [1440, 390]) {
        const context = await ctx.browser.newContext({ viewport: { width, height: width > 800 ? 900 : 844 } });
        await context.addInitScript((l) => localStorage.setItem('att.lang', l), lang);
        const page = await context.newPage();
        await page.goto(`${ctx.stack.url}/Marketplace`);
        await page.getByTestId('browse-grid').waitFor();
        // The first row's images (the rest load lazily as they scroll in).
        await page.waitForFunction(() =>
          [...document.querySelectorAll<HTMLImageElement>('.item-card img')]
            .slice(0, 2)
            .every((i) => i.complete && i.naturalWidth > 0),
        );
        await snap(page, `marketplace-${lang}-${width}`);
        if (width === 390) {
          await page.getByTestId('filters-toggle').click();
          await page.getByTestId('filters-drawer').waitFor();
          await page.getByTestId('filter-status-3').check();
          await page.getByTestId('filters-drawer-close').click();
          await page.getByTestId('chip-status-3').waitFor();
          await snap(page, `marketplace-${lang}-390-filtered`);
        }
        await context.close();
      }
    }
  });
});
