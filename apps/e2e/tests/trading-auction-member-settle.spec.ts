/**
 * A member settles an ended auction from the item page, with the stack's keeper stopped (`KEEPER=off`), in Chromium
 * against the real stack (anvil, contracts, server, indexer) with injected test wallets (the demo members on anvil
 * accounts 7-9), chain time moved with `evm_increaseTime`:
 * - A's auction of a single item in KLAY; B bids 1 KLAY from node;
 * - past the end but inside the grace (AUCTION_SETTLE_GRACE_SECONDS) C (ko, 390 px), neither seller nor winner,
 *   sees no "경매 정산하기" once the page has read the moved chain time twice;
 * - past the end plus the grace the button shows on C's open page (the chain time is read again every 10 s) and on
 *   B's (en, 1440 px); C settles: the wallet is asked for `endAuction(auctionId)` and nothing else, the popup shows
 *   each step (the wallet held, the indexing held) and its confirmation; B owns the piece, A is paid;
 * - C's open page names B as the owner without a reload (the item's socket event).
 * Screenshots `artifacts/member-settle-*`.
 */
import { AUCTION_SETTLE_GRACE_SECONDS, type AuctionSaleData, ReturnCode } from '@att/shared';
import { auctionFromWire, GAS_LIMITS, marketAbi, placeBidCall, registerAuctionCall } from '@att/contracts';
import type { Page, Response } from 'playwright-core';
import { createWalletClient, decodeFunctionData, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it, vi } from 'vitest';
import { useStackAndBrowser } from '../src/harness';
import { holdApi } from '../src/hold';
import {
  addressOf,
  FEE_BPS,
  MEMBERS,
  TOKEN,
  tradeJourney,
  tradeState,
  view,
  walletCalls as calls,
} from '../src/trade-members';

const ctx = useStackAndBrowser({ keeper: false });
const { api, nodeSignIn, publish, chain, pieces, open, goto } = tradeJourney(ctx);

/** Resolves once the page has read the chain's time `times` more times, each answer at least `atLeastS`. */
function chainTimeReads(page: Page, atLeastS: number, times: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const onResponse = async (res: Response) => {
      const body = res.request().postData() ?? '';
      if (!body.includes('"eth_getBlockByNumber"') || !body.includes('"latest"')) return;
      const json = (await res.json().catch(() => undefined)) as { result?: { timestamp?: string } } | undefined;
      const ts = json?.result?.timestamp;
      if (!ts || Number(BigInt(ts)) < atLeastS || ++seen < times) return;
      page.off('response', onResponse);
      resolve();
    };
    page.on('response', onResponse);
  });
}

