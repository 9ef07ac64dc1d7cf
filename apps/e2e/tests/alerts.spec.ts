/**
 * Real-time alerts: after sign-in the page opens the alert socket on its wallet address; an alert the server
 * publishes shows as the floating alert, and clicking it opens the item.
 */
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_KEYS } from '@att/contracts';
import { ALERT_SOCKET_PATH } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { connectDevWallet, loginState, UI_TIMEOUT, useStackAndBrowser, within } from '../src/harness';

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
    const address = privateKeyToAccount(ANVIL_KEYS[8]!).address;
    const alert = page.locator('[data-testid="floating-alert"].is-visible');
    await ctx.stack.publishAlert(address, { type: 2, productIdx: 42 });
    await alert.waitFor({ timeout: UI_TIMEOUT });
    await snap(page, 'floating-alert');
    await alert.locator('button').first().click();
    await page.waitForURL((u) => u.pathname === '/NftInfo/42');
    expect(new URL(page.url()).pathname).toBe('/NftInfo/42');
    await context.close();
  });
});
