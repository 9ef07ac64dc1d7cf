/**
 * What every journey file shares: one throwaway stack and one browser per file, and the page steps of the
 * login state machine (waiting on `data-login-state`, connecting an injected or the built-in dev wallet).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startTestStack } from './stack';

export type TestStack = Awaited<ReturnType<typeof startTestStack>>;

/** Starts a stack and a browser before the file's tests and stops them after. Read the fields inside tests. */
export function useStackAndBrowser(opts: Parameters<typeof startTestStack>[0] = {}): { stack: TestStack; browser: Browser } {
  const ctx = {} as { stack: TestStack; browser: Browser };
  beforeAll(async () => {
    ctx.stack = await startTestStack(opts);
    ctx.browser = await launchBrowser();
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.stack?.stop();
  });
  return ctx;
}

/** Waits until the login state machine is in `state`. */
export async function loginState(page: Page, state: string, timeout = 20_000): Promise<void> {
  await page.waitForFunction(
    (s) => document.querySelector('[data-login-state]')?.getAttribute('data-login-state') === s,
    state,
    { timeout },
  );
}

/** Opens the connect dialog and picks the injected wallet (window.ethereum / window.klaytn) when offered. */
export async function connectInjected(page: Page): Promise<void> {
  await page.getByTestId('connect-wallet').first().click();
  const injected = page.getByTestId('injected-wallet-option');
  // The dialog is its own chunk (it brings the wallet stack): wait for it to appear (isVisible does not wait).
  if (await injected.waitFor({ timeout: 5_000 }).then(() => true, () => false)) await injected.click();
}

/** Connects the built-in dev wallet's account `index` (0-based; #8 and #9 are seeded demo members). */
export async function connectDevWallet(page: Page, index: number): Promise<void> {
  await page.getByTestId('connect-wallet').first().click();
  await page.getByTestId('dev-wallet-account').selectOption(String(index));
  await page.getByTestId('dev-wallet-option').click();
}
