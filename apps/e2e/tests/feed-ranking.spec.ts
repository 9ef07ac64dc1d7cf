/**
 * Rankings and the transaction feed in Chromium against the real stack with the demo catalogue and its demo
 * trades (real sales on the local chain, written by the indexer; the same seed `npm start` runs): the ranking table (sortable headers, the dropdown), the feed (a status
 * and a coin filter, 'more' appends the next 20), a collection's feed, and an unknown collection's message and
 * redirect. Screenshots of both pages at 1440 and 390 px in Korean and English.
 */
import { HISTORY_FILTER_EVENTS, TRADE_EVENTS } from '@att/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { loginState, useStackAndBrowser } from '../src/harness';

// The local chain has no explorer: name one so the rows link their transactions (registered before the stack starts).
beforeAll(() => {
  process.env.CHAIN_EXPLORER_URL = 'https://kairos.kaiascan.io';
});
const ctx = useStackAndBrowser({ demoCatalogue: true });
afterAll(() => {
  delete process.env.CHAIN_EXPLORER_URL;
});

async function open(lang: 'ko' | 'en', width: number, path: string) {
  const context = await ctx.browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    isMobile: width < 600,
    hasTouch: width < 600,
  });
  await context.addInitScript((l) => localStorage.setItem('att.lang', l), lang);
  const page = await context.newPage();
  await page.goto(`${ctx.stack.url}${path}`);
  await loginState(page, 'loggedOut');
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
  return { context, page };
}

const rowTypes = (page: Page) =>
  page.getByTestId('history-row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-type'))));
async function rowCountIs(page: Page, n: number) {
  await page.waitForFunction((k) => document.querySelectorAll('[data-testid="history-row"]').length === k, n);
}
/** Waits until every shown row satisfies the check (the list re-renders when its filter query answers). */
async function rowsAll(page: Page, types: readonly number[]) {
  await page.waitForFunction(
    (ok) => {
      const rows = [...document.querySelectorAll('[data-testid="history-row"]')];
      return rows.length > 0 && rows.every((r) => ok.includes(Number(r.getAttribute('data-type'))));
    },
    [...types],
  );
}

describe('rankings and transactions', () => {
  it('ranking: columns, sorting by header and dropdown (ko, en; 1440, 390)', async () => {
    for (const lang of ['ko', 'en'] as const) {
      const { context, page } = await open(lang, 1440, lang === 'ko' ? '/Ranking' : '/Rankings');
      await page.getByTestId('ranking-row').first().waitFor();
      expect(await page.getByTestId('ranking-row').count()).toBe(9);
      const first = await page.getByTestId('ranking-cell-1').first().textContent();
      expect(first).toMatch(/^\$[\d,]+(\.\d{1,4})?$/);
      expect(first).not.toBe('$0');
      await snap(page, `ranking-${lang}-1440`);
      // Owners ascending then descending by the header; the dropdown offers columns 1 and 3.
      await page.getByTestId('ranking-sort-6').click();
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="ranking-sort-6"]')?.closest('th')?.getAttribute('aria-sort') ===
          'descending',
      );
      await page.getByTestId('ranking-sort-6').click();
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="ranking-sort-6"]')?.closest('th')?.getAttribute('aria-sort') ===
          'ascending',
      );
      const options = await page
        .getByTestId('ranking-order')
        .locator('option')
        .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
      expect(options.filter(Boolean)).toEqual(['1', '3']);
      await page.getByTestId('ranking-order').selectOption('3');
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="ranking-sort-3"]')?.closest('th')?.getAttribute('aria-sort') ===
          'descending',
      );
      await context.close();

      const phone = await open(lang, 390, '/Ranking');
      await phone.page.getByTestId('ranking-row').first().waitFor();
      // The table scrolls sideways inside its box; the page itself does not.
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      await snap(phone.page, `ranking-${lang}-390`);
      await phone.context.close();
    }
  });

  it('transactions: filters, more, explorer links, a collection feed (ko, en; 1440, 390)', async () => {
    for (const lang of ['ko', 'en'] as const) {
      const { context, page } = await open(lang, 1440, '/Transactional');
      await rowCountIs(page, 20);
      expect(await page.getByTestId('history-tx').count()).toBeGreaterThan(0);
      const href = await page.getByTestId('history-tx').first().getAttribute('href');
      expect(href).toMatch(/^https:\/\/kairos\.kaiascan\.io\/tx\/0x[0-9a-f]{64}$/);
      await snap(page, `transactions-${lang}-1440`);
      await page.getByTestId('history-more').click();
      await rowCountIs(page, 40);
      // Trades only, then KLAY trades only; the chip removes the status filter again.
      await page.getByTestId('history-status-3').click();
      await rowsAll(page, TRADE_EVENTS);
      await page.getByTestId('history-coin-KLAY').click();
      await page.waitForFunction(() => {
        const prices = [...document.querySelectorAll('[data-testid="history-price"]')].map((p) => p.textContent ?? '');
        return prices.length > 0 && prices.every((p) => p.endsWith(' KLAY'));
      });
      await rowsAll(page, TRADE_EVENTS);
      await snap(page, `transactions-${lang}-1440-filtered`);
      await page.getByTestId('history-reset').click();
      await rowCountIs(page, 20);
      await page.getByTestId('history-status-4').click();
      await rowsAll(page, HISTORY_FILTER_EVENTS[4]);
      expect((await rowTypes(page)).length).toBeGreaterThan(0);
      await context.close();

      const phone = await open(lang, 390, '/Transactional/1');
      await rowCountIs(phone.page, 20);
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      await snap(phone.page, `transactions-${lang}-390-collection`);
      await phone.context.close();
    }
  });

  it('an unknown collection shows the message and goes home', async () => {
    const { context, page } = await open('ko', 1440, '/Transactional/999999');
    const popup = page.getByTestId('ok-popup');
    await popup.waitFor();
    expect(await popup.textContent()).toContain('잘못된 접근 입니다.');
    await page.getByTestId('ok-popup-confirm').click();
    await page.waitForURL(`${ctx.stack.url}/`);
    await context.close();
  });
});
