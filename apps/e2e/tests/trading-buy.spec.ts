/**
 * Buying, in Chromium against the real stack (anvil, contracts, indexer), in Korean (1440 px) and English
 * (390 px), with injected test wallets (the demo members on anvil accounts 7 and 8):
 * - seller A publishes a multi-edition item and lists 5 unminted pieces at 3 ATT through the API (the listing
 *   signed in node with viem, as the sell page's wallet would);
 * - B buys 2 pieces in the buy popup: quantity, agree box, ATT approval, confirm in the wallet, on chain, done with
 *   the explorer link; the sales list, both profiles, the transaction feed and the chain (pieces, ATT paid and
 *   received) agree;
 * - A withdraws the rest of the listing from the sales list and cancels the signed listing on chain too.
 * The wallet is held open at each wallet step, so the popup is looked at (and screenshot) in every step.
 * Transfers: trading-transfer.spec.ts.
 */
import { GAS_LIMITS, marketAbi } from '@att/contracts';
import { HistoryEvent } from '@att/shared';
import { decodeFunctionData } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { useStackAndBrowser } from '../src/harness';
import { FEE_BPS, MEMBERS, session, TOKEN, tradeJourney, tradeState, view } from '../src/trade-members';

// The local chain has no explorer: name one so the done step links its transaction (set before the stack starts).
beforeAll(() => {
  process.env.CHAIN_EXPLORER_URL = 'https://kairos.kaiascan.io';
});
const ctx = useStackAndBrowser();
afterAll(() => {
  delete process.env.CHAIN_EXPLORER_URL;
});
const { api, nodeSignIn, publish, listLazily, pieces, att, revokeAllowance, open, goto, profileHolds, feedShows } =
  tradeJourney(ctx);

const TEXTS = {
  ko: { buyDone: '구매가 완료되었습니다.', noAgree: '동의 항목에 체크해 주세요.' },
  en: { buyDone: 'Purchase complete.', noAgree: 'Please tick the agreement box.' },
} as const;

const journeys = [
  { lang: 'ko' as const, width: 1440 },
  { lang: 'en' as const, width: 390 },
];

