/**
 * The item detail page in Chromium against the real stack with the demo catalogue and its
 * history: the owners and likers popups, the price history chart (uPlot, loaded on demand) and its placeholder,
 * the transaction history and chain info tabs, the collection's other items, the lock badge with the unlockable
 * content for the owner, and a deleted item's message and redirect. Korean and English at 1440 and 390 px, with
 * screenshots.
 */
import type { ItemDetail } from '@att/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { connectDevWallet, loginState, useStackAndBrowser } from '../src/harness';
import { stackApi, tintedPng } from '../src/stack-api';

const ctx = useStackAndBrowser({ demoCatalogue: true });

const TEXTS = {
  ko: { deleted: '삭제된 아이템입니다.', erc: 'ERC-1155' },
  en: { deleted: 'This item has been deleted.', erc: 'ERC-1155' },
} as const;

const { post, upload: uploadAs } = stackApi(ctx);

/** A multi-edition demo item with trades (chart) and one without trades (placeholder). */
async function demoItems(): Promise<{ traded: number; untraded: number }> {
  let traded = 0;
  let untraded = 0;
  for (let id = 1; id <= 200 && (!traded || !untraded); id++) {
    const d = await post<{ data?: ItemDetail }>('/nft/detail', { productId: id });
    if (d.returnCode !== 0 || !d.data || d.data.hideState !== 0) continue;
    const stats = await post<{ list: unknown[] }>('/nft/trading/list', { productId: id });
    if (stats.list.length > 0 && d.data.itemType === 1 && !traded) traded = id;
    if (stats.list.length === 0 && !untraded) untraded = id;
  }
  if (!traded || !untraded) throw new Error(`demo items not found: ${traded} ${untraded}`);
  return { traded, untraded };
}

async function openPage(lang: 'ko' | 'en', width: number) {
  const context = await ctx.browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript((l) => localStorage.setItem('att.lang', l), lang);
  return { context, page: await context.newPage() };
}

async function visit(page: Page, productId: number) {
  await page.goto(`${ctx.stack.url}/NftInfo/${productId}`);
  await page.getByTestId('item-name').waitFor();
}

let items: { traded: number; untraded: number };

describe.each(['ko', 'en'] as const)('item detail in %s', (lang) => {
  it.each([1440, 390])('shows popups, chart, tabs and other items at %i px', async (width) => {
    items ??= await demoItems();
    const { context, page } = await openPage(lang, width);
    await visit(page, items.traded);

    // Price history: the chart's own chunk loads and draws the points.
    const chart = page.getByTestId('price-chart');
    await chart.waitFor();
    expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThan(0);
    await page.locator('[data-testid="price-chart"] canvas').waitFor();

    // Owners popup (multi-edition).
    await page.getByTestId('item-owner-count').click();
    const owners = page.getByTestId('owners-popup');
    await owners.getByTestId('owner-row').first().waitFor();
    await snap(page, `item-detail-owners-${lang}-${width}`);
    await page.keyboard.press('Escape');
    await owners.waitFor({ state: 'detached' });

    // Likers popup.
    await page.getByTestId('like-count').click();
    const likers = page.getByTestId('likers-popup');
    await likers.waitFor();
    await likers.locator('[data-testid="likers-list"], p.muted').first().waitFor();
    await page.keyboard.press('Escape');
    await likers.waitFor({ state: 'detached' });

    // Tabs: history rows with event labels, then chain info.
    await page.getByTestId('history-list').waitFor();
    await page.getByTestId('item-tab-chain').click();
    expect(await page.getByTestId('chain-tokenType').textContent()).toBe(TEXTS[lang].erc);
    expect(await page.getByTestId('chain-contract').textContent()).toMatch(/^0x[0-9a-f]{40}$/);
    expect(await page.getByTestId('chain-royalty').textContent()).toMatch(/%$/);
    await page.getByTestId('item-tab-history').click();
    await page.getByTestId('history-list').waitFor();

    // Other items of the collection link to their pages.
    const other = page.getByTestId('other-items');
    await other.waitFor();
    const firstOther = other.getByTestId('item-card-link').first();
    const href = await firstOther.getAttribute('href');
    expect(href).toMatch(/^\/NftInfo\/\d+$/);
    expect(href).not.toBe(`/NftInfo/${items.traded}`);
    await page.getByTestId('sales-list-slot').waitFor({ state: 'attached' });
    await snap(page, `item-detail-${lang}-${width}`);

    // No trades: the placeholder, and no chart.
    await visit(page, items.untraded);
    await page.getByTestId('price-chart-empty').waitFor();
    expect(await page.getByTestId('price-chart').count()).toBe(0);
    await context.close();
  });

  it('shows the owner the lock badge and unlockable content; a deleted item says so and goes to /', async () => {
    const { context, page } = await openPage(lang, 1440);
    await page.goto(ctx.stack.url);
    await connectDevWallet(page, lang === 'ko' ? 7 : 8);
    await loginState(page, 'loggedIn');
    const session = JSON.parse((await page.evaluate(() => localStorage.getItem('att.session')))!) as {
      id: string;
      ticket: string;
    };
    const auth = { id: session.id, ticketId: session.ticket };

    const collections = await post<{ list: { collectionIdx: number }[] }>('/nft/collection/list/mine', {
      ...auth,
      pageNo: 1,
      pageSize: 10,
    });
    let collectionIdx = collections.list?.[0]?.collectionIdx;
    const png = await tintedPng(220);
    const upload = (kind: 'logo' | 'resource') => uploadAs(kind, auth, png);
    if (!collectionIdx) {
      const c = await post<{ data: { collectionIdx: number } }>('/nft/collection/register', {
        ...auth,
        collectionName: `Detail ${lang}`,
        royalty: 3,
        logoFileName: await upload('logo'),
      });
      collectionIdx = c.data.collectionIdx;
    }
    const r = await post<{ data: { productId: number } }>('/nft/register', {
      ...auth,
      fileName: await upload('resource'),
      category: 1,
      productName: `Lock ${lang}`,
      productDesc: '',
      totalSupply: 1,
      flagFreezeMetadata: 0,
      isExistUnlockedContent: 1,
      unlockedContent: `secret-${lang}`,
      collectionIdx,
    });
    expect(r.returnCode).toBe(0);
    const id = r.data.productId;

    await page.goto(`${ctx.stack.url}/NftInfo/${id}`);
    await loginState(page, 'loggedIn');
    await page.getByTestId('item-unlock').click();
    expect(await page.getByTestId('item-unlocked-content').textContent()).toBe(`secret-${lang}`);
    await snap(page, `item-detail-unlock-${lang}-1440`);
    await page.keyboard.press('Escape');
    // The owner of a fresh single item may edit and sell it.
    await page.getByTestId('item-edit').waitFor();
    expect(await page.getByTestId('item-sell').getAttribute('href')).toBe(`/NftSell/${id}`);
    expect(await page.getByTestId('item-owner-link').textContent()).toBe(session.id);

    expect((await post('/nft/delete', { ...auth, productId: id })).returnCode).toBe(0);
    await page.reload();
    const popup = page.getByTestId('ok-popup');
    await popup.waitFor();
    expect(await popup.textContent()).toContain(TEXTS[lang].deleted);
    await snap(page, `item-detail-deleted-${lang}-1440`);
    await page.getByTestId('ok-popup-confirm').click();
    await page.waitForURL(`${ctx.stack.url}/`);
    await context.close();
  });
});
