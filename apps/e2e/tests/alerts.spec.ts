/**
 * Real-time alerts: after sign-in the page opens the alert socket on its wallet address; an alert the server
 * publishes shows as the floating alert, and clicking it opens the item. The header's alert list counts it unread
 * and lists it until it is marked read; a second sign-in (a phone, later) finds it in the list.
 */
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_KEYS } from '@att/contracts';
import { ALERT_SOCKET_PATH } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { closeWalletDrawer, connectDevWallet, loginState, UI_TIMEOUT, useStackAndBrowser, within } from '../src/harness';

const ctx = useStackAndBrowser();

describe('floating alert', () => {
  it('shows an alert pushed to the signed-in wallet and opens the item on click', async () => {
    const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // The page opens its alert socket after the sign-in, and the server answers the subscription with {status: 0}.
    // An alert published before that reaches nobody (a first subscription replays nothing), so the alert is
    // published once the subscription is answered, once.
    const subscribed = new Promise<void>((resolve) =>
      page.on('websocket', (ws) => {
        if (!ws.url().includes(ALERT_SOCKET_PATH)) return;
        ws.on('framereceived', ({ payload }) => {
          try {
            const m = JSON.parse(String(payload)) as { status?: number; id?: unknown };
            if (m.status === 0 && m.id === undefined) resolve();
          } catch {
            // not an answer of ours
          }
        });
      }),
    );
    await page.goto(ctx.stack.url);
    await connectDevWallet(page, 8); // demo_collector
    await loginState(page, 'loggedIn');
    await within(subscribed, UI_TIMEOUT, 'the alert socket subscribed after the sign-in');
    // The wallet drawer the sign-in opens would make the header behind it inert.
    await closeWalletDrawer(page);
    const address = privateKeyToAccount(ANVIL_KEYS[8]!).address;
    const alert = page.locator('[data-testid="floating-alert"].is-visible');
    await ctx.stack.publishAlert(address, { type: 2, productIdx: 42 });
    await alert.waitFor({ timeout: UI_TIMEOUT });
    await snap(page, 'floating-alert');
    // The header's alert list: the bell counts it, the list says what happened, "mark all read" clears the count.
    const count = page.getByTestId('alert-inbox-count');
    await count.waitFor({ timeout: UI_TIMEOUT });
    expect(await count.textContent()).toBe('1');
    await page.getByTestId('alert-inbox').click();
    const list = page.getByTestId('alert-inbox-list');
    await list.waitFor({ timeout: UI_TIMEOUT });
    expect(await list.textContent()).toContain('아이템에 새로운 입찰이 있습니다.');
    await snap(page, 'alert-inbox-ko-1280');
    await page.getByTestId('alert-inbox-read').click();
    await count.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    await alert.locator('button').first().click();
    await page.waitForURL((u) => u.pathname === '/NftInfo/42');
    expect(new URL(page.url()).pathname).toBe('/NftInfo/42');

    await context.close();

    // Later, on a phone: the alert is in the list, read, and the header still fits the screen.
    const phone = await ctx.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const p2 = await phone.newPage();
    await p2.goto(ctx.stack.url);
    await connectDevWallet(p2, 8);
    await loginState(p2, 'loggedIn');
    await closeWalletDrawer(p2);
    await p2.getByTestId('alert-inbox').click();
    const phoneList = p2.getByTestId('alert-inbox-list');
    await phoneList.waitFor({ timeout: UI_TIMEOUT });
    expect(await phoneList.textContent()).toContain('아이템에 새로운 입찰이 있습니다.');
    expect(await p2.getByTestId('alert-inbox-count').count()).toBe(0);
    expect(await p2.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(p2, 'alert-inbox-ko-390');
    await phone.close();
  });
});