describe.each(journeys)('buy ($lang, $width px)', ({ lang, width }) => {
  it('B buys 2 pieces in ATT; A withdraws the rest of the listing and cancels it on chain', async () => {
    const tag = `trade-${lang}-${width}`;
    const aAuth = await nodeSignIn('A');
    const multi = await publish(aAuth, 10, lang);
    const instanceId = await listLazily(aAuth, multi, { quantity: 5, price: 3n * TOKEN, supply: 10, symbol: 'ATT' });
    await revokeAllowance('B');

    const b = await open('B', lang, width);
    const a = await open('A', lang, width);
    try {
      // ---- B buys 2 of the 5 listed pieces ----
      const attB0 = await att('B');
      const attA0 = await att('A');
      await goto(b, `/NftInfo/${multi.productId}`);
      const row = b.page.getByTestId(`sale-row-${instanceId}`);
      await row.waitFor({ timeout: 30_000 });
      expect(await row.getAttribute('data-remain')).toBe('5');
      await snap(b.page, `${tag}-sales-list`);
      await b.page.getByTestId(`sale-buy-${instanceId}`).click();
      const buy = b.page.getByTestId('buy-popup');
      await buy.waitFor();
      await b.page.getByTestId('buy-balance').filter({ hasText: 'ATT' }).waitFor();
      await b.page.getByTestId('buy-quantity').fill('2');
      expect(await b.page.getByTestId('buy-total').textContent()).toBe('6 ATT');
      await b.page.getByTestId('buy-submit').click();
      expect(await b.page.getByTestId('buy-problem').textContent()).toBe(TEXTS[lang].noAgree);
      await b.page.getByTestId('buy-agree').check();
      await view(b.page, `${tag}-buy-1-form`);
      const release = b.wallet.hold();
      await b.page.getByTestId('buy-submit').click();
      // The ATT allowance: the approve transaction waits in the wallet.
      await tradeState(b.page, 'buy-popup', 'approving');
      await b.page.locator('[data-step="approve"][data-status="active"]').waitFor();
      await view(b.page, `${tag}-buy-2-approve`);
      // Then buyNft waits in the wallet.
      // The approval waits in the wallet (it may be sent a moment after the state shows) before the next hold.
      await b.wallet.held();
      const release2 = b.wallet.hold();
      release();
      await tradeState(b.page, 'buy-popup', 'awaitingWallet');
      await view(b.page, `${tag}-buy-3-wallet`);
      release2();
      await b.page.getByTestId('buy-done').waitFor({ timeout: 60_000 });
      expect(await b.page.getByTestId('buy-done').textContent()).toContain(TEXTS[lang].buyDone);
      const link = await b.page.getByTestId('trade-tx-link').getAttribute('href');
      const buyTx = b.wallet.sent.at(-1)!;
      expect(link).toContain(`/tx/${buyTx.hash}`);
      await view(b.page, `${tag}-buy-4-done`);
      // The wallet was asked for approve (100,000 gas) then buyNft (300,000 gas) on the Market.
      expect(b.wallet.sent.map((t) => [t.to?.toLowerCase(), BigInt(t.gas ?? '0x0')])).toEqual([
        [ctx.stack.deployment.att.toLowerCase(), GAS_LIMITS.approve],
        [ctx.stack.deployment.market.toLowerCase(), GAS_LIMITS.buyNft],
      ]);
      expect(decodeFunctionData({ abi: marketAbi, data: buyTx.data! }).functionName).toBe('buyNft');
      await b.page.getByTestId('trade-close').click();
      await buy.waitFor({ state: 'detached' });
      // The page, the chain and the balances agree: 3 left on sale, 2 pieces minted to B, 6 ATT paid, A got 6 - 2.5 %.
      await b.page.waitForFunction(
        (id) => document.querySelector(`[data-testid="sale-row-${id}"]`)?.getAttribute('data-remain') === '3',
        instanceId,
        { timeout: 30_000 },
      );
      expect(await pieces('B', multi.tokenId)).toBe(2n);
      expect(await pieces('A', multi.tokenId)).toBe(0n);
      expect(attB0 - (await att('B'))).toBe(6n * TOKEN);
      expect((await att('A')) - attA0).toBe(6n * TOKEN - (6n * TOKEN * FEE_BPS) / 10_000n);
      const detailB = await api<{ data: { itemCountMine: number; ownerCount: number } }>('/nft/detail', {
        ...(await session(b.page)),
        productId: multi.productId,
      });
      expect(detailB.data).toMatchObject({ itemCountMine: 2, ownerCount: 2 });
      await profileHolds(b, MEMBERS.B.name, multi.productId, true);
      await profileHolds(b, MEMBERS.A.name, multi.productId, true);
      await snap(b.page, `${tag}-profile-A-after-buy`);
      // The transaction feed shows the lazy-mint sale of the item.
      await feedShows(b, HistoryEvent.LazyMintSale, multi.productId);
      await snap(b.page, `${tag}-feed-after-buy`);

      // ---- A withdraws the rest of the ATT listing from the sales list and cancels it on chain too ----
      await goto(a, `/NftInfo/${multi.productId}`);
      const own = a.page.getByTestId(`sale-row-${instanceId}`);
      await own.waitFor({ timeout: 30_000 });
      expect(await own.getAttribute('data-own')).toBe('1');
      await a.page.getByTestId(`sale-cancel-${instanceId}`).click();
      await a.page.getByTestId('confirm-popup').waitFor();
      await a.page.getByTestId('confirm-popup-confirm').click();
      const cc = a.page.getByTestId('chain-cancel-popup');
      await cc.waitFor({ timeout: 30_000 });
      await a.page.getByTestId('sales-empty').waitFor({ timeout: 30_000 });
      await view(a.page, `${tag}-cancel-1-offer`);
      await a.page.getByTestId('chain-cancel-submit').click();
      await tradeState(a.page, 'chain-cancel-popup', 'indexed');
      await view(a.page, `${tag}-cancel-2-done`);
      const t3 = a.wallet.sent.at(-1)!;
      expect(decodeFunctionData({ abi: marketAbi, data: t3.data! }).functionName).toBe('cancelListing');
      // The signed listing can never be bought now: a purchase is refused by the server (82).
      const bAuth = await session(b.page);
      expect((await api('/nft/instance/purchase', { ...bAuth, instanceId, quantity: 1 })).returnCode).toBe(82);
      await a.page.getByTestId('chain-cancel-later').click();
    } finally {
      await Promise.all([a.context.close(), b.context.close()]);
    }
  }, 300_000);
});
