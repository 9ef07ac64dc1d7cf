/**
 * Every route of the spec's route table (spec 1, section 2), signed in as a demo member, in one page session per
 * device: at 390 px (Korean) and 1440 px (English) axe-core finds no serious or critical violation (nor any
 * heading-order, label-content-name-mismatch or color-contrast one); at 320, 390 and 430 px no page is wider than
 * the phone and the notice popup and the connect dialog sit inside it with buttons a tap reaches. Also: a page
 * chunk that cannot load reloads once and then offers a retry; marketplace filters survive Back from an item;
 * a notice row opens from any cell. Screenshots: artifacts/routes-*.png.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { closeWalletDrawer, connectDevWallet, loginState, poll, UI_TIMEOUT, useStackAndBrowser } from '../src/harness';
import { type AxeFinding, axeViolations, type KnownAxe, widthProblems } from '../src/page-checks';
import { stackApi } from '../src/stack-api';

const ctx = useStackAndBrowser({ demoCatalogue: true, demoSupport: true });
const api = stackApi(ctx);

/** demo_artist: dev wallet #8 (0-based 7), owner of a demo collection. */
const ARTIST_WALLET = 7;
/** Rules the walk's findings named: they fail the run at any impact. */
const ALWAYS = ['heading-order', 'label-content-name-mismatch', 'color-contrast'];
/**
 * The header's language trigger and wallet button (names that do not contain their text) are fixed in the
 * header's own rework on another branch; nothing else is excluded.
 */
const KNOWN: KnownAxe = [
  ['label-content-name-mismatch', '.site-header .lang-trigger'],
  ['label-content-name-mismatch', '.site-header .wallet-button'],
];

interface Route {
  path: string;
  /** Where the page settles when not at `path` (a redirect the spec asks for). */
  settlesAt?: string;
  /** Brings the state the check is about on screen (an overlay shown on focus). */
  prepare?: (page: Page) => Promise<void>;
}

/** The route table with real parameters from the demo catalogue; an answered inquiry is arranged for the member. */
async function routeTable(): Promise<Route[]> {
  const db = ctx.stack.db;
  const artist = await db
    .selectFrom('members')
    .select(['member_idx', 'address'])
    .where('user_name', '=', 'demo_artist')
    .executeTakeFirstOrThrow();
  const collection = await db
    .selectFrom('collections')
    .select('collection_idx')
    .where('member_idx', '=', artist.member_idx)
    .orderBy('collection_idx')
    .executeTakeFirstOrThrow();
  const c = collection.collection_idx;
  const items = await api.post<{
    list: { productId: number; priceAmount: string | null; lastPrice: string | null; ownerCount: number }[];
  }>('/nft/info/collection/Item', { collectionIdx: c, orderType: 1, pageNo: 1, pageSize: 50 });
  const p = items.list.find((i) => !i.priceAmount && !i.lastPrice && i.ownerCount === 1)!.productId;
  const notices = await api.post<{ list: { idx: number }[] }>('/support/notice/list', {
    pageNo: 1,
    pageSize: 10,
    searchType: 1,
    searchText: '',
    lang: 'ko',
  });
  await db
    .insertInto('inquiries')
    .values({
      member_idx: artist.member_idx,
      title: '판매 등록 문의',
      message: '판매 등록은 어떻게 하나요?',
      state: 1,
      reply: '<p>아이템 페이지에서 판매를 누르세요.</p>',
      replied_by: 'demo_operator',
      replied_at: new Date(),
    })
    .execute();
  const focusLogo = async (page: Page) => {
    await page.getByTestId('collection-logo-input').focus();
    // The overlay focus brings up is what axe reads: wait until it shows.
    await page.waitForFunction(() => {
      const overlay = document.querySelector('.file-field:focus-within .file-field-overlay');
      return overlay !== null && getComputedStyle(overlay).opacity === '1';
    });
  };
  return [
    { path: '/' },
    { path: `/Collection/${c}` },
    { path: `/Collection/AllItem/${c}` },
    { path: `/Collection/Hide/${c}` },
    { path: '/CollectionRegist', prepare: focusLogo },
    { path: `/CollectionModify/${c}` },
    { path: '/MyCollection' },
    { path: '/Marketplace' },
    { path: '/Marketplace/art' },
    { path: '/Search/Ocean' },
    { path: '/Ranking' },
    { path: '/Transactional' },
    { path: `/Transactional/${c}` },
    { path: '/NftPublish' },
    { path: `/NftSell/${p}` },
    { path: `/NftInfo/${p}` },
    { path: `/NftModify/${p}` },
    { path: '/MyProfile' },
    { path: '/MyProfile/TransactionHistory' },
    { path: '/MyProfile/Offers' },
    { path: '/MyProfile/Referral' },
    { path: '/MyProfile/Liked' },
    { path: '/MyProfile/HiddenItem' },
    { path: `/MyProfile/TransactionHistory/${c}` },
    { path: `/MyProfile/Loyalty/${c}` },
    { path: '/Profile/demo_collector' },
    { path: '/Profile/demo_collector/Liked' },
    { path: '/AccountSetting' },
    { path: '/SignUpComplete' },
    { path: `/EmailVerify/${encodeURIComponent('demo@example.com')}/abc123/${artist.address}` },
    { path: '/Notice' },
    { path: `/Notice/${notices.list[0]!.idx}` },
    { path: '/FAQ' },
    { path: '/Inquiry' },
    { path: '/Inquiry/Write' },
    { path: '/PrivacyPolicy' },
    { path: '/UserTerms' },
  ];
}

