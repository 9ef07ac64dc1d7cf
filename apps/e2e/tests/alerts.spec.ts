/**
 * Real-time alerts: after sign-in the page opens the alert socket on its wallet address; an alert the server
 * publishes shows as the floating alert, and clicking it opens the item.
 */
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_KEYS } from '@att/contracts';
import { describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { connectDevWallet, loginState, useStackAndBrowser } from '../src/harness';

const ctx = useStackAndBrowser();

describe('floating alert', () => {
  it('shows an alert pushed to the signed-in wallet and opens the item on click', async () => {
    const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(ctx.stack.url);
    await connectDevWallet(page, 8); // demo_collector
    await loginState(page, 'loggedIn');
    const address = privateKeyToAccount(ANVIL_KEYS[8]!).address;
    const alert = page.locator('[data-testid="floating-alert"].is-visible');
    // The socket connects right after sign-in; retry the push until it is delivered.
    for (let i = 0; i < 20 && !(await alert.isVisible()); i++) {
      await ctx.stack.publishAlert(address, { type: 2, productIdx: 42 });
      await page.waitForTimeout(300);
    }
    await alert.waitFor({ timeout: 5_000 });
    await snap(page, 'floating-alert');
    await alert.locator('button').first().click();
    await page.waitForURL((u) => u.pathname === '/NftInfo/42');
    expect(new URL(page.url()).pathname).toBe('/NftInfo/42');
    await context.close();
  });
});
