/**
 * The support pages at 390 px in Korean and at 1440 and 390 px in English, against the real stack with the demo
 * notices (one a popup) and FAQ of `npm start`: the popup notice, the notice list, the FAQ, the legal pages with
 * their effective dates, and the operator console. Screenshots `artifacts/support-*`.
 */
import { describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { useStackAndBrowser } from '../src/harness';
import { drainPopups, loadWithNotices, OPERATOR, signIn } from '../src/support-desk';

const ctx = useStackAndBrowser({ demoSupport: true });

describe('support pages', () => {
  it('looks right at 390 px and in English', async () => {
    for (const [lang, width] of [
      ['ko', 390],
      ['en', 1440],
      ['en', 390],
    ] as const) {
      const context = await ctx.browser.newContext({ viewport: { width, height: 844 }, isMobile: width < 600 });
      await context.addInitScript((l) => localStorage.setItem('att.lang', l), lang);
      const page = await context.newPage();
      const notices = await loadWithNotices(page, () => page.goto(`${ctx.stack.url}/Notice?nr`));
      await page.getByTestId('notice-popup').waitFor();
      await snap(page, `support-popup-${width}-${lang}`);
      await drainPopups(page, notices, { snooze: true });
      await page.getByTestId('notice-table').waitFor();
      await snap(page, `support-notice-list-${width}-${lang}`);
      await drainPopups(page, await loadWithNotices(page, () => page.goto(`${ctx.stack.url}/FAQ`)), { snooze: true }); // forced notices come back on every page
      await page.getByTestId('faq-list').waitFor();
      await page.locator('.accordion-button').first().click();
      await snap(page, `support-faq-${width}-${lang}`);
      await drainPopups(page, await loadWithNotices(page, () => page.goto(`${ctx.stack.url}/UserTerms`)), {
        snooze: true,
      });
      await expect(page.getByTestId('legal-effective').textContent()).resolves.toContain('2022-04-25');
      await snap(page, `support-terms-${width}-${lang}`);
      await drainPopups(page, await loadWithNotices(page, () => page.goto(`${ctx.stack.url}/PrivacyPolicy`)), {
        snooze: true,
      });
      await expect(page.getByTestId('legal-effective').textContent()).resolves.toContain('2021-09-28');
      await page.goto(`${ctx.stack.url}/admin`);
      await page.getByTestId('admin-sign-in').waitFor();
      await signIn(page, OPERATOR);
      await page.getByTestId('admin-tab-notices').waitFor();
      await snap(page, `support-admin-${width}-${lang}`);
      await context.close();
    }
  });
});