describe('a member settles an auction', () => {
  it("with the keeper stopped, C settles B's won auction from the item page once its end plus the grace has passed", async () => {
    const d = ctx.stack.deployment;
    const aAuth = await nodeSignIn('A');
    const single = await publish(aAuth, 1, 'ko');
    const sale = await api<{ returnCode: number; data: AuctionSaleData }>('/nft/all/sale', {
      ...aAuth,
      productId: single.productId,
      saleQuantity: 1,
      saleType: 2,
      saleSymbol: 'KLAY',
      salePrice: TOKEN.toString(),
      expireMinute: 60,
    });
    expect(sale.returnCode).toBe(0);
    const aWallet = createWalletClient({
      account: privateKeyToAccount(MEMBERS.A.key),
      transport: http(ctx.stack.rpcUrl),
    });
    const mined = async (hash: `0x${string}`) =>
      expect((await chain().waitForTransactionReceipt({ hash })).status).toBe('success');
    await mined(
      await aWallet.writeContract({
        chain: null,
        ...registerAuctionCall(d.market, auctionFromWire(sale.data.auc), sale.data.signResult as `0x${string}`),
      }),
    );
    const id = sale.data.bsdId;
    const auctionId = BigInt(sale.data.auc.id);

    // ---- B bids 1 KLAY from node ----
    const bAuth = await nodeSignIn('B');
    type BidCheck = { returnCode: number; data: { auctionId: string; market: `0x${string}`; token: `0x${string}` } };
    // The bid is checked against the order book: the auction takes bids once the indexer has applied its
    // registration (82 until then).
    const bid = await vi.waitUntil(
      async () => {
        const r = await api<BidCheck>('/nft/instance/bid', { ...bAuth, instanceIdx: id, price: TOKEN.toString() });
        return r.returnCode === ReturnCode.NotOnSale ? false : r;
      },
      { timeout: 60_000, interval: 250 },
    );
    expect(bid.returnCode).toBe(0);
    const bWallet = createWalletClient({
      account: privateKeyToAccount(MEMBERS.B.key),
      transport: http(ctx.stack.rpcUrl),
    });
    await mined(
      await bWallet.writeContract({
        chain: null,
        ...placeBidCall(bid.data.market, {
          auctionId: BigInt(bid.data.auctionId),
          amount: TOKEN,
          token: bid.data.token,
        }),
      }),
    );
    const klayA0 = await chain().getBalance({ address: addressOf('A') });

    const rpc = async (method: string, params: unknown[]) => {
      const res = await fetch(ctx.stack.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      expect(((await res.json()) as { error?: unknown }).error).toBeUndefined();
    };
    const chainNow = async () => Number((await chain().getBlock()).timestamp);
    const travelTo = async (s: number) => {
      await rpc('evm_increaseTime', [s - (await chainNow())]);
      await rpc('evm_mine', []);
    };
    const end = Number(sale.data.auc.endTime);

    const c = await open('C', 'ko', 390);
    const b = await open('B', 'en', 1440);
    try {
      // ---- past the end, inside the grace: no button (the page has read the moved time, twice) ----
      await travelTo(end + 5);
      const read = chainTimeReads(c.page, end + 5, 2);
      await goto(c, `/NftInfo/${single.productId}`);
      await c.page.locator('[data-testid^="bid-row-"]').first().waitFor({ timeout: 30_000 });
      await read;
      await c.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))));
      expect(await c.page.getByTestId('settle-open').count()).toBe(0);
      expect(await pieces('B', single.tokenId)).toBe(0n);
      await view(c.page, 'member-settle-1-in-grace-ko-390');

      // ---- past the end plus the grace: the open page offers the settlement (nobody else settles it) ----
      await travelTo(end + AUCTION_SETTLE_GRACE_SECONDS + 1);
      const button = c.page.getByTestId('settle-open');
      await button.waitFor({ timeout: 30_000 });
      expect(await button.textContent()).toBe('경매 정산하기');
      expect(await c.page.getByTestId('settle-box').getByRole('heading').textContent()).toBe('경매 정산');
      await c.page.getByTestId('settle-box').scrollIntoViewIfNeeded();
      expect(await c.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await view(c.page, 'member-settle-2-button-ko-390');
      await goto(b, `/NftInfo/${single.productId}`);
      const bButton = b.page.getByTestId('settle-open');
      await bButton.waitFor({ timeout: 30_000 });
      expect(await bButton.textContent()).toBe('Settle auction');
      await b.page.getByTestId('settle-box').scrollIntoViewIfNeeded();
      await view(b.page, 'member-settle-3-button-en-1440');

      // ---- C settles: the wallet (held), the chain, the indexing (held), done ----
      await button.click();
      const popup = c.page.getByTestId('settle-popup');
      await popup.waitFor({ timeout: 30_000 });
      await view(c.page, 'member-settle-4-popup-ko-390');
      const releaseWallet = c.wallet.hold();
      const releaseIndex = await holdApi(c.page, '/nft/instance/list/item');
      await c.page.getByTestId('settle-submit').click();
      await tradeState(c.page, 'settle-popup', 'awaitingWallet');
      await view(c.page, 'member-settle-5-wallet-ko-390');
      releaseWallet();
      await tradeState(c.page, 'settle-popup', 'confirming');
      await view(c.page, 'member-settle-6-indexing-ko-390');
      await releaseIndex();
      await c.page.getByTestId('settle-done').waitFor({ timeout: 90_000 });
      await view(c.page, 'member-settle-7-done-ko-390');
      expect(calls(c.wallet.sent, marketAbi)).toEqual([[d.market.toLowerCase(), 'endAuction', GAS_LIMITS.endAuction]]);
      expect(decodeFunctionData({ abi: marketAbi, data: c.wallet.sent[0]!.data! }).args).toEqual([auctionId]);

      // ---- on chain: B owns the piece, A is paid less the fee; C's page names B as the owner, no reload ----
      expect(await pieces('B', single.tokenId)).toBe(1n);
      expect((await chain().getBalance({ address: addressOf('A') })) - klayA0).toBe(
        TOKEN - (TOKEN * FEE_BPS) / 10_000n,
      );
      const mark = await c.page.evaluate(() => ((window as unknown as { settleMark: number }).settleMark = 1));
      await c.page.getByTestId('trade-close').click();
      await popup.waitFor({ state: 'detached', timeout: 30_000 });
      await c.page.getByTestId('item-owner-link').filter({ hasText: MEMBERS.B.name }).waitFor({ timeout: 30_000 });
      await c.page.getByTestId('sales-empty').waitFor({ timeout: 30_000 });
      expect(await c.page.getByTestId('settle-box').count()).toBe(0);
      expect(await c.page.evaluate(() => (window as unknown as { settleMark?: number }).settleMark)).toBe(mark);
      await c.page.getByTestId('item-owner-link').scrollIntoViewIfNeeded();
      await view(c.page, 'member-settle-8-owner-ko-390');
      // B's open page, which nobody touched, follows the item's event too.
      await b.page.getByTestId('item-owner-link').filter({ hasText: MEMBERS.B.name }).waitFor({ timeout: 30_000 });
      expect(await b.page.getByTestId('settle-open').count()).toBe(0);
    } finally {
      await Promise.all([c.context.close(), b.context.close()]);
    }
  }, 600_000);
});
