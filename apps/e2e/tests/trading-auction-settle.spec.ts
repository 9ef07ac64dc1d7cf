/**
 * An auction settled with nobody clicking, in Chromium against the real stack (anvil, contracts, server, indexer),
 * with injected test wallets (the demo members on anvil accounts 7-9): C in Korean at 1440 px, B in English at
 * 390 px, chain time moved with `evm_increaseTime` (its stack's clock stays ahead):
 * - A's auction, in KLAY; C bids 1 KLAY in the bid popup (no approval step in KLAY);
 * - 5 minutes before the end B bids 2 KLAY: the end moves 10 minutes on, and B's page's countdown with it; C,
 *   outbid, gets the alert, and C's open item page shows B's bid and the new end without a reload;
 * - past the end the keeper sends `endAuction`: B owns the piece, A is paid the price less the 2.5 % fee (A is also
 *   the creator: the royalty is A's), the sales list is empty;
 * - A's second auction, with no bid, ends the same way: the piece goes back to A;
 * - C's outbid bid is left in the ended auction: the wallet panel lists it, and C takes it back (`cancelBid`).
 * Screenshots `artifacts/settle-*`.
 */
import { auctionFromWire, GAS_LIMITS, marketAbi, registerAuctionCall } from '@att/contracts';
import type { AuctionSaleData } from '@att/shared';
import { createWalletClient, decodeFunctionData, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { useStackAndBrowser } from '../src/harness';
import { addressOf, FEE_BPS, MEMBERS, TOKEN, tradeJourney, view, walletCalls as calls } from '../src/trade-members';

const ctx = useStackAndBrowser();
const { api, nodeSignIn, publish, chain, pieces, open, goto } = tradeJourney(ctx);

type Row = { instanceId: number; saleType: number; priceAmount: string; bidMaxPrice?: string | null };

describe('auction settlement', () => {
  it('settles with nobody clicking: C bids in KLAY, B outbids in the last 10 minutes and the end moves, the keeper ends it, C takes the losing bid back', async () => {
    const d = ctx.stack.deployment;
    const aAuth = await nodeSignIn('A');
    const single = await publish(aAuth, 1, 'en');
    // A's auction from node (the sell page's auction tab is walked above): 1 KLAY, an hour.
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
    const reg = await aWallet.writeContract({
      chain: null,
      ...registerAuctionCall(d.market, auctionFromWire(sale.data.auc), sale.data.signResult as `0x${string}`),
    });
    expect((await chain().waitForTransactionReceipt({ hash: reg })).status).toBe('success');
    const id = sale.data.bsdId;
    // A second auction nobody bids on: at the end the keeper returns the piece to A.
    const unsold = await publish(aAuth, 1, 'ko');
    const sale2 = await api<{ returnCode: number; data: AuctionSaleData }>('/nft/all/sale', {
      ...aAuth,
      productId: unsold.productId,
      saleQuantity: 1,
      saleType: 2,
      saleSymbol: 'KLAY',
      salePrice: TOKEN.toString(),
      expireMinute: 60,
    });
    expect(sale2.returnCode).toBe(0);
    const reg2 = await aWallet.writeContract({
      chain: null,
      ...registerAuctionCall(d.market, auctionFromWire(sale2.data.auc), sale2.data.signResult as `0x${string}`),
    });
    expect((await chain().waitForTransactionReceipt({ hash: reg2 })).status).toBe('success');
    const klayA0 = await chain().getBalance({ address: addressOf('A') });
    const rpc = async (method: string, params: unknown[]) => {
      const res = await fetch(ctx.stack.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      expect(((await res.json()) as { error?: unknown }).error).toBeUndefined();
    };
    const travel = async (seconds: number) => {
      await rpc('evm_increaseTime', [seconds]);
      await rpc('evm_mine', []);
    };
    const chainNow = async () => Number((await chain().getBlock()).timestamp);
    const until0 = async (done: () => Promise<boolean>) => {
      const stop = Date.now() + 30_000;
      while (!(await done())) {
        if (Date.now() > stop) throw new Error('not within 30 s');
        await new Promise((r) => setTimeout(r, 500));
      }
    };

    const cMember = await open('C', 'ko', 1440);
    const b = await open('B', 'en', 390);
    try {
      // ---- C bids 1 KLAY in the popup ----
      await goto(cMember, `/NftInfo/${single.productId}`);
      await cMember.page.getByTestId(`sale-row-${id}`).waitFor({ timeout: 30_000 });
      await cMember.page.getByTestId('bid-open').click({ timeout: 30_000 });
      await cMember.page
        .locator('[data-testid="bid-minimum"]')
        .filter({ hasText: '1 KLAY' })
        .waitFor({ timeout: 30_000 });
      await cMember.page.getByTestId('bid-amount').fill('1');
      await cMember.page.getByTestId('bid-agree').check();
      await view(cMember.page, 'settle-1-bid-klay-ko-1440');
      await cMember.page.getByTestId('bid-submit').click();
      await cMember.page.getByTestId('bid-done').waitFor({ timeout: 90_000 });
      expect(calls(cMember.wallet.sent, marketAbi)).toEqual([
        [d.market.toLowerCase(), 'placeBid', GAS_LIMITS.placeBid],
      ]);
      expect(BigInt(cMember.wallet.sent[0]!.value ?? '0x0')).toBe(TOKEN);
      await cMember.page.getByTestId('trade-close').click();

      // ---- 5 minutes before the end, B bids 2 KLAY: the end moves 10 minutes on the page ----
      const end0 = Number(sale.data.auc.endTime);
      await travel(end0 - (await chainNow()) - 300);
      await goto(b, `/NftInfo/${single.productId}`);
      const countdown = b.page.getByTestId('sale-countdown');
      await countdown.waitFor({ timeout: 30_000 });
      expect(await countdown.getAttribute('data-ends')).toBe(new Date(end0 * 1000).toISOString());
      await b.page.getByTestId('bid-open').click({ timeout: 30_000 });
      await b.page.locator('[data-testid="bid-minimum"]').filter({ hasText: '1.05 KLAY' }).waitFor({ timeout: 30_000 });
      await b.page.getByTestId('bid-amount').fill('2');
      await b.page.getByTestId('bid-agree').check();
      await b.page.getByTestId('bid-submit').click();
      await b.page.getByTestId('bid-done').waitFor({ timeout: 90_000 });
      await b.page.getByTestId('trade-close').click();
      await b.page
        .locator(`[data-testid="sale-countdown"][data-ends="${new Date((end0 + 600) * 1000).toISOString()}"]`)
        .waitFor({ timeout: 30_000 });
      await view(b.page, 'settle-2-end-moved-en-390');
      // C, outbid, is told by an alert; C's open item page reads the auction again: the rival's bid and the new end.
      await cMember.page.getByTestId('floating-alert').waitFor({ timeout: 30_000 });
      await cMember.page
        .locator(`[data-testid="sale-countdown"][data-ends="${new Date((end0 + 600) * 1000).toISOString()}"]`)
        .waitFor({ timeout: 30_000 });
      expect(await cMember.page.locator('[data-testid^="bid-row-"]').count()).toBe(2);
      await view(cMember.page, 'settle-2b-outbid-alert-ko-1440');

      // ---- past the moved end: the keeper settles; nobody clicks ----
      await travel(end0 + 600 - (await chainNow()) + 1);
      const until = Date.now() + 60_000;
      while (Date.now() < until && (await pieces('B', single.tokenId)) !== 1n)
        await new Promise((r) => setTimeout(r, 500));
      expect(await pieces('B', single.tokenId)).toBe(1n);
      const price = 2n * TOKEN;
      expect((await chain().getBalance({ address: addressOf('A') })) - klayA0).toBe(
        price - (price * FEE_BPS) / 10_000n,
      );
      // The auction without bids: the piece (minted into escrow at registration) is A's again, its listing gone.
      while (Date.now() < until && (await pieces('A', unsold.tokenId)) !== 1n)
        await new Promise((r) => setTimeout(r, 500));
      expect(await pieces('A', unsold.tokenId)).toBe(1n);
      await until0(
        async () =>
          (await api<{ list: Row[] }>('/nft/instance/list/item', { productId: unsold.productId })).list.length === 0,
      );
      await goto(b, `/NftInfo/${single.productId}`);
      await b.page.getByTestId('sales-empty').waitFor({ timeout: 30_000 });
      await view(b.page, 'settle-3-sold-en-390');

      // ---- C's losing bid: listed in the wallet panel, taken back with cancelBid ----
      const klayC0 = await chain().getBalance({ address: addressOf('C') });
      await cMember.page.getByTestId('wallet-button').click();
      const row = cMember.page.getByTestId(`withdrawable-row-bid-${id}`);
      await row.waitFor({ timeout: 30_000 });
      expect(await row.textContent()).toContain('1 KLAY');
      await view(cMember.page, 'settle-4-withdrawable-ko-1440');
      await cMember.page.getByTestId(`withdrawable-withdraw-bid-${id}`).click();
      await cMember.page.getByTestId('withdraw-submit').click();
      await cMember.page.getByTestId('withdraw-done').waitFor({ timeout: 90_000 });
      await view(cMember.page, 'settle-5-withdrawn-ko-1440');
      const tx = cMember.wallet.sent.at(-1)!;
      expect(decodeFunctionData({ abi: marketAbi, data: tx.data! }).functionName).toBe('cancelBid');
      const receipt = await chain().getTransactionReceipt({ hash: tx.hash });
      expect((await chain().getBalance({ address: addressOf('C') })) - klayC0).toBe(
        TOKEN - receipt.gasUsed * receipt.effectiveGasPrice,
      );
      await cMember.page.getByTestId('trade-close').click();
      await row.waitFor({ state: 'detached', timeout: 30_000 });
    } finally {
      await Promise.all([cMember.context.close(), b.context.close()]);
    }
  }, 600_000);
});
