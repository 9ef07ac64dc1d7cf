/**
 * An offer runs out, in Chromium against the real stack (Korean, 1280 px): B offers 1 ATT in the item page's popup
 * (the default expiry, 7 days); time moves on past it for the chain and the server (the stack's `timePasses`); the
 * offers' sweep marks it expired and the keeper's refund job returns the escrow (the Market lets anyone once it
 * expired, and pays the offerer alone): B's ATT is back on chain and the Market holds none of it; both members'
 * Offers tabs show it expired. Not in CI's services pass (vitest.config.ts): the sweep, the refund and their
 * indexing are the trading suite's on PostgreSQL, and trading-offers.spec.ts runs an offer's whole path there.
 */
import { marketAbi } from '@att/contracts';
import { OFFER_DEFAULT_MINUTES } from '@att/shared';
import { decodeFunctionData } from 'viem';
import { describe, expect, it } from 'vitest';
import { poll, useStackAndBrowser } from '../src/harness';
import { widthProblems } from '../src/page-checks';
import { TOKEN, tradeJourney, view } from '../src/trade-members';

const ctx = useStackAndBrowser();
const { api, nodeSignIn, publish, att, chain, open, goto } = tradeJourney(ctx);
const EXPIRED = '제안 만료';
const fn = (data: `0x${string}` | undefined) => decodeFunctionData({ abi: marketAbi, data: data! }).functionName;

describe('an offer runs out (ko, 1280 px)', () => {
  it("B's offer expires: the sweep marks it, the refund job returns the escrow, both Offers tabs show it expired", async () => {
    const tag = 'offer-ko-1280-expiry';
    const aAuth = await nodeSignIn('A');
    const item = await publish(aAuth, 3, 'expiry');
    const d = ctx.stack.deployment;
    let b = await open('B', 'ko', 1280);
    let a: Awaited<ReturnType<typeof open>> | undefined;
    try {
      // ---- B offers 1 piece at 1 ATT in the popup (default expiry) ----
      const attB0 = await att('B');
      await goto(b, `/NftInfo/${item.productId}`);
      await b.page.getByTestId('offer-list-empty').waitFor({ timeout: 30_000 });
      await b.page.getByTestId('offer-open').click();
      await b.page.getByTestId('offer-popup').waitFor();
      await b.page.getByTestId('offer-balance').filter({ hasText: 'ATT' }).waitFor();
      await b.page.getByTestId('offer-quantity').fill('1');
      await b.page.getByTestId('offer-price').fill('1');
      await b.page.getByTestId('offer-agree').check();
      await b.page.getByTestId('offer-submit').click();
      await b.page.getByTestId('offer-done').waitFor({ timeout: 60_000 });
      expect(fn(b.wallet.sent.at(-1)!.data)).toBe('makeOffer');
      const offers = await api<{ list: { osdId: string }[] }>('/nft/offer/product/list', {
        productIdx: item.productId,
        pageNo: 1,
        pageSize: 9999,
      });
      const osdId = offers.list[0]!.osdId;
      await poll(
        async () =>
          (
            await ctx.stack.db
              .selectFrom('offers')
              .select('made_tx')
              .where('offer_idx', '=', osdId)
              .executeTakeFirstOrThrow()
          ).made_tx,
      ).not.toBeNull();
      expect(attB0 - (await att('B'))).toBe(TOKEN);
      const escrowed = await chain().readContract({
        address: d.market,
        abi: marketAbi,
        functionName: 'getOffer',
        args: [BigInt(osdId)],
      });
      expect(escrowed.remaining).toBe(1n);

      // ---- Time moves on past the expiry (and the sweep's grace); the jobs run ----
      await ctx.stack.timePasses(OFFER_DEFAULT_MINUTES * 60 + 120);
      await ctx.stack.runJob('trading.offers');
      const row = () =>
        ctx.stack.db
          .selectFrom('offers')
          .select(['state', 'remaining'])
          .where('offer_idx', '=', osdId)
          .executeTakeFirstOrThrow();
      expect((await row()).state).toBe(1);
      await ctx.stack.runJob('trading.offerRefunds');
      await poll(async () => {
        await ctx.stack.runJob('trading.index');
        return row();
      }).toEqual({ state: 1, remaining: 0 });
      // The escrow is back with B on chain (refunded, nothing left withdrawable), and the Market holds none of it.
      expect(await att('B')).toBe(attB0);
      expect(
        (
          await chain().readContract({
            address: d.market,
            abi: marketAbi,
            functionName: 'getOffer',
            args: [BigInt(osdId)],
          })
        ).remaining,
      ).toBe(0n);
      expect(
        await chain().readContract({
          address: d.market,
          abi: marketAbi,
          functionName: 'withdrawable',
          args: [d.att, b.wallet.address],
        }),
      ).toBe(0n);

      // ---- Both members' Offers tabs show it expired (their tickets ran out with the time: signed in again) ----
      await b.context.close();
      b = await open('B', 'ko', 1280);
      await goto(b, '/MyProfile/Offers');
      const made = b.page.getByTestId(`offers-row-${osdId}`);
      await made.waitFor({ timeout: 30_000 });
      expect(await made.getByTestId('offers-state').textContent()).toBe(EXPIRED);
      expect(await widthProblems(b.page)).toEqual([]);
      await view(b.page, `${tag}-made`);
      a = await open('A', 'ko', 1280);
      await goto(a, '/MyProfile/Offers');
      await a.page.getByTestId('offers-tab').waitFor({ timeout: 30_000 });
      await a.page.getByTestId('offers-sub-2').click();
      const received = a.page.getByTestId(`offers-row-${osdId}`);
      await received.waitFor({ timeout: 30_000 });
      expect(await received.getByTestId('offers-state').textContent()).toBe(EXPIRED);
      expect(await widthProblems(a.page)).toEqual([]);
      await view(a.page, `${tag}-received`);
    } finally {
      await Promise.all([b.context.close(), a?.context.close()]);
    }
  }, 300_000);
});
