/**
 * What every journey file shares: one throwaway stack and one browser per file, and the page steps of the
 * login state machine (waiting on `data-login-state`, connecting an injected or the built-in dev wallet).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { launchBrowser } from './browser';
import { startTestStack } from './stack';

export type TestStack = Awaited<ReturnType<typeof startTestStack>>;

/**
 * How long a file's stack may take to start. With the demo catalogue this is real work (324 items with media, then
 * real trades on the chain and their indexing): about 90 s on an idle 2-core machine, over 180 s when other test
 * runs share it. The hook ends as soon as the stack is up; this only bounds a stack that never comes up.
 */
const STACK_START_BUDGET = 420_000;

/** Starts a stack and a browser before the file's tests and stops them after. Read the fields inside tests. */
export function useStackAndBrowser(opts: Parameters<typeof startTestStack>[0] = {}): { stack: TestStack; browser: Browser } {
  const ctx = {} as { stack: TestStack; browser: Browser };
  beforeAll(async () => {
    ctx.stack = await startTestStack(opts);
    ctx.browser = recordPages(await launchBrowser());
  }, STACK_START_BUDGET);
  // A journey that fails in CI only leaves its error: print what its pages saw (navigations, console errors, failed
  // and refused calls) so the cause can be read from the log instead of guessed.
  beforeEach(({ onTestFailed }) => {
    pageLog.length = 0;
    logStart = Date.now();
    onTestFailed(() => console.log(`pages of the failed test (ms since its start):\n${pageLog.join('\n')}`));
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.stack?.stop();
  });
  return ctx;
}

const pageLog: string[] = [];
let logStart = Date.now();

function recordPage(page: Page, n: number) {
  const log = (what: string) => pageLog.length < 400 && pageLog.push(`${Date.now() - logStart} tab${n} ${what}`);
  page.on('framenavigated', (f) => f === page.mainFrame() && log(`at ${f.url()}`));
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && log(`console.${m.type()} ${m.text()}`));
  page.on('pageerror', (e) => log(`page error ${e.message}`));
  page.on('requestfailed', (r) => log(`failed ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('response', (r) => r.status() >= 400 && log(`HTTP ${r.status()} ${r.url()}`));
}

/** Every page of every context of this browser reports into `pageLog` (kept for the running test). */
function recordPages(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  let pages = 0;
  browser.newContext = async (...args: Parameters<Browser['newContext']>): Promise<BrowserContext> => {
    const context = await newContext(...args);
    context.on('page', (page) => recordPage(page, ++pages));
    return context;
  };
  return browser;
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
