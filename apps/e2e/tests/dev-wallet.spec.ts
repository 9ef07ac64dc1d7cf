/**
 * What a newcomer does after `npm start`, with no browser extension: connect the built-in dev wallet (only
 * offered on the local chain), sign in as a seeded demo member, and see KLAY and ATT balances read from the
 * deployed contracts, with USD estimates.
 */
import { describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { connectDevWallet, loginState, poll, UI_TIMEOUT, useStackAndBrowser } from '../src/harness';

const ctx = useStackAndBrowser();

describe('built-in dev wallet', () => {
  it('signs a demo member in and shows balances from the chain', async () => {
    const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(ctx.stack.url);
    await connectDevWallet(page, 7); // dev wallet #8: the seeded, verified demo_artist
    await loginState(page, 'loggedIn');

    await snap(page, 'dev-wallet-signed-in');
    // The panel opens by itself after an interactive sign-in (its chunk loads first: wait, do not click the
    // wallet button meanwhile — the opening drawer would cover it).
    const panel = page.getByTestId('wallet-panel');
    await panel.waitFor();
    await expect(page.getByTestId('wallet-address').textContent()).resolves.toMatch(/0x14dc/i);
    // Demo ATT (1,000,000) from the deployment, native KLAY from anvil (10,000 less gas at most).
    await page.waitForFunction(
      () => /1,?000,?000/.test(document.querySelector('[data-testid="balance-amount-ATT"]')?.textContent ?? ''),
      undefined,
      { timeout: UI_TIMEOUT },
    );
    // Each balance and the USD total show as their reads come in (the chain, the prices): wait for each.
    await poll(() => page.getByTestId('balance-amount-KLAY').textContent()).toMatch(/^(10,?000|9,?99\d)/);
    const usd = () => page.getByTestId('wallet-total-usd').textContent();
    await poll(async () => Number((await usd())?.replace(/[$,]/g, ''))).toBeGreaterThan(0);
    expect(await usd()).toMatch(/^\$[\d,]+(\.\d{1,4})?$/);
    await snap(page, 'dev-wallet-balances');

    // The order of the balance list can be changed with the keyboard-accessible buttons, and it sticks.
    const firstBefore = await page.locator('[data-testid^="balance-row-"]').first().getAttribute('data-testid');
    await page.locator('[data-testid^="balance-row-"]').nth(1).locator('[data-dir="-1"]').click();
    await poll(() => page.locator('[data-testid^="balance-row-"]').first().getAttribute('data-testid')).not.toBe(
      firstBefore,
    );
    await context.close();
  });
});
