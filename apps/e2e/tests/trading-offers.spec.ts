/**
 * Offers, in Chromium against the real stack (anvil, contracts, indexer), in Korean (1440 px) and English (390 px),
 * with injected test wallets (the demo members on anvil accounts 7 and 8):
 * - creator A publishes a multi-edition item (10 unminted pieces, nothing listed);
 * - B makes an offer on 2 pieces at 1 ATT in the item page's popup: quantity, price and total, agree box, ATT
 *   approval, makeOffer in the wallet (400,000 gas), on chain, done; the offer list shows it and 2 ATT left B;
 * - A accepts 1 piece from the offer list: the Market approved for A's items, /nft/offer/accept, acceptOffer
 *   (400,000 gas), done; B holds 1 minted piece on chain;
 * - B cancels the rest from the profile's Offers tab on chain (cancelOffer, 300,000 gas); 1 ATT comes back; the
 *   finished offer is then deleted from B's list after the confirmation.
 * The wallet is held open at its steps, so the popups are looked at (and screenshot) in every step.
 * An offer that runs out is trading-offer-expiry.spec.ts.
 */
import { GAS_LIMITS, marketAbi } from '@att/contracts';
import { decodeFunctionData } from 'viem';
import { describe, expect, it } from 'vitest';
import { useStackAndBrowser } from '../src/harness';
import { session, TOKEN, tradeJourney, tradeState, view } from '../src/trade-members';

const ctx = useStackAndBrowser();
const { api, nodeSignIn, publish, pieces, att, revokeAllowance, open, goto } = tradeJourney(ctx);

const TEXTS = {
  ko: {
    made: '제안이 등록되었습니다.',
    accepted: '제안 수락이 완료되었습니다.',
    cancelled: '제안 취소가 완료되었습니다.',
    deleted: '선택하신 내역이 삭제됐습니다.',
    noAgree: '동의 항목에 체크해 주세요.',
    valid: '유효',
  },
  en: {
    made: 'Your offer is made.',
    accepted: 'The offer was accepted.',
    cancelled: 'The offer was cancelled.',
    deleted: 'The selected entry was deleted.',
    noAgree: 'Please tick the agreement box.',
    valid: 'Valid',
  },
} as const;

/** Each journey chooses another period than the default 7 days. */
const journeys = [
  { lang: 'ko' as const, width: 1440, days: 14 },
  { lang: 'en' as const, width: 390, days: 3 },
];

const sentTo = (sent: { to?: string | null; gas?: string | null }[]) =>
  sent.map((t) => [t.to?.toLowerCase(), BigInt(t.gas ?? '0x0')]);
const fn = (data: `0x${string}` | undefined) => decodeFunctionData({ abi: marketAbi, data: data! }).functionName;

