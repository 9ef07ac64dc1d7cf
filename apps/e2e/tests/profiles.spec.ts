/**
 * Profiles, likes and reports in Chromium against the real stack with the demo catalogue:
 * the own profile's tabs, the owner's /Profile link going to /MyProfile, an unknown user and an unknown collection
 * leaving with the spec's messages, copying the address and the profile link, another member's profile and its
 * report popup (validation texts, success, a second open report refused), liking and unliking an item on its page
 * (the count changes and survives a reload, the likers popup lists the member) and reporting the item.
 * Screenshots of the own and another profile at 1440 and 390 px in ko and en.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { loginState, useStackAndBrowser } from '../src/harness';
import { okPopup, signedIn } from '../src/member-page';
import { stackApi } from '../src/stack-api';

const ctx = useStackAndBrowser({ demoCatalogue: true });

const TEXTS = {
  ko: {
    addressCopied: '지갑 주소를 복사했습니다.',
    linkCopied: '링크가 복사되었습니다.',
    unknownUser: '존재하지 않는 사용자 입니다.',
    wrongAccess: '잘못된 접근 입니다.',
    categoryRequired: '카테고리를 선택해 주세요',
    messageRequired: '신고 내용을 입력해 주세요.',
    reported: '신고 내용이 정상적으로 등록되었습니다.',
  },
  en: {
    addressCopied: 'Wallet address copied.',
    linkCopied: 'Link copied.',
    unknownUser: 'This user does not exist.',
    wrongAccess: 'Invalid access.',
    categoryRequired: 'Please choose a category',
    messageRequired: 'Please enter the report details.',
    reported: 'Your report has been registered.',
  },
} as const;

// Dev wallets (0-based): #8 demo_artist, #9 demo_collector.
const journeys = [
  { lang: 'ko' as const, wallet: 7, me: 'demo_artist', other: 'demo_collector' },
  { lang: 'en' as const, wallet: 8, me: 'demo_collector', other: 'demo_artist' },
];

const api = stackApi(ctx).post;

/** A published demo item, of `userName` when they have one, else of another demo creator. */
async function itemOf(userName: string): Promise<number> {
  for (const name of [userName, 'demo_seller', 'demo_artist']) {
    const cols = await api<{ list?: { collectionIdx: number }[] }>('/nft/collection/userPage/list', {
      memberId: name,
      type: 0,
    });
    for (const c of cols.list ?? []) {
      const items = await api<{ list?: { productId: number }[] }>('/nft/info/list', { collectionIdx: c.collectionIdx });
      if (items.list && items.list.length > 0) return items.list[0]!.productId;
    }
  }
  throw new Error('no demo item');
}

/** A full load of `path` that waits for the resumed sign-in. */
async function open(page: Page, path: string) {
  await page.goto(`${ctx.stack.url}${path}`);
  await loginState(page, 'loggedIn');
}

async function likeCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('like-count').getAttribute('data-count'));
}

/** Files a report through the popup the button `opener` opens: empty first (both texts), then a real one. */
async function report(page: Page, opener: string, T: (typeof TEXTS)[keyof typeof TEXTS], message: string) {
  await page.getByTestId(opener).click();
  const popup = page.getByTestId('report-popup');
  await popup.waitFor();
  await popup.getByTestId('report-category').locator('option').nth(1).waitFor({ state: 'attached' });
  await popup.getByTestId('report-submit').click();
  expect(await popup.getByTestId('report-category-error').textContent()).toBe(T.categoryRequired);
  await popup.getByTestId('report-category').selectOption({ index: 1 });
  await popup.getByTestId('report-submit').click();
  expect(await popup.getByTestId('report-message-error').textContent()).toBe(T.messageRequired);
  await popup.getByTestId('report-message').fill(message);
  await popup.getByTestId('report-submit').click();
  await popup.waitFor({ state: 'detached' });
  await okPopup(page, T.reported);
}

