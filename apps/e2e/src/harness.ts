/**
 * What every journey file shares: one throwaway stack and one browser per file, and the page steps of the
 * login state machine (waiting on `data-login-state`, connecting an injected or the built-in dev wallet).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { launchBrowser } from './browser';
import { startTestStack } from './stack';

export type TestStack = Awaited<ReturnType<typeof startTestStack>>;

/**
 * How long a file's stack may take to start. With the demo catalogue this is real work (324 items with media, then
 * real trades on the chain and their indexing): about 90 s on an idle 2-core machine, over 180 s when other test
 * runs share it. The hook ends as soon as the stack is up; this only bounds a stack that never comes up.
 */
const STACK_START_BUDGET = 420_000;

/**
 * How long a step waits for the page to show what an action leads to (a filtered or re-ordered grid, a drawer or
 * dialog that is its own chunk, a sign-in, a list loaded): Playwright's default for its actions and waits, so one
 * bound everywhere. A wait ends as soon as its condition holds; this only bounds one that never does, and it holds
 * on a loaded 2-core machine (two journeys, each with its chain, server and Chromium, plus other test runs).
 */
export const UI_TIMEOUT = 30_000;

/**
 * `expect.poll` with a bound that holds on a loaded machine (vitest's default is 1 s, shorter than a grid's
 * re-query after a filter, an order or a search in Chromium there): `await poll(() => cardIds(page)).toEqual(ids)`.
 */
export function poll<T>(actual: () => T) {
  return expect.poll(actual, { timeout: UI_TIMEOUT, interval: 100 });
}

/** `promise`, or an error naming `what` did not happen within `ms`: a bound for an event Playwright cannot wait on. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not within ${ms / 1000} s`)), ms)),
  );
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Starts a stack and a browser before the file's tests and stops them after. Read the fields inside tests. */
export function useStackAndBrowser(opts: Parameters<typeof startTestStack>[0] = {}): {
  stack: TestStack;
  browser: Browser;
} {
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
export async function loginState(page: Page, state: string, timeout = UI_TIMEOUT): Promise<void> {
  await page.waitForFunction(
    (s) => document.querySelector('[data-login-state]')?.getAttribute('data-login-state') === s,
    state,
    { timeout },
  );
}

/**
 * Opens the connect dialog and picks the injected wallet (window.ethereum / window.klaytn). What the click does
 * depends on the login state it meets: signed out, it opens the wallet dialog (its own chunk, so it may be late on
 * a loaded machine); connected or awaiting the e-mail, it connects the wallet the page has at once (no dialog).
 * The page notes the state the click met, and the step waits for the outcome that state leads to; it never skips
 * the dialog because it was merely late.
 */
export async function connectInjected(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __connectClickMet?: string };
    delete w.__connectClickMet;
    // Capture phase at the window: this runs before React's handler changes the state.
    window.addEventListener(
      'click',
      (e) => {
        if ((e.target as Element | null)?.closest('[data-testid="connect-wallet"]'))
          w.__connectClickMet = document.body.dataset.loginState;
      },
      { capture: true },
    );
  });
  await page.getByTestId('connect-wallet').first().click();
  const met = await page.evaluate(() => (window as unknown as { __connectClickMet?: string }).__connectClickMet);
  if (met === 'loggedOut') await page.getByTestId('injected-wallet-option').click({ timeout: UI_TIMEOUT });
  else if (met !== 'connected' && met !== 'awaitingEmail')
    throw new Error(`the connect button met the login state ${met ?? '(no click seen)'}`);
}

/** Connects the built-in dev wallet's account `index` (0-based; #8 and #9 are seeded demo members). */
export async function connectDevWallet(page: Page, index: number): Promise<void> {
  await page.getByTestId('connect-wallet').first().click();
  await page.getByTestId('dev-wallet-account').selectOption(String(index));
  await page.getByTestId('dev-wallet-option').click();
}

/**
 * Closes the wallet drawer, which opens by itself once an interactive sign-in (a click on connect) has completed:
 * after the member's session has loaded, so it may come a while after the login state says signed in. It always
 * comes after such a sign-in, so the step waits for it (a drawer left open would cover what the journey does next).
 */
export async function closeWalletDrawer(page: Page): Promise<void> {
  const panel = page.getByTestId('wallet-panel');
  await panel.waitFor({ timeout: UI_TIMEOUT });
  // Esc is the drawer's own key handler: it works once the drawer has taken focus (just after it shows).
  await page.waitForFunction(
    () => document.querySelector('[data-testid="wallet-panel"]')?.contains(document.activeElement) ?? false,
    undefined,
    {
      timeout: UI_TIMEOUT,
    },
  );
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
}