describe.each(journeys)('offers ($lang, $width px, $days days)', ({ lang, width, days }) => {
  it('B offers on 2 pieces; A accepts 1; B cancels the rest from the profile and deletes the entry', async () => {
    const tag = `offer-${lang}-${width}`;
    const aAuth = await nodeSignIn('A');
    const multi = await publish(aAuth, 10, lang);
    await revokeAllowance('B');
    const d = ctx.stack.deployment;

    const b = await open('B', lang, width);
    const a = await open('A', lang, width);
    try {
      // ---- B makes an offer on 2 pieces at 1 ATT ----
      const attB0 = await att('B');
      await goto(b, `/NftInfo/${multi.productId}`);
      await b.page.getByTestId('offer-list-empty').waitFor({ timeout: 30_000 });
      await b.page.getByTestId('offer-open').click();
      const popup = b.page.getByTestId('offer-popup');
      await popup.waitFor();
      await b.page.getByTestId('offer-balance').filter({ hasText: 'ATT' }).waitFor();
      await b.page.getByTestId('offer-quantity').fill('2');
      await b.page.getByTestId('offer-price').fill('1');
      await b.page.getByTestId('offer-duration').selectOption(String(days));
      const chosenAt = Date.now();
      expect(await b.page.getByTestId('offer-total').textContent()).toBe('2 ATT');
      await b.page.getByTestId('offer-submit').click();
      expect(await b.page.getByTestId('offer-problem').textContent()).toBe(TEXTS[lang].noAgree);
      await b.page.getByTestId('offer-agree').check();
      await view(b.page, `${tag}-make-1-form`);
      const release = b.wallet.hold();
      await b.page.getByTestId('offer-submit').click();
      await tradeState(b.page, 'offer-popup', 'approving');
      await view(b.page, `${tag}-make-2-approve`);
      // The approval waits in the wallet (it may be sent a moment after the state shows) before the next hold.
      await b.wallet.held();
      const release2 = b.wallet.hold();
      release();
      await tradeState(b.page, 'offer-popup', 'awaitingWallet');
      await view(b.page, `${tag}-make-3-wallet`);
      release2();
      await b.page.getByTestId('offer-done').waitFor({ timeout: 60_000 });
      expect(await b.page.getByTestId('offer-done').textContent()).toContain(TEXTS[lang].made);
      await view(b.page, `${tag}-make-4-done`);
      expect(sentTo(b.wallet.sent)).toEqual([
        [d.att.toLowerCase(), GAS_LIMITS.approve],
        [d.market.toLowerCase(), GAS_LIMITS.makeOffer],
      ]);
      expect(fn(b.wallet.sent.at(-1)!.data)).toBe('makeOffer');
      await b.page.getByTestId('trade-close').click();
      await popup.waitFor({ state: 'detached' });
      const offers = await api<{ list: { osdId: string; remainAmount: number; expireDate: string }[] }>(
        '/nft/offer/product/list',
        {
          productIdx: multi.productId,
          pageNo: 1,
          pageSize: 9999,
        },
      );
      expect(offers.list).toHaveLength(1);
      const osdId = offers.list[0]!.osdId;
      // The period chosen is the one signed and escrowed (the chain's clock may run a little ahead of this one).
      const expireDate = offers.list[0]!.expireDate;
      const runs = Date.parse(expireDate) - chosenAt;
      expect(runs).toBeGreaterThan(days * 86_400_000 - 60_000);
      expect(runs).toBeLessThan(days * 86_400_000 + 3_600_000);
      const own = b.page.getByTestId(`offer-row-${osdId}`);
      await own.waitFor({ timeout: 30_000 });
      expect(await own.locator('time').getAttribute('datetime')).toBe(expireDate);
      expect(await own.getAttribute('data-own')).toBe('1');
      expect(attB0 - (await att('B'))).toBe(2n * TOKEN);
      await view(b.page, `${tag}-offer-list`);

      // ---- A, the creator holding every (unminted) piece, accepts 1 ----
      await goto(a, `/NftInfo/${multi.productId}`);
      await a.page.getByTestId(`offer-accept-${osdId}`).click();
      const accept = a.page.getByTestId('accept-offer-popup');
      await accept.waitFor();
      await a.page.getByTestId('accept-offer-quantity').fill('1');
      expect(await a.page.getByTestId('accept-offer-gross').textContent()).toBe('1 ATT');
      expect(await a.page.getByTestId('accept-offer-expiry').locator('time').getAttribute('datetime')).toBe(expireDate);
      await view(a.page, `${tag}-accept-1-form`);
      await a.page.getByTestId('accept-offer-submit').click();
      await a.page.getByTestId('accept-offer-done').waitFor({ timeout: 90_000 });
      expect(await a.page.getByTestId('accept-offer-done').textContent()).toContain(TEXTS[lang].accepted);
      await view(a.page, `${tag}-accept-2-done`);
      const acceptTx = a.wallet.sent.at(-1)!;
      expect(fn(acceptTx.data)).toBe('acceptOffer');
      expect(BigInt(acceptTx.gas ?? '0x0')).toBe(GAS_LIMITS.acceptOffer);
      expect(await pieces('B', multi.tokenId)).toBe(1n);
      await a.page.getByTestId('trade-close').click();
      await a.page.waitForFunction(
        (id) => document.querySelector(`[data-testid="offer-row-${id}"]`)?.getAttribute('data-remain') === '1',
        osdId,
        { timeout: 30_000 },
      );

      // ---- B cancels the rest from the profile, then deletes the finished offer from the list ----
      const attB1 = await att('B');
      await goto(b, '/MyProfile/Offers');
      const row = b.page.getByTestId(`offers-row-${osdId}`);
      await row.waitFor({ timeout: 30_000 });
      expect(await row.getByTestId('offers-state').textContent()).toBe(TEXTS[lang].valid);
      expect(await row.locator('time').getAttribute('datetime')).toBe(expireDate);
      await view(b.page, `${tag}-profile-offers`);
      await b.page.getByTestId(`offer-row-cancel-${osdId}`).click();
      await b.page.getByTestId('cancel-offer-popup').waitFor();
      expect(await b.page.getByTestId('cancel-offer-quantity').inputValue()).toBe('1');
      await b.page.getByTestId('cancel-offer-submit').click();
      await b.page.getByTestId('cancel-offer-done').waitFor({ timeout: 60_000 });
      expect(await b.page.getByTestId('cancel-offer-done').textContent()).toContain(TEXTS[lang].cancelled);
      await view(b.page, `${tag}-cancel-done`);
      const cancelTx = b.wallet.sent.at(-1)!;
      expect(fn(cancelTx.data)).toBe('cancelOffer');
      expect(BigInt(cancelTx.gas ?? '0x0')).toBe(GAS_LIMITS.cancelOffer);
      expect((await att('B')) - attB1).toBe(1n * TOKEN);
      await b.page.getByTestId('trade-close').click();
      await b.page.getByTestId(`offer-row-delete-${osdId}`).waitFor({ timeout: 30_000 });
      await b.page.getByTestId(`offer-row-delete-${osdId}`).click();
      await b.page.getByTestId('confirm-popup-confirm').click();
      expect(await b.page.getByTestId('ok-popup').textContent()).toContain(TEXTS[lang].deleted);
      await b.page.getByTestId('ok-popup-confirm').click();
      await row.waitFor({ state: 'detached', timeout: 30_000 });
      const list = await api<{ list: { makeOfferIdx: number }[] }>('/nft/offer/member/participation/list', {
        ...(await session(b.page)),
        pageNo: 1,
        pageSize: 10,
      });
      expect(list.list.map((r) => String(r.makeOfferIdx))).not.toContain(osdId);
    } finally {
      await Promise.all([a.context.close(), b.context.close()]);
    }
  }, 400_000);
});
