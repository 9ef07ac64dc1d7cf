/**
 * Transfers, in Chromium against the real stack (anvil, contracts, indexer), in Korean (1440 px) and
 * English (390 px), with injected test wallets (the demo members on anvil accounts 7-9):
 * A transfers an unminted single item to C (the server's permit, `transferWithMint`; '잘못된 주소입니다' first),
 * and C sends it on to B with the wallet's own `safeTransferFrom(..., 0x00)` (sending to oneself refused first);
 * after each step the pages, the profiles, the transaction feed and the chain agree. The wallet is held open at
 * each wallet step, so the popup is looked at (and screenshot) in every step. Buying: trading-buy.spec.ts.
 */
import { itemsAbi, marketAbi } from '@att/contracts';
import { HistoryEvent } from '@att/shared';
import { decodeFunctionData, getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { useStackAndBrowser } from '../src/harness';
import { addressOf, MEMBERS, tradeJourney, tradeState, view } from '../src/trade-members';

const ctx = useStackAndBrowser();
const { nodeSignIn, publish, pieces, open, goto, profileHolds, feedShows } = tradeJourney(ctx);

const TEXTS = {
  ko: { invalidAddress: '잘못된 주소입니다', sent: '양도 요청이 완료되었습니다.' },
  en: { invalidAddress: 'Invalid address', sent: 'The transfer request is complete.' },
} as const;

const journeys = [
  { lang: 'ko' as const, width: 1440 },
  { lang: 'en' as const, width: 390 },
];

describe.each(journeys)('transfer ($lang, $width px)', ({ lang, width }) => {
  it('A sends an unminted item to C (transferWithMint), C sends it on to B (safeTransferFrom)', async () => {
    const tag = `trade-${lang}-${width}`;
    const single = await publish(await nodeSignIn('A'), 1, lang);

    const a = await open('A', lang, width);
    const c = await open('C', lang, width);
    try {
      // ---- A sends the unminted single item to C: the server's permit, transferWithMint ----
      await goto(a, `/NftInfo/${single.productId}`);
      await a.page.getByTestId('transfer-open').click();
      const tp = a.page.getByTestId('transfer-popup');
      await tp.waitFor();
      await a.page.getByTestId('transfer-address').fill('0x1234');
      await a.page.getByTestId('transfer-submit').click();
      expect(await a.page.getByTestId('transfer-problem').textContent()).toBe(TEXTS[lang].invalidAddress);
      await view(a.page, `${tag}-transfer-1-invalid`);
      await a.page.getByTestId('transfer-address').fill(addressOf('C'));
      const holdA = a.wallet.hold();
      await a.page.getByTestId('transfer-submit').click();
      await tradeState(a.page, 'transfer-popup', 'awaitingWallet');
      await view(a.page, `${tag}-transfer-2-wallet`);
      holdA();
      await a.page.getByTestId('transfer-done').waitFor({ timeout: 60_000 });
      await view(a.page, `${tag}-transfer-3-done`);
      const t1 = a.wallet.sent.at(-1)!;
      expect(t1.to?.toLowerCase()).toBe(ctx.stack.deployment.market.toLowerCase());
      expect(decodeFunctionData({ abi: marketAbi, data: t1.data! }).functionName).toBe('transferWithMint');
      expect(await a.page.getByTestId('transfer-done').textContent()).toContain(TEXTS[lang].sent);
      await a.page.getByTestId('trade-close').click();
      await tp.waitFor({ state: 'detached' });
      // A holds nothing any more: no transfer button; C holds the piece on chain and on the profiles.
      await a.page.getByTestId('transfer-open').waitFor({ state: 'detached', timeout: 30_000 });
      expect(await pieces('C', single.tokenId)).toBe(1n);
      expect(await pieces('A', single.tokenId)).toBe(0n);
      await profileHolds(a, MEMBERS.A.name, single.productId, false);
      await profileHolds(a, MEMBERS.C.name, single.productId, true);

      // ---- C sends it on to B with the wallet's own safeTransferFrom(…, 0x00) ----
      await goto(c, `/NftInfo/${single.productId}`);
      await c.page.getByTestId('transfer-open').click();
      await c.page.getByTestId('transfer-popup').waitFor();
      // Sending to oneself is refused before the wallet.
      await c.page.getByTestId('transfer-address').fill(addressOf('C').toLowerCase());
      await c.page.getByTestId('transfer-submit').click();
      await c.page.getByTestId('transfer-problem').waitFor();
      await c.page.getByTestId('transfer-address').fill(addressOf('B'));
      const holdC = c.wallet.hold();
      await c.page.getByTestId('transfer-submit').click();
      await tradeState(c.page, 'transfer-popup', 'awaitingWallet');
      await view(c.page, `${tag}-transfer-4-safe-wallet`);
      holdC();
      await c.page.getByTestId('transfer-done').waitFor({ timeout: 60_000 });
      await view(c.page, `${tag}-transfer-5-safe-done`);
      const t2 = c.wallet.sent.at(-1)!;
      expect(t2.to?.toLowerCase()).toBe(ctx.stack.deployment.items.toLowerCase());
      const call = decodeFunctionData({ abi: itemsAbi, data: t2.data! });
      expect(call.functionName).toBe('safeTransferFrom');
      expect(call.args).toEqual([
        getAddress(addressOf('C')),
        getAddress(addressOf('B')),
        BigInt(single.tokenId),
        1n,
        '0x00',
      ]);
      await c.page.getByTestId('trade-close').click();
      expect(await pieces('B', single.tokenId)).toBe(1n);
      expect(await pieces('C', single.tokenId)).toBe(0n);
      await profileHolds(c, MEMBERS.C.name, single.productId, false);
      await profileHolds(c, MEMBERS.B.name, single.productId, true);
      await snap(c.page, `${tag}-profile-B-after-transfers`);
      // The transaction feed shows the transfers of the single item.
      await feedShows(c, HistoryEvent.Transfer, single.productId);
    } finally {
      await Promise.all([a.context.close(), c.context.close()]);
    }
  }, 300_000);
});