describe.each(journeys)('profiles in $lang', ({ lang, wallet, me, other }) => {
  it('own profile tabs, redirects and messages, copy, another profile with a report, like and report an item', async () => {
    const T = TEXTS[lang];
    const { context, page } = await signedIn(ctx, lang, wallet, 1440, { clipboard: true });

    // The own profile: header and every tab (grids, history and loyalty lists, or their empty states).
    await open(page, '/MyProfile');
    const profile = page.getByTestId('profile-page');
    await profile.waitFor();
    expect(await profile.getAttribute('data-mine')).toBe('1');
    expect(await page.getByTestId('profile-name').textContent()).toBe(me);
    expect(await page.getByTestId('profile-address').textContent()).toMatch(/^0x[0-9a-f]{4}\.\.\.[0-9a-f]{6}$/);
    await page.getByTestId('profile-settings').waitFor();
    expect(await page.getByTestId('profile-report').count()).toBe(0);
    const tabs: [string, string][] = [
      ['MyItem', 'profile-items-owned'],
      ['TransactionHistory', 'profile-history'],
      ['Offers', 'offers-empty'],
      ['Liked', 'profile-items-liked'],
      ['HiddenItem', 'profile-items-hidden'],
      ['Loyalty', 'loyalty-empty|loyalty-list'],
    ];
    for (const [tab, body] of tabs) {
      await page.getByTestId(`profile-tab-${tab}`).click();
      await page.waitForURL(new RegExp(`/MyProfile/${tab}$`));
      const [first, second] = body.split('|') as [string, string | undefined];
      await (second ? page.getByTestId(first).or(page.getByTestId(second)) : page.getByTestId(first)).waitFor();
      if (tab === 'Offers') {
        await page.getByTestId('offers-sub-2').click();
        expect(await page.getByTestId('offers-sub-2').getAttribute('aria-pressed')).toBe('true');
        await page.getByTestId('offers-empty').waitFor();
      }
    }

    // Copy the address and the profile link.
    await page.getByTestId('profile-copy-address').click();
    await okPopup(page, T.addressCopied);
    const address = await page.evaluate(() => navigator.clipboard.readText());
    expect(address).toMatch(/^0x[0-9a-f]{40}$/);
    await page.getByTestId('profile-share').click();
    await page.getByTestId('share-copy').click();
    await okPopup(page, T.linkCopied);
    // A signed-in member's share link carries their referral code: whoever signs up through it was referred by them.
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${ctx.stack.url}/Profile/${me}?ref=${encodeURIComponent(me)}`,
    );
    await open(page, '/MyProfile');
    await page.getByTestId('profile-page').waitFor();
    await snap(page, `profile-own-${lang}-1440`);

    // The owner's public link goes to /MyProfile; an unknown user and an unknown collection leave for /.
    await open(page, `/Profile/${me}/Liked`);
    await page.waitForURL(/\/MyProfile\/Liked$/);
    await open(page, '/Profile/no_such_member_here');
    await okPopup(page, T.unknownUser);
    await page.waitForURL(`${ctx.stack.url}/`);
    await open(page, '/MyProfile/MyItem/999999');
    await okPopup(page, T.wrongAccess);
    await page.waitForURL(`${ctx.stack.url}/`);

    // Another member's profile: no hidden or loyalty tab, a report icon (type 2).
    await open(page, `/Profile/${other}`);
    await page.getByTestId('profile-page').waitFor();
    expect(await page.getByTestId('profile-page').getAttribute('data-mine')).toBe('0');
    expect(await page.getByTestId('profile-tab-HiddenItem').count()).toBe(0);
    expect(await page.getByTestId('profile-tab-Loyalty').count()).toBe(0);
    await open(page, `/Profile/${other}/HiddenItem`);
    await page.waitForURL(new RegExp(`/Profile/${other}/MyItem$`));
    await snap(page, `profile-other-${lang}-1440`);
    await report(
      page,
      'profile-report',
      T,
      lang === 'ko' ? '다른 작가를 사칭하고 있습니다.' : 'Impersonates another artist.',
    );
    // A second report on the same member while the first is open is refused with its own code.
    await page.getByTestId('profile-report').click();
    await page.getByTestId('report-category').selectOption({ index: 2 });
    await page.getByTestId('report-message').fill('again');
    await page.getByTestId('report-submit').click();
    const refused = page.getByTestId('error-popup-message');
    await refused.waitFor();
    expect(await refused.getAttribute('data-code')).toBe('290');
    await page.getByTestId('error-popup-confirm').click();
    await page.getByTestId('error-popup').waitFor({ state: 'detached' });
    await page.getByTestId('report-cancel').click();
    await page.getByTestId('report-popup').waitFor({ state: 'detached' });

    // Like and unlike an item of the other member on its page; the count survives a reload.
    const productId = await itemOf(other);
    await open(page, `/NftInfo/${productId}`);
    await page.getByTestId('like-toggle').waitFor();
    const before = await likeCount(page);
    expect(await page.getByTestId('like-toggle').getAttribute('aria-pressed')).toBe('false');
    await page.getByTestId('like-toggle').click();
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="like-count"]')?.getAttribute('data-count') === String(n),
      before + 1,
    );
    await open(page, `/NftInfo/${productId}`);
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="like-count"]')?.getAttribute('data-count') === String(n),
      before + 1,
    );
    expect(await page.getByTestId('like-toggle').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('like-count').click();
    await page.getByTestId('likers-list').getByText(me, { exact: true }).waitFor();
    await snap(page, `item-likers-${lang}-1440`);
    await page.keyboard.press('Escape');
    await page.getByTestId('likers-popup').waitFor({ state: 'detached' });
    await page.getByTestId('like-toggle').click();
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="like-count"]')?.getAttribute('data-count') === String(n),
      before,
    );
    await open(page, `/NftInfo/${productId}`);
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="like-count"]')?.getAttribute('data-count') === String(n),
      before,
    );
    expect(await page.getByTestId('like-toggle').getAttribute('aria-pressed')).toBe('false');

    // Report the item (type 3).
    await report(page, 'item-report', T, lang === 'ko' ? '저작권을 침해한 작품입니다.' : 'This copies my work.');
    await context.close();
  });

  it('phone layout of the own and another profile; a visitor without a session leaves /MyProfile', async () => {
    const { context, page } = await signedIn(ctx, lang, wallet, 390, { clipboard: true });
    await open(page, '/MyProfile/Offers');
    await page.getByTestId('offers-empty').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await snap(page, `profile-own-${lang}-390`);
    await open(page, `/Profile/${other}`);
    await page.getByTestId('profile-page').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(page, `profile-other-${lang}-390`);
    await context.close();

    const visitor = await ctx.browser.newContext({ viewport: { width: 390, height: 800 } });
    const anon = await visitor.newPage();
    await anon.goto(`${ctx.stack.url}/MyProfile/Liked`);
    await anon.waitForURL(`${ctx.stack.url}/`);
    // A logged-out like click asks to connect a wallet.
    await anon.goto(`${ctx.stack.url}/NftInfo/${await itemOf(other)}`);
    await anon.getByTestId('like-toggle').click();
    await anon.getByTestId('connect-dialog').waitFor();
    await visitor.close();
  });
});
