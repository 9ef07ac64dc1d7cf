/**
 * The collection page's item grids (spec 2 "Collection pages") in Chromium against the real stack: a demo creator
 * publishes 26 items into a new collection through the real upload and register endpoints and hides one. The
 * AllItem tab (/nft/info/collection/Item) is the marketplace's grid: 20 cards, the rest on scrolling to the bottom,
 * the four collection orders, a status chip with the spec's empty text, a search chip (part of a Korean name), a
 * reset; the owner's Hide tab (/nft/info/collection/hideItem) lists the hidden item, without a coin filter; a
 * visitor sent to the Hide tab lands on the home tab. Screenshots at 1440 and 390 px in Korean and English.
 * The header's figures: with pieces listed in ATT and KLAY and one bought on chain (indexed), the floor per coin with
 * its USD estimate and the volume (USD, per coin) are the API's `stats` and the ranking's row, in both languages.
 */
import type { CollectionStats, RankingRow } from '@att/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { connectDevWallet, loginState, poll, useStackAndBrowser } from '../src/harness';
import { stackApi, tintedPng } from '../src/stack-api';
import { TOKEN, tradeJourney } from '../src/trade-members';

const ctx = useStackAndBrowser();
const KOREAN_NAME = '푸른바다 거북이';

const { post, upload } = stackApi(ctx);
const { nodeSignIn, listLazily, buyFromNode } = tradeJourney(ctx);
const png = tintedPng;

const grid = (page: Page, tab: string) => page.getByTestId(tab).getByTestId('browse-grid');
const gridCount = async (page: Page, tab: string) => Number(await grid(page, tab).getAttribute('data-count'));
const cardIds = (page: Page, tab: string) =>
  page.$$eval(`[data-testid="${tab}"] [data-testid="browse-grid"] > li > article`, (els) =>
    els.map((e) => Number(e.getAttribute('data-testid')!.slice('item-card-'.length))),
  );

