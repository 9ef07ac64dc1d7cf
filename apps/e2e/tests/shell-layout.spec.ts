/**
 * The shell's layout in Chromium at 1440 and 390 px, in Korean and English: the header avatar is round, the phone
 * sidebar's search keeps its height with every group open, both drawers hold keyboard focus (Tab stays inside,
 * Esc closes, focus returns to the opener), focus returns after the ranking popup, and on a phone the wallet
 * guide is reachable from the header (connect dialog). Screenshots in artifacts/layout-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { connectDevWallet, loginState, useStackAndBrowser } from '../src/harness';

const ctx = useStackAndBrowser();

const activeTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);
const focusInside = (page: Page, testId: string) =>
  page.evaluate(
    (id) => Boolean(document.querySelector(`[data-testid="${id}"]`)?.contains(document.activeElement)),
    testId,
  );

/** Presses Tab `n` times and checks after each press that focus stayed inside the drawer. */
async function tabsStayInside(page: Page, testId: string, n: number) {
  for (let i = 0; i < n; i++) {
    await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
    expect(await focusInside(page, testId), `after Tab #${i + 1}`).toBe(true);
  }
}

async function open(lang: 'ko' | 'en', width: number) {
  const context = await ctx.browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    isMobile: width < 600,
    hasTouch: width < 600,
  });
  await context.addInitScript((l) => localStorage.setItem('att.lang', l), lang);
  const page = await context.newPage();
  await page.goto(ctx.stack.url);
  await loginState(page, 'loggedOut');
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
  return { context, page };
}

/** Gives the signed-in member a profile picture (through the real upload route), so the header shows it. */
async function uploadAvatar(page: Page) {
  const code = await page.evaluate(async () => {
    const { id, ticket } = JSON.parse(localStorage.getItem('att.session') ?? '{}') as { id: string; ticket: string };
    const canvas = document.createElement('canvas');
    canvas.width = 300;
    canvas.height = 200; // not square: the avatar must still be a circle
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#e2557b';
    g.fillRect(0, 0, 300, 200);
    g.fillStyle = '#fff';
    g.fillRect(120, 60, 60, 80);
    const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/png'));
    const form = new FormData();
    form.append('file', blob, 'me.png');
    const res = await fetch(`/attnftmarket/api/v1/user/upload/profile/${encodeURIComponent(id)}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ticket}` },
      body: form,
    });
    return ((await res.json()) as { returnCode: number }).returnCode;
  });
  expect(code).toBe(0);
}

describe.each(['ko', 'en'] as const)('shell layout in %s', (lang) => {
  it('1440 px: round avatar, wallet drawer holds focus, focus returns after the ranking popup', async () => {
    const { context, page } = await open(lang, 1440);

    // Ranking popup from the Explorer menu, with the keyboard: focus comes back to the menu's trigger.
    await page.getByTestId('nav-explorer').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('nav-ranking').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('ok-popup').waitFor();
    await snap(page, `layout-${lang}-1440-ranking-popup`);
    await page.keyboard.press('Escape');
    await page.getByTestId('ok-popup').waitFor({ state: 'detached' });
    expect(await activeTestId(page)).toBe('nav-explorer');

    await connectDevWallet(page, 7);
    await loginState(page, 'loggedIn');
    await uploadAvatar(page);
    await page.reload();
    await loginState(page, 'loggedIn');
    const avatar = page.locator('.profile-trigger img');
    await avatar.waitFor();
    await page.waitForFunction(
      () => (document.querySelector('.profile-trigger img') as HTMLImageElement | null)?.complete,
    );
    const box = (await avatar.boundingBox())!;
    expect(Math.round(box.width)).toBe(32);
    expect(Math.round(box.height)).toBe(32);
    await snap(page, `layout-${lang}-1440-signed-in`);

    // The wallet drawer: focus moves in, Tab stays inside, Esc closes, focus returns to the wallet button.
    await page.getByTestId('wallet-button').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('wallet-panel').waitFor();
    expect(await focusInside(page, 'wallet-panel')).toBe(true);
    await tabsStayInside(page, 'wallet-panel', 14);
    await snap(page, `layout-${lang}-1440-wallet-panel`);
    await page.keyboard.press('Escape');
    await page.getByTestId('wallet-panel').waitFor({ state: 'detached' });
    expect(await activeTestId(page)).toBe('wallet-button');
    await context.close();
  });

  it('390 px: the wallet guide is reachable, the sidebar search keeps its height, the sidebar holds focus', async () => {
    const { context, page } = await open(lang, 390);
    await snap(page, `layout-${lang}-390-header`);

    // The header fits the phone: nothing sticks out to the right.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const connect = (await page.getByTestId('connect-wallet').boundingBox())!;
    expect(connect.x + connect.width).toBeLessThanOrEqual(390);

    // Not connected: the header's connect button opens the dialog, which links the wallet guide.
    await page.getByTestId('connect-wallet').click();
    const guide = page.getByTestId('connect-dialog-guide');
    await guide.waitFor();
    expect(await guide.isVisible()).toBe(true);
    await snap(page, `layout-${lang}-390-wallet-guide`);
    await guide.click();
    await page.waitForURL((u) => u.pathname === '/Notice');
    await page.getByTestId('connect-dialog').waitFor({ state: 'detached' });

    // The sidebar with every group open: the search field keeps its height, focus stays inside.
    await page.getByTestId('mobile-menu-button').click();
    const sidebar = page.getByTestId('mobile-sidebar');
    await sidebar.waitFor();
    for (const summary of await sidebar.locator('summary').all()) await summary.click();
    const search = sidebar.locator('.search-box');
    expect((await search.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    await snap(page, `layout-${lang}-390-sidebar-open-groups`);
    await tabsStayInside(page, 'mobile-sidebar', 30);
    expect((await search.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    await page.keyboard.press('Escape');
    await sidebar.waitFor({ state: 'detached' });
    expect(await activeTestId(page)).toBe('mobile-menu-button');

    // The ranking entry of the sidebar: the popup's focus goes back to the menu button, not to <body>.
    await page.getByTestId('mobile-menu-button').click();
    await sidebar.waitFor();
    await sidebar.locator('summary').nth(1).click();
    await sidebar.getByTestId('nav-ranking').click();
    await page.getByTestId('ok-popup').waitFor();
    await page.getByTestId('ok-popup-confirm').click();
    expect(await activeTestId(page)).toBe('mobile-menu-button');
    await context.close();
  });
});