async function openDevice(
  browser: Browser,
  lang: 'ko' | 'en',
  width: number,
): Promise<{ context: BrowserContext; page: Page }> {
  const phone = width < 600;
  const context = await browser.newContext({
    viewport: { width, height: phone ? 844 : 900 },
    isMobile: phone,
    hasTouch: phone,
  });
  await context.addInitScript((l) => localStorage.setItem('att.lang', l), lang);
  const page = await context.newPage();
  return { context, page };
}

/** A navigation inside the app (no reload: one page session), then the page's data. */
async function visit(page: Page, path: string): Promise<string> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction(() => document.querySelector('main') !== null);
  await settle(page);
  return page.evaluate(() => location.pathname);
}

/**
 * The page has its data and is at rest: nothing loading, and no transition or finite animation still running (text
 * part-way through a fade fails the contrast rule; an endless one, a spinner, never ends), checked at each frame.
 */
async function settle(page: Page) {
  await page.waitForFunction(
    () => !document.querySelector('main [data-testid="loading"], main .skeleton, [data-testid="sign-in-pending"]'),
    undefined,
    { timeout: UI_TIMEOUT },
  );
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { polling: 'raf', timeout: UI_TIMEOUT },
  );
}

/** Closes the notice popups already showing (the page has read its notices), one after another. */
async function closeNoticePopups(page: Page) {
  const item = page.getByTestId('notice-popup-item');
  for (let i = 0; i < 10 && (await item.count()); i++) {
    const idx = await item.getAttribute('data-idx');
    await page.getByTestId('notice-popup-close').click();
    // Closing shows the next one at once, or none.
    await page.waitForFunction(
      (prev) => document.querySelector('[data-testid="notice-popup-item"]')?.getAttribute('data-idx') !== prev,
      idx,
    );
  }
  expect(await item.count(), 'notice popups left after closing ten').toBe(0);
}

async function signIn(page: Page) {
  await connectDevWallet(page, ARTIST_WALLET);
  await loginState(page, 'loggedIn');
  await closeWalletDrawer(page);
}

const describeFindings = (list: { at: string; findings: AxeFinding[] }[]) =>
  list
    .flatMap(({ at, findings }) =>
      findings.map((f) => `${at}: ${f.impact} ${f.rule} (${f.help}) at ${f.targets.join(', ')}`),
    )
    .join('\n');

/** Every route at each of `widths` (one page session, signed in): nothing wider than the phone; axe at 390 px. */
async function phoneWalk(widths: number[], axe: boolean) {
  const routes = await routeTable();
  const { context, page } = await openDevice(ctx.browser, 'ko', widths[0]!);
  const wide: string[] = [];
  const known = new Set<string>();
  const axeFound: { at: string; findings: AxeFinding[] }[] = [];
  await page.goto(ctx.stack.url);
  await loginState(page, 'loggedOut');
  await page.getByTestId('notice-popup').waitFor();
  await closeNoticePopups(page);
  await signIn(page);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 844 });
    for (const route of routes) {
      const at = await visit(page, route.path);
      expect(at, `${route.path} settled elsewhere`).toBe(new URL(route.settlesAt ?? route.path, 'http://x').pathname);
      await route.prepare?.(page);
      wide.push(...(await widthProblems(page)).map((p) => `${width} px ${route.path}: ${p}`));
      if (axe) {
        axeFound.push({ at: `${width} px ${route.path}`, findings: await axeViolations(page, ALWAYS, KNOWN, known) });
        if (
          ['/', '/Marketplace', '/Inquiry', '/CollectionRegist'].includes(route.path) ||
          route.path.startsWith('/NftInfo/')
        ) {
          await snap(page, `routes-ko-${width}${route.path.replace(/\W+/g, '-')}`);
        }
      }
    }
  }
  await context.close();
  if (axe)
    console.log(`known axe failures still present (left to the header's rework): ${[...known].join('; ') || 'none'}`);
  expect(wide, wide.join('\n')).toEqual([]);
  expect(describeFindings(axeFound)).toBe('');
}