describe('collection page item grids', () => {
  let collectionIdx = 0;
  /** Published order (oldest first); `hiddenId` is hidden by its creator. */
  let ids: number[] = [];
  let hiddenId = 0;
  let session = { id: '', ticket: '' };

  it('a creator publishes 26 items into a collection and hides one', async () => {
    const context = await ctx.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(ctx.stack.url);
    await connectDevWallet(page, 7);
    await loginState(page, 'loggedIn');
    session = JSON.parse((await page.evaluate(() => localStorage.getItem('att.session')))!) as {
      id: string;
      ticket: string;
    };
    await context.close();
    const auth = { id: session.id, ticketId: session.ticket };

    const logoFileName = await upload('logo', auth, await png(180));
    const c = await post<{ data: { collectionIdx: number } }>('/nft/collection/register', {
      ...auth,
      collectionName: '바다 여정 Sea Journey',
      royalty: 3,
      logoFileName,
    });
    expect(c.returnCode).toBe(0);
    collectionIdx = c.data.collectionIdx;
    ids = [];
    for (let n = 0; n < 27; n++) {
      const fileName = await upload('resource', auth, await png((n * 41) % 360));
      const r = await post<{ data: { productId: number } }>('/nft/register', {
        ...auth,
        fileName,
        category: 1 + (n % 8),
        productName: n === 5 ? KOREAN_NAME : `Sea piece #${n + 1}`,
        productDesc: '',
        totalSupply: 1,
        flagFreezeMetadata: 0,
        isExistUnlockedContent: 0,
        unlockedContent: '',
        collectionIdx,
      });
      expect(r.returnCode).toBe(0);
      ids.push(r.data.productId);
    }
    // The last one is hidden: 26 shown, 1 on the Hide tab.
    hiddenId = ids.pop()!;
    expect((await post('/nft/hide', { ...auth, productId: hiddenId })).returnCode).toBe(0);
  });

  it('AllItem: 20 then the rest at the bottom; orders, a status chip, a Korean search chip and a reset', async () => {
    const context = await ctx.browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(() => localStorage.setItem('att.lang', 'ko'));
    const page = await context.newPage();
    const tab = 'collection-all-items';
    await page.goto(`${ctx.stack.url}/Collection/AllItem/${collectionIdx}`);
    await grid(page, tab).waitFor();
    expect(await gridCount(page, tab)).toBe(20);
    await poll(() => page.getByTestId('browse-count').textContent()).toContain('26');
    expect((await cardIds(page, tab))[0]).toBe(ids.at(-1));
    // The collection's own grid: no collection list in the panel; the four collection orders.
    expect(await page.getByTestId('filter-collections').count()).toBe(0);
    expect(
      await page.$$eval('[data-testid="browse-order"] option', (os) => os.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual(['1', '2', '3', '4']);

    // The bottom of the list: the remaining 6 are appended (the hidden item never shows).
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="collection-all-items"] [data-testid="browse-grid"]')
          ?.getAttribute('data-count') === '26',
    );
    expect((await cardIds(page, tab)).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, 'collection-ko-1440-all');

    // Oldest first.
    await page.getByTestId('browse-order').selectOption('4');
    await poll(() => cardIds(page, tab).then((x) => x.slice(0, 3))).toEqual(ids.slice(0, 3));

    // "Buy now": nothing of this collection is on sale -> a chip and the empty text; removing the chip restores the grid.
    await page.getByTestId('filter-status-1').check();
    await page.getByTestId('chip-status-1').waitFor();
    await page.getByTestId(tab).getByTestId('browse-empty').waitFor();
    expect(await page.getByTestId(tab).getByTestId('browse-empty').textContent()).toContain(
      '조건에 맞는 아이템이 없습니다.',
    );
    await page.getByTestId('chip-status-1').click();
    await poll(() => cardIds(page, tab).then((x) => x[0])).toBe(ids[0]);

    // The search box (Enter) with part of a Korean name: one card and a search chip; the reset brings all back.
    await page.getByTestId('browse-search').fill('른바다');
    await page.getByTestId('browse-search').press('Enter');
    await page.getByTestId('chip-search').waitFor();
    await poll(() => cardIds(page, tab)).toEqual([ids[5]]);
    await snap(page, 'collection-ko-1440-search');
    await page.getByTestId('filter-reset').click();
    await page.getByTestId('filter-chips').waitFor({ state: 'detached' });
    expect(await page.getByTestId('browse-search').inputValue()).toBe('');
    await poll(() => gridCount(page, tab)).toBe(20);
    await poll(() => cardIds(page, tab).then((x) => x[0])).toBe(ids[0]);
    await context.close();
  });

  it('Hide tab: the owner sees the hidden item (no coin filter); a visitor is sent to the home tab', async () => {
    const context = await ctx.browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(() => localStorage.setItem('att.lang', 'en'));
    const page = await context.newPage();
    await page.goto(ctx.stack.url);
    await connectDevWallet(page, 7);
    await loginState(page, 'loggedIn');
    await page.goto(`${ctx.stack.url}/Collection/Hide/${collectionIdx}`);
    await loginState(page, 'loggedIn');
    const tab = 'collection-hidden-items';
    await grid(page, tab).waitFor();
    expect(await cardIds(page, tab)).toEqual([hiddenId]);
    expect(await page.getByTestId('filter-coin-ATT').count()).toBe(0);
    await page.getByTestId('filter-status-3').waitFor();
    await snap(page, 'collection-en-1440-hidden');
    await context.close();

    const visitorContext = await ctx.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${ctx.stack.url}/Collection/Hide/${collectionIdx}`);
    await visitor.waitForURL(new RegExp(`/Collection/${collectionIdx}$`));
    await visitor.getByTestId('collection-recent').waitFor();
    expect(await visitor.getByTestId('collection-tab-hidden').count()).toBe(0);
    await visitorContext.close();
  });

  it('looks right at 1440 and 390 px in Korean and English (phone: filters in a drawer)', async () => {
    for (const lang of ['ko', 'en'] as const) {
      for (const width of [1440, 390]) {
        const context = await ctx.browser.newContext({ viewport: { width, height: width > 800 ? 900 : 844 } });
        await context.addInitScript((l) => localStorage.setItem('att.lang', l), lang);
        const page = await context.newPage();
        await page.goto(`${ctx.stack.url}/Collection/AllItem/${collectionIdx}`);
        await grid(page, 'collection-all-items').waitFor();
        await page.waitForFunction(() =>
          [...document.querySelectorAll<HTMLImageElement>('.item-card img')]
            .slice(0, 2)
            .every((i) => i.complete && i.naturalWidth > 0),
        );
        await snap(page, `collection-${lang}-${width}`);
        if (width === 390) {
          await page.getByTestId('filters-toggle').click();
          await page.getByTestId('filters-drawer').waitFor();
          await page.getByTestId('filter-coin-KLAY').check();
          await page.getByTestId('filters-drawer-close').click();
          await page.getByTestId('chip-coin-KLAY').waitFor();
          await page.getByTestId('collection-all-items').getByTestId('browse-empty').waitFor();
          await snap(page, `collection-${lang}-390-filtered`);
        }
        await context.close();
      }
    }
  });

  it("header figures: the floor in ATT and KLAY with its USD estimate and the volume are the API's stats and the ranking row (ko, en)", async () => {
    const [aAuth, bAuth] = [await nodeSignIn('A'), await nodeSignIn('B')];
    const logoFileName = await upload('logo', aAuth, await png(30));
    const c = await post<{ data: { collectionIdx: number } }>('/nft/collection/register', {
      ...aAuth,
      collectionName: '수치 Figures',
      royalty: 5,
      logoFileName,
    });
    expect(c.returnCode).toBe(0);
    const idx = c.data.collectionIdx;
    const items: { productId: number; tokenId: string }[] = [];
    for (const n of [1, 2, 3]) {
      const fileName = await upload('resource', aAuth, await png(n * 100));
      const r = await post<{ data: { productId: number; tokenId: string } }>('/nft/register', {
        ...aAuth,
        fileName,
        category: 1,
        productName: `Figure ${n}`,
        productDesc: '',
        totalSupply: 1,
        flagFreezeMetadata: 0,
        isExistUnlockedContent: 0,
        unlockedContent: '',
        collectionIdx: idx,
      });
      expect(r.returnCode).toBe(0);
      items.push(r.data);
    }
    // 447.5 ATT and 12.25 KLAY stay listed; the piece listed at 3 KLAY is bought on chain (the volume).
    const [att, klay] = [(4475n * TOKEN) / 10n, (1225n * TOKEN) / 100n];
    await listLazily(aAuth, items[0]!, { quantity: 1, price: att, supply: 1, symbol: 'ATT' });
    await listLazily(aAuth, items[1]!, { quantity: 1, price: klay, supply: 1, symbol: 'KLAY' });
    await buyFromNode(
      'B',
      bAuth,
      await listLazily(aAuth, items[2]!, { quantity: 1, price: 3n * TOKEN, supply: 1, symbol: 'KLAY' }),
      1,
    );

    const stats = async () =>
      (await post<{ data: { stats: CollectionStats } }>('/nft/collection/info', { collectionIdx: idx })).data.stats;
    // Once the indexer has the sale: the sold listing leaves the KLAY floor, the volume has its 3 KLAY.
    await poll(() => stats().then((s) => [s.floor.ATT, s.floor.KLAY, s.volume.ATT, s.volume.KLAY])).toEqual([
      String(att),
      String(klay),
      '0',
      String(3n * TOKEN),
    ]);
    const s = await stats();
    expect(s.floor.usd).not.toBeNull();
    expect(s.volume.usd).not.toBe('0');
    const row = (await post<{ list: RankingRow[] }>('/nft/ranking/list', { pageNo: 1 })).list.find(
      (r) => r.collectionIdx === idx,
    );
    expect(row).toMatchObject({ totalTrade: s.volume.usd, itemCount: s.itemCount, owners: s.ownerCount });

    const figure = (page: Page, key: string) =>
      page
        .getByTestId(`collection-stat-${key}`)
        .evaluate((dd) => [
          dd.firstChild?.textContent ?? '',
          dd.querySelector('.collection-stat-detail')?.textContent ?? null,
        ]);
    for (const lang of ['ko', 'en'] as const) {
      const context = await ctx.browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript((l) => localStorage.setItem('att.lang', l), lang);
      const page = await context.newPage();
      await page.goto(`${ctx.stack.url}/Collection/${idx}`);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      await page.getByTestId('collection-stat-floor').waitFor();
      expect(await figure(page, 'floor')).toEqual(['447.5 ATT · 12.25 KLAY', `≈ $${s.floor.usd}`]);
      expect(await figure(page, 'volume')).toEqual([`$${s.volume.usd}`, '3 KLAY']);
      expect(await figure(page, 'items')).toEqual([String(s.itemCount), null]);
      await snap(page, `collection-${lang}-1440-figures`);
      // The ranking page shows the same volume.
      await page.goto(`${ctx.stack.url}/Ranking`);
      const cell = page.locator(
        `[data-testid="ranking-row"][data-collection-idx="${idx}"] [data-testid="ranking-cell-1"]`,
      );
      await cell.waitFor();
      expect(await cell.textContent()).toBe(`$${row!.totalTrade}`);
      await context.close();
    }
  });
});
