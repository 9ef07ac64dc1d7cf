/**
 * Item traits in Chromium against the real stack. A creator (demo_artist, Korean, 1440 px) has a collection with
 * two items carrying traits (published through the API) and publishes a third in the web form with the traits
 * editor (a text trait and a number out of 10, a row added and removed with the keyboard); the item page shows its
 * Traits panel with each value's share, and its ERC-1155 metadata carries them as OpenSea `attributes`. A visitor
 * (English, 390 px, signed out) opens the collection's grid, chooses 빨강 in the filter drawer and sees
 * only the matching items; the choice is in the URL and survives a reload. Screenshots `artifacts/traits-*`.
 */
import { itemMetadataSchema, type ItemCard } from '@att/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { poll, UI_TIMEOUT, useStackAndBrowser } from '../src/harness';
import { png } from '../src/media';
import { goSignedIn, okPopup, session, signedIn } from '../src/member-page';
import { stackApi, tintedPng } from '../src/stack-api';

const ctx = useStackAndBrowser();
const { post, upload } = stackApi(ctx);

describe('item traits', () => {
  let collectionIdx = 0;
  const ids: number[] = [];

  /** The collection and its two items with a background trait, published through the API before the tests. */
  beforeAll(async () => {
    const { context, page } = await signedIn(ctx, 'ko', 7);
    const me = await session(page);
    await context.close();
    const auth = { id: me.id, ticketId: me.ticket };
    const logoFileName = await upload('logo', auth, await tintedPng(40));
    const c = await post<{ data: { collectionIdx: number } }>('/nft/collection/register', {
      ...auth,
      collectionName: `속성 Traits ${Date.now().toString(36)}`,
      royalty: 5,
      logoFileName,
    });
    expect(c.returnCode).toBe(0);
    collectionIdx = c.data.collectionIdx;
    for (const [n, bg] of ['파랑', '빨강'].entries()) {
      const r = await post<{ data: { productId: number } }>('/nft/register', {
        ...auth,
        fileName: await upload('resource', auth, await tintedPng(n * 120)),
        category: 1,
        productName: `Trait piece ${n + 1}`,
        productDesc: '',
        totalSupply: 1,
        flagFreezeMetadata: 0,
        isExistUnlockedContent: 0,
        unlockedContent: '',
        collectionIdx,
        traits: [{ traitType: '배경', value: bg }],
      });
      expect(r.returnCode).toBe(0);
      ids.push(r.data.productId);
    }
  }, 120_000);

  it('a creator publishes an item with traits in Korean; the item page and the metadata show them', async () => {
    const { context, page } = await signedIn(ctx, 'ko', 7);
    await goSignedIn(ctx, page, '/NftPublish');
    await page
      .getByTestId('item-resource-input')
      .setInputFiles({ name: 'art.png', mimeType: 'image/png', buffer: await png(600, 600, [40, 90, 220]) });
    await page.getByTestId('item-name').fill('파란 별');
    await page.getByTestId('item-category').selectOption({ index: 1 });
    await page.getByTestId('item-collection').selectOption(String(collectionIdx));
    // Three rows by keyboard (the add button is focused after a removal), the middle one removed again.
    await page.getByTestId('item-trait-add').click();
    await page.keyboard.type('배경');
    await page.getByTestId('item-trait-0-value').fill('파랑');
    await page.getByTestId('item-trait-add').click();
    await page.keyboard.type('지울 속성');
    await page.getByTestId('item-trait-add').click();
    await page.keyboard.type('레벨');
    await page.getByTestId('item-trait-2-kind').selectOption('number');
    await page.getByTestId('item-trait-2-value').fill('7');
    await page.getByTestId('item-trait-2-max').fill('10');
    await page.getByTestId('item-trait-1-remove').focus();
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('item-trait-1-type').inputValue()).toBe('레벨');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('item-trait-1-type');
    // A value over its maximum is named under its row first.
    await page.getByTestId('item-trait-1-max').fill('5');
    await page.getByTestId('item-submit').click();
    expect(await page.getByTestId('item-trait-1-error').textContent()).toBe('최댓값은 값보다 작을 수 없습니다.');
    await page.getByTestId('item-trait-1-max').fill('10');
    await snap(page, 'traits-ko-1440-form');
    await page.getByTestId('item-submit').click();
    await okPopup(page, '아이템 등록 성공');
    await page.waitForURL(/\/MyCollection$/);

    const list = await post<{ list: ItemCard[] }>('/nft/info/collection/Item', { collectionIdx, pageSize: 20 });
    const published = list.list.find((i) => i.name === '파란 별')!.productId;
    await goSignedIn(ctx, page, `/NftInfo/${published}`);
    const panel = page.getByTestId('item-traits-panel');
    await panel.waitFor({ timeout: UI_TIMEOUT });
    // 2 of the collection's 3 items have 파랑; the level is alone.
    expect(await page.getByTestId('item-trait-배경').textContent()).toBe('배경파랑66.7% 보유');
    expect(await page.getByTestId('item-trait-레벨').textContent()).toBe('레벨7 / 1033.3% 보유');
    await panel.scrollIntoViewIfNeeded();
    await snap(page, 'traits-ko-1440-item');

    const detail = await post<{ data: { tokenId: string; metadataUrl: string } }>('/nft/detail', {
      productId: published,
    });
    const metaUrl = detail.data.metadataUrl.replace(/^https?:\/\/[^/]+/, ctx.stack.url);
    const meta = itemMetadataSchema.parse(await (await fetch(metaUrl)).json());
    expect(meta.attributes).toEqual([
      { trait_type: '배경', value: '파랑' },
      { trait_type: '레벨', value: 7, display_type: 'number', max_value: 10 },
    ]);
    await context.close();
  });

  it('a visitor filters the collection by a trait in English at 390 px and sees only the matching items', async () => {
    const context = await ctx.browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => localStorage.setItem('att.lang', 'en'));
    const page = await context.newPage();
    await page.goto(`${ctx.stack.url}/Collection/AllItem/${collectionIdx}`);
    const grid = page.getByTestId('collection-all-items').getByTestId('browse-grid');
    // Two items, or three once the creator's journey has published its own.
    await poll(async () => Number(await grid.getAttribute('data-count'))).toBeGreaterThanOrEqual(2);
    await page.getByTestId('filters-toggle').click();
    await page.getByTestId('filters-drawer').waitFor();
    await page.getByTestId('filter-trait-type-배경').click();
    const red = page.getByTestId('filter-trait-배경-빨강');
    expect(await red.locator('xpath=..').textContent()).toContain('(1)');
    await red.check();
    await snap(page, 'traits-en-390-drawer');
    await page.getByTestId('filters-drawer-close').click();
    await poll(async () => Number(await grid.getAttribute('data-count'))).toBe(1);
    const shown = await page.$$eval(
      '[data-testid="collection-all-items"] [data-testid="browse-grid"] > li > article',
      (els) => els.map((e) => Number(e.getAttribute('data-testid')!.slice('item-card-'.length))).sort((a, b) => a - b),
    );
    expect(shown).toEqual([ids[1]]);
    expect(await page.getByTestId('chip-trait-배경-빨강').textContent()).toContain('배경: 빨강');
    expect(decodeURIComponent(new URL(page.url()).search)).toContain('trait=');
    await snap(page, 'traits-en-390-filtered');
    // The choice is in the URL: a reload brings back the same grid.
    await page.reload();
    await page.getByTestId('chip-trait-배경-빨강').waitFor();
    await poll(async () => Number(await grid.getAttribute('data-count'))).toBe(1);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await context.close();
  });
});