describe('every route of the route table', () => {
  // The phone walk is split by width: each part has its own time budget on a loaded machine, and one that runs out
  // leaves no walk running under the next test.
  it('on a phone (320, 390, 430 px, Korean): the notice popup and the connect dialog fit, their buttons inside', async () => {
    const { context, page } = await openDevice(ctx.browser, 'ko', 390);
    const wide: string[] = [];
    for (const width of [320, 390, 430]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`${ctx.stack.url}/?nr`);
      await loginState(page, 'loggedOut');
      await page.getByTestId('notice-popup').waitFor();
      await page.locator('.home-tips').waitFor(); // the tip cards (the section that widened the page) are there
      await settle(page);
      wide.push(...(await widthProblems(page)).map((p) => `${width} px / with the notice popup: ${p}`));
      await snap(page, `routes-ko-${width}-notice-popup`);
      await closeNoticePopups(page);
      await page.getByTestId('connect-wallet').first().click();
      await page.getByTestId('dev-wallet-option').waitFor();
      wide.push(...(await widthProblems(page)).map((p) => `${width} px / with the connect dialog: ${p}`));
      await snap(page, `routes-ko-${width}-connect-dialog`);
      await page.keyboard.press('Escape');
    }
    await context.close();
    expect(wide, wide.join('\n')).toEqual([]);
  });

  it('on a phone at 390 px (Korean): no page wider than the phone, axe clean', async () => {
    await phoneWalk([390], true);
  });

  it('on a phone at 320 and 430 px (Korean): no page wider than the phone', async () => {
    await phoneWalk([320, 430], false);
  });

  it('on a desktop (1440 px, English): axe clean on every route; filters survive Back; a notice row opens from any cell', async () => {
    const routes = await routeTable();
    const { context, page } = await openDevice(ctx.browser, 'en', 1440);
    await page.goto(ctx.stack.url);
    await loginState(page, 'loggedOut');
    await page.getByTestId('notice-popup').waitFor();
    const withPopup = await axeViolations(page, ALWAYS, KNOWN, new Set());
    expect(describeFindings([{ at: '1440 px / with the notice popup', findings: withPopup }])).toBe('');
    await closeNoticePopups(page);
    await signIn(page);

    const known = new Set<string>();
    const axeFound: { at: string; findings: AxeFinding[] }[] = [];
    for (const route of routes) {
      const at = await visit(page, route.path);
      expect(at, `${route.path} settled elsewhere`).toBe(new URL(route.settlesAt ?? route.path, 'http://x').pathname);
      await route.prepare?.(page);
      axeFound.push({ at: `1440 px ${route.path}`, findings: await axeViolations(page, ALWAYS, KNOWN, known) });
      if (['/', '/Marketplace', '/Inquiry', '/Notice'].includes(route.path))
        await snap(page, `routes-en-1440${route.path.replace(/\W+/g, '-')}`);
    }
    console.log(`known axe failures still present (left to the header's rework): ${[...known].join('; ') || 'none'}`);
    expect(describeFindings(axeFound)).toBe('');

    // Marketplace: filter, open an item, Back: the same filtered grid (its URL says which).
    await visit(page, '/Marketplace');
    const all = await page.getByTestId('browse-count').textContent();
    await page.getByTestId('filter-status-1').check();
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="browse-count"]')?.textContent !== before,
      all,
    );
    const filtered = await page.getByTestId('browse-count').textContent();
    expect(page.url()).toContain('status=1');
    await page.getByTestId('item-card-link').first().click();
    await page.getByTestId('item-page').waitFor();
    await page.goBack();
    await page.getByTestId('browse-grid').waitFor();
    await settle(page);
    await poll(() => page.getByTestId('browse-count').textContent()).toBe(filtered);
    expect(await page.getByTestId('filter-status-1').isChecked()).toBe(true);

    // Notice list: a click on a row's date opens that notice.
    await visit(page, '/Notice');
    const row = page.getByTestId('notice-row').first();
    const link = await row.locator('a').getAttribute('href');
    // A real click at the date (the title's link lies over the whole row, which is the point).
    const date = (await row.locator('.col-date').boundingBox())!;
    await page.mouse.click(date.x + date.width / 2, date.y + date.height / 2);
    await page.waitForURL((u) => u.pathname === link);
    await context.close();
  });

  it('a page chunk that cannot load reloads the page once, then shows an error with a retry that works once it loads', async () => {
    const { context, page } = await openDevice(ctx.browser, 'ko', 390);
    let loads = 0;
    page.on('request', (r) => r.isNavigationRequest() && r.frame() === page.mainFrame() && loads++);
    await context.route(/\/assets\/Notice-[^/]+\.js$/, (r) => r.abort('failed'));
    await page.goto(`${ctx.stack.url}/Notice`);
    const error = page.getByTestId('route-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('페이지를 불러오지 못했습니다.');
    // The error shows only in a page that has decided, in the same render, not to reload again (the first load
    // reloads instead of showing it): once it shows, the count of loads is final.
    expect(loads, 'the first load and one reload, no loop').toBe(2);
    expect(await widthProblems(page)).toEqual([]);
    await snap(page, 'routes-ko-390-route-error');

    await context.unroute(/\/assets\/Notice-[^/]+\.js$/);
    await page.getByTestId('route-error-retry').click();
    await page.getByTestId('notice-table').waitFor();
    expect(loads).toBe(3);
    await context.close();
  });
});
