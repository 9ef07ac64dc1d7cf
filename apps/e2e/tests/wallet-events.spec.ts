/**
 * Wallet events while signed in (spec 1, section 4): a changed account or a changed network shows its message,
 * logs out and goes home; a locked wallet (no accounts) does the same.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ANVIL_KEYS } from '@att/contracts';
import { snap } from '../src/browser';
import { connectInjected, loginState as state, useStackAndBrowser } from '../src/harness';
import { TestWallet } from '../src/wallet';

const ctx = useStackAndBrowser();

async function signedIn(): Promise<{ page: Page; wallet: TestWallet; close(): Promise<void> }> {
  const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // Key #8 is the seeded, verified demo_artist.
  const wallet = new TestWallet(page, { privateKey: ANVIL_KEYS[7]!, rpcUrl: ctx.stack.rpcUrl, chainId: 31337 });
  await wallet.install();
  await page.goto(`${ctx.stack.url}/AccountSetting`);
  await page.waitForURL((u) => u.pathname === '/');
  await connectInjected(page);
  await state(page, 'loggedIn');
  await page.goto(`${ctx.stack.url}/AccountSetting`);
  await state(page, 'loggedIn');
  expect(new URL(page.url()).pathname).toBe('/AccountSetting');
  return { page, wallet, close: () => context.close() };
}

async function expectLoggedOutAtHome(page: Page) {
  await state(page, 'loggedOut');
  await page.waitForURL((u) => u.pathname === '/');
  await page
    .locator('[data-testid="ok-popup"], [data-testid="error-popup"], [data-testid="network-message"]')
    .first()
    .waitFor();
}

describe('wallet events while signed in', () => {
  it('an account change logs out with a message and goes home', async () => {
    const { page, wallet, close } = await signedIn();
    await wallet.emit('accountsChanged', ['0x0000000000000000000000000000000000000001']);
    await expectLoggedOutAtHome(page);
    await snap(page, 'wallet-event-account-changed');
    await close();
  });

  it('a network change logs out with a message and goes home', async () => {
    const { page, wallet, close } = await signedIn();
    wallet.chainId = 1;
    await wallet.emit('chainChanged', '0x1');
    await expectLoggedOutAtHome(page);
    await snap(page, 'wallet-event-network-changed');
    await close();
  });

  it('a locked wallet (no accounts) logs out with a message and goes home', async () => {
    const { page, wallet, close } = await signedIn();
    wallet.locked = true;
    await wallet.emit('accountsChanged', []);
    await expectLoggedOutAtHome(page);
    await close();
  });
});
