/**
 * A seeded member's browser page (signed in with the built-in dev wallet, in Korean or English) and the steps
 * the journeys of such a member repeat: full page loads after the sign-in resumed, the OK popup, the session,
 * a card's owner menu.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { closeWalletDrawer, connectDevWallet, loginState, type TestStack, UI_TIMEOUT } from './harness';

type Ctx = { stack: TestStack; browser: Browser };

/**
 * A new context in `lang` at `width` px, signed in with dev wallet account `wallet`, the wallet drawer closed.
 * `clipboard`: the page may read and write the clipboard (copy buttons).
 */
export async function signedIn(
  ctx: Ctx,
  lang: 'ko' | 'en',
  wallet: number,
  width = 1440,
  opts: { clipboard?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await ctx.browser.newContext({ viewport: { width, height: 900 } });
  if (opts.clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ctx.stack.url });
  await context.addInitScript((l) => localStorage.setItem('att.lang', l), lang);
  const page = await context.newPage();
  await page.goto(ctx.stack.url);
  await connectDevWallet(page, wallet);
  await loginState(page, 'loggedIn');
  await closeWalletDrawer(page);
  return { context, page };
}

/**
 * A full page load, waiting until the sign-in has resumed. Leaving a page while its resume is in flight can end
 * the session (the aborted /ticket/check counts as a failure), which is not what these journeys are about.
 */
export async function goSignedIn(ctx: { stack: TestStack }, page: Page, path: string): Promise<void> {
  await loginState(page, 'loggedIn');
  await page.goto(`${ctx.stack.url}${path}`);
}

/** The page's session (member id and ticket) as the web stored it. */
export async function session(page: Page): Promise<{ id: string; ticket: string }> {
  const raw = await page.evaluate(() => localStorage.getItem('att.session'));
  const s = JSON.parse(raw ?? '{}') as { id?: string; ticket?: string };
  return { id: s.id!, ticket: s.ticket! };
}

/** Closes the OK popup after checking its text. */
export async function okPopup(page: Page, text: string, timeout = UI_TIMEOUT): Promise<void> {
  const popup = page.getByTestId('ok-popup');
  await popup.waitFor({ timeout });
  expect(await popup.textContent()).toContain(text);
  await page.getByTestId('ok-popup-confirm').click();
  await popup.waitFor({ state: 'detached' });
}

/** Uses a card's owner menu with the keyboard (ArrowDown opens it, Enter picks the entry). */
export async function openCardMenu(page: Page, productId: number, entry: string): Promise<void> {
  const card = page.getByTestId(`item-card-${productId}`).first();
  await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await card.getByTestId('item-owner-menu').focus();
  await page.keyboard.press('ArrowDown');
  // ArrowDown opens the menu and focuses its first entry on the next frame; wait for that before moving focus.
  await card.locator('.menu-panel .menu-item').first().and(page.locator(':focus')).waitFor();
  const choice = card.getByTestId(`item-menu-${entry}`);
  await choice.focus();
  await page.keyboard.press('Enter');
}
