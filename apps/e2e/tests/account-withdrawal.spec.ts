/**
 * Account withdrawal, in Chromium against the real stack, in Korean at 390 px (member A) and English at 1440 px
 * (member B), with injected test wallets: the member lists an item (a lazily signed listing through the API), asks
 * to withdraw in the account settings (two-button confirm, wallet signature) and is told to end the live listing
 * first (the obligations list); ends it from the sales list (and on chain); withdraws (confirm, signature); is
 * signed out; and their profile, reached by address, shows "탈퇴한 회원" / "Former member", and its lists (the
 * collection filter, the history) load. Screenshots
 * `artifacts/withdrawal-*`.
 */
import { FORMER_MEMBER_LABEL } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { loginState, useStackAndBrowser } from '../src/harness';
import { addressOf, TOKEN, tradeJourney, tradeState, view } from '../src/trade-members';

const ctx = useStackAndBrowser();
const { nodeSignIn, publish, listLazily, open, goto } = tradeJourney(ctx);

const journeys = [
  { who: 'A' as const, lang: 'ko' as const, width: 390 },
  { who: 'B' as const, lang: 'en' as const, width: 1440 },
];

describe.each(journeys)('withdrawal ($lang, $width px)', ({ who, lang, width }) => {
  it('a member with a live listing is told to end it, ends it, withdraws and shows as a former member', async () => {
    const tag = `withdrawal-${lang}-${width}`;
    const auth = await nodeSignIn(who);
    const item = await publish(auth, 3, lang);
    const instanceId = await listLazily(auth, item, {
      quantity: 2,
      price: 2n * TOKEN,
      supply: 3,
      symbol: 'ATT',
      seller: who,
    });
    const m = await open(who, lang, width);
    try {
      const askToWithdraw = async (step: string) => {
        await goto(m, '/AccountSetting');
        const section = m.page.getByTestId('withdraw-section');
        await section.waitFor({ timeout: 30_000 });
        await section.scrollIntoViewIfNeeded();
        await m.page.getByTestId('withdraw').click();
        await m.page.getByTestId('confirm-popup').waitFor();
        await view(m.page, `${tag}-${step}-confirm`);
        await m.page.getByTestId('confirm-popup-confirm').click();
      };

      // ---- Asked with a live listing: the list of what to end first, with its link ----
      await askToWithdraw('1');
      const obligations = m.page.getByTestId('withdraw-obligations');
      await obligations.waitFor({ timeout: 30_000 });
      const line = m.page.getByTestId('withdraw-obligation-live-listings');
      expect(await line.textContent()).toContain(lang === 'ko' ? '판매 중인 아이템' : 'Items on sale');
      await obligations.scrollIntoViewIfNeeded();
      await view(m.page, `${tag}-2-obligations`);

      // ---- Ends it from the item's sales list, then on chain ----
      await goto(m, `/NftInfo/${item.productId}`);
      const own = m.page.getByTestId(`sale-row-${instanceId}`);
      await own.waitFor({ timeout: 30_000 });
      await m.page.getByTestId(`sale-cancel-${instanceId}`).click();
      await m.page.getByTestId('confirm-popup').waitFor();
      await m.page.getByTestId('confirm-popup-confirm').click();
      await m.page.getByTestId('chain-cancel-popup').waitFor({ timeout: 30_000 });
      await m.page.getByTestId('sales-empty').waitFor({ timeout: 30_000 });
      await m.page.getByTestId('chain-cancel-submit').click();
      await tradeState(m.page, 'chain-cancel-popup', 'indexed');
      await view(m.page, `${tag}-3-listing-ended`);
      await m.page.getByTestId('chain-cancel-later').click();

      // ---- Withdraws: confirm, signature, signed out ----
      await askToWithdraw('4');
      await loginState(m.page, 'loggedOut', 30_000);
      await m.page.getByTestId('ok-popup').waitFor({ timeout: 30_000 });
      await view(m.page, `${tag}-5-done`);

      // ---- The profile, by address, shows a former member ----
      const address = addressOf(who);
      await m.page.goto(`${ctx.stack.url}/Profile/${address}`);
      const name = m.page.getByTestId('profile-name');
      await name.waitFor({ timeout: 30_000 });
      expect((await name.textContent())?.trim()).toBe(FORMER_MEMBER_LABEL[lang]);
      expect(await m.page.content()).not.toMatch(/~former/);
      await snap(m.page, `${tag}-6-former-profile`);

      // ---- Every list of the former member's profile loads (by address): the collection filter, the history ----
      if (!(await m.page.getByTestId('filter-collections').isVisible()))
        await m.page.getByTestId('filters-toggle').click();
      const filter = m.page.getByTestId('filter-collections');
      await filter.locator('input[type="checkbox"]').first().waitFor({ timeout: 30_000 });
      expect(await filter.textContent()).toContain(`Trade ${lang}`);
      await snap(m.page, `${tag}-7-former-filter`);
      if (await m.page.getByTestId('filters-drawer-close').isVisible())
        await m.page.getByTestId('filters-drawer-close').click();
      await m.page.getByTestId('profile-tab-TransactionHistory').click();
      await m.page
        .locator('[data-testid="history-list"], [data-testid="history-empty"]')
        .first()
        .waitFor({ timeout: 30_000 });
      expect(await m.page.getByTestId('load-failed').count()).toBe(0);
      await snap(m.page, `${tag}-8-former-history`);
    } finally {
      await m.context.close();
    }
  }, 300_000);
});
