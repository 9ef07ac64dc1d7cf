/**
 * Auctions in Chromium against the real stack (anvil, contracts, server, indexer), with injected test wallets (the
 * demo members on anvil accounts 7-9). Seller A works in Korean at 1440 px, bidder B in English at 390 px:
 * - A publishes a single item and puts it up for auction in ATT from the sell page's auction tab (the start price
 *   validation first): the server's signed terms, then `registerAuction` (gas 400,000) from the wallet; the item
 *   page shows the auction's row with its start price and the countdown to its end;
 * - B bids in the bid popup (the minimum from the server's order book, a lower bid warned): ATT approval, `placeBid`
 *   (gas 300,000); the bid list shows it;
 * - C bids from node: 1.25 ATT is refused by the server with 276, 1.5 ATT goes through (`bidOf` read on chain);
 *   a visitor not signed in (ko, 1280 px) with the item page open sees C's bid appear, never reloading (the item's
 *   public event on the alert socket);
 * - B withdraws the outbid bid (`cancelBid`, gas 300,000) and gets the ATT back; the visitor sees it withdrawn;
 * - A cancels the auction (`cancelAuction`): C is refunded and the piece comes back to A.
 * Settlement with nobody clicking is trading-auction-settle.spec.ts. Screenshots `artifacts/auction-*`.
 */
import { attAbi, GAS_LIMITS, marketAbi, placeBidCall } from '@att/contracts';
import { createWalletClient, decodeFunctionData, http, maxUint256 } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useStackAndBrowser } from '../src/harness';
import { addressOf, MEMBERS, session, TOKEN, tradeJourney, view, walletCalls as calls } from '../src/trade-members';

const ctx = useStackAndBrowser();
const { api, nodeSignIn, publish, chain, pieces, att, revokeAllowance, open, goto } = tradeJourney(ctx);

type Row = { instanceId: number; saleType: number; priceAmount: string; bidMaxPrice?: string | null };
type Bid = { bidIdx: number; memberAddress: string; price: string; state: number };

describe('auctions', () => {
  it('A auctions a single item, B bids, C outbids, B withdraws, A cancels', async () => {
    const d = ctx.stack.deployment;
    const aAuth = await nodeSignIn('A');
    const single = await publish(aAuth, 1, 'ko');
    await revokeAllowance('B');
    const a = await open('A', 'ko', 1440);
    const b = await open('B', 'en', 390);
    let visitor: BrowserContext | undefined;
    try {
      // ---- A: the auction tab of the sell page ----
      await goto(a, `/NftSell/${single.productId}`);
      await a.page.locator('[data-testid="sell-page"][data-state="ready"]').waitFor({ timeout: 30_000 });
      await a.page.getByTestId('sell-tab-auction').click();
      await a.page.getByTestId('auction-form').waitFor();
      await a.page.getByTestId('auction-price').fill('0.09');
      await a.page.getByTestId('auction-submit').click();
      expect(await a.page.getByTestId('auction-price-error').textContent()).toBe(
        '경매 시작 가격은 0.1 ATT 이상이어야 합니다.',
      );
      expect(await a.page.getByTestId('auction-period-error').textContent()).toBe('판매 기간을 입력해 주세요.');
      await a.page.getByTestId('auction-price').fill('1');
      await a.page.getByTestId('auction-period').click();
      await a.page.getByTestId('sell-quick-day1').click();
      await a.page.getByTestId('sell-period-apply').click();
      await a.page.locator('[data-testid="auction-fee"]').filter({ hasText: '2.5%' }).waitFor();
      await view(a.page, 'auction-1-sell-form-ko-1440');
      const releaseA = a.wallet.hold();
      await a.page.getByTestId('auction-submit').click();
      await a.page.waitForFunction(
        () =>
          document
            .querySelector('[data-testid="auction-progress"] [data-testid="trade-steps"]')
            ?.getAttribute('data-trade-state') === 'awaitingWallet',
        undefined,
        { timeout: 60_000 },
      );
      await view(a.page, 'auction-2-sell-wallet-ko-1440');
      releaseA();
      await a.page.getByTestId('ok-popup').waitFor({ timeout: 90_000 });
      expect(await a.page.getByTestId('ok-popup').textContent()).toContain('경매 등록이 완료되었습니다.');
      // An unminted piece: the Market mints it into escrow, no item approval; registerAuction with 400,000 gas.
      expect(calls(a.wallet.sent, marketAbi)).toEqual([
        [d.market.toLowerCase(), 'registerAuction', GAS_LIMITS.registerAuction],
      ]);
      const rows = (await api<{ list: Row[] }>('/nft/instance/list/item', { productId: single.productId })).list;
      expect(rows).toHaveLength(1);
      const auction = rows[0]!;
      expect(auction).toMatchObject({ saleType: 2, priceAmount: String(TOKEN), bidMaxPrice: null });
      const id = auction.instanceId;

      // ---- B: the item page and the bid popup ----
      const attB0 = await att('B');
      await goto(b, `/NftInfo/${single.productId}`);
      const row = b.page.getByTestId(`sale-row-${id}`);
      await row.waitFor({ timeout: 30_000 });
      expect(await row.getByTestId('sale-auction-label').textContent()).toBe('Auction · Start price');
      expect(await b.page.getByTestId('sale-countdown').getAttribute('data-auction')).toBe('true');
      expect(await b.page.getByTestId('sale-countdown').textContent()).toMatch(
        /Auction ends in (23|24):\d\d:\d\d|Auction ends in 1 day/,
      );
      await b.page.getByTestId('bids-empty').waitFor({ timeout: 30_000 });
      await view(b.page, 'auction-3-item-en-390');
      // The sales list's auction row has no button (spec 3); the bid button sits on the bid list.
      expect(await b.page.getByTestId(`sale-row-${id}`).getByRole('button').count()).toBe(0);
      await b.page.getByTestId('bid-open').click();
      await b.page.getByTestId('bid-popup').waitFor();
      await b.page.locator('[data-testid="bid-minimum"]').filter({ hasText: '1 ATT' }).waitFor({ timeout: 30_000 });
      await b.page.getByTestId('bid-balance').filter({ hasText: 'ATT' }).waitFor();
      await b.page.getByTestId('bid-amount').fill('0.5');
      expect(await b.page.getByTestId('bid-below-minimum').textContent()).toBe('Bid at least 1 ATT.');
      await b.page.getByTestId('bid-amount').fill('1.2');
      expect(await b.page.getByTestId('bid-usd').inputValue()).not.toBe('');
      await b.page.getByTestId('bid-agree').check();
      await view(b.page, 'auction-4-bid-form-en-390');
      await b.page.getByTestId('bid-submit').click();
      await b.page.getByTestId('bid-done').waitFor({ timeout: 90_000 });
      await view(b.page, 'auction-5-bid-done-en-390');
      expect(calls(b.wallet.sent, marketAbi)).toEqual([
        [d.att.toLowerCase(), 'other', GAS_LIMITS.approve],
        [d.market.toLowerCase(), 'placeBid', GAS_LIMITS.placeBid],
      ]);
      expect(attB0 - (await att('B'))).toBe((12n * TOKEN) / 10n);
      await b.page.getByTestId('trade-close').click();
      await b.page.getByTestId('bid-popup').waitFor({ state: 'detached' });
      const bRow = b.page.locator('[data-testid^="bid-row-"][data-own="1"][data-state="0"]');
      await bRow.waitFor({ timeout: 30_000 });
      await row.getByTestId('sale-auction-label').filter({ hasText: 'Auction · Top bid' }).waitFor({ timeout: 30_000 });

      // ---- A visitor, not signed in (ko, 1280 px), has the item page open and never reloads it ----
      visitor = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
      await visitor.addInitScript(() => localStorage.setItem('att.lang', 'ko'));
      const v = await visitor.newPage();
      await v.goto(`${ctx.stack.url}/NftInfo/${single.productId}`);
      await v.locator('[data-testid^="bid-row-"]').first().waitFor({ timeout: 30_000 });
      expect(await v.locator('[data-testid^="bid-row-"]').count()).toBe(1);
      // A mark on the page's window: it is gone if the page reloads.
      await v.evaluate(() => ((window as unknown as { visitorMark: number }).visitorMark = 1));

      // ---- C: 1.25 ATT is below 1.2 + 5 %, 1.5 ATT is taken ----
      const cAuth = await nodeSignIn('C');
      expect(
        (await api('/nft/instance/bid', { ...cAuth, instanceIdx: id, price: ((125n * TOKEN) / 100n).toString() }))
          .returnCode,
      ).toBe(276);
      const ok = await api<{
        returnCode: number;
        data: { auctionId: string; market: `0x${string}`; token: `0x${string}` };
      }>('/nft/instance/bid', { ...cAuth, instanceIdx: id, price: ((15n * TOKEN) / 10n).toString() });
      expect(ok.returnCode).toBe(0);
      const attC0 = await att('C');
      const c = createWalletClient({ account: privateKeyToAccount(MEMBERS.C.key), transport: http(ctx.stack.rpcUrl) });
      const mined = async (hash: `0x${string}`) =>
        expect((await chain().waitForTransactionReceipt({ hash })).status).toBe('success');
      await mined(
        await c.writeContract({
          chain: null,
          address: ok.data.token,
          abi: attAbi,
          functionName: 'approve',
          args: [ok.data.market, maxUint256],
        }),
      );
      const currentBid = await chain().readContract({
        address: d.market,
        abi: marketAbi,
        functionName: 'bidOf',
        args: [BigInt(ok.data.auctionId), addressOf('C')],
      });
      await mined(
        await c.writeContract({
          chain: null,
          ...placeBidCall(ok.data.market, {
            auctionId: BigInt(ok.data.auctionId),
            amount: (15n * TOKEN) / 10n,
            token: ok.data.token,
            currentBid,
          }),
        }),
      );
      const until = Date.now() + 30_000;
      let bids: Bid[] = [];
      while (Date.now() < until) {
        bids = (await api<{ list: Bid[] }>('/nft/instance/bid/list', { pageNo: 1, pageSize: 9999, instanceIdx: id }))
          .list;
        if (bids.some((x) => x.memberAddress.toLowerCase() === addressOf('C').toLowerCase())) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      expect(bids.map((x) => [x.price, x.state])).toEqual([
        [String((15n * TOKEN) / 10n), 0],
        [String((12n * TOKEN) / 10n), 0],
      ]);
      // The visitor's page lists C's bid without a reload: the item's public event on its socket.
      await v.locator(`[data-testid="bid-row-${bids[0]!.bidIdx}"]`).waitFor({ timeout: 30_000 });
      await v.locator(`[data-testid="bid-row-${bids[0]!.bidIdx}"]`).scrollIntoViewIfNeeded();
      expect(await v.evaluate(() => (window as unknown as { visitorMark?: number }).visitorMark)).toBe(1);
      await view(v, 'auction-visitor-live-ko-1280');

      // ---- B withdraws the outbid bid ----
      await goto(b, `/NftInfo/${single.productId}`);
      const mine = bids.find((x) => x.memberAddress.toLowerCase() === addressOf('B').toLowerCase())!;
      await b.page.getByTestId(`bid-withdraw-${mine.bidIdx}`).click({ timeout: 30_000 });
      await b.page.getByTestId('withdraw-bid-popup').waitFor();
      await b.page.getByTestId('withdraw-bid-submit').click();
      await b.page.getByTestId('withdraw-bid-done').waitFor({ timeout: 90_000 });
      await view(b.page, 'auction-6-withdraw-done-en-390');
      const withdrawTx = b.wallet.sent.at(-1)!;
      expect(decodeFunctionData({ abi: marketAbi, data: withdrawTx.data! }).functionName).toBe('cancelBid');
      expect(BigInt(withdrawTx.gas!)).toBe(GAS_LIMITS.cancelBid);
      expect(await att('B')).toBe(attB0);
      await b.page.getByTestId('trade-close').click();
      await b.page.locator(`[data-testid="bid-row-${mine.bidIdx}"][data-state="2"]`).waitFor({ timeout: 30_000 });
      // The visitor sees B's bid withdrawn, still without a reload.
      await v.locator(`[data-testid="bid-row-${mine.bidIdx}"][data-state="2"]`).waitFor({ timeout: 30_000 });
      expect(await v.evaluate(() => (window as unknown as { visitorMark?: number }).visitorMark)).toBe(1);

      // ---- A cancels the auction: C refunded, the piece back with A ----
      await goto(a, `/NftInfo/${single.productId}`);
      await a.page.getByTestId(`sale-cancel-auction-${id}`).click({ timeout: 30_000 });
      await a.page.getByTestId('cancel-auction-popup').waitFor();
      await view(a.page, 'auction-7-cancel-ko-1440');
      await a.page.getByTestId('cancel-auction-submit').click();
      await a.page.getByTestId('cancel-auction-done').waitFor({ timeout: 90_000 });
      const cancelTx = a.wallet.sent.at(-1)!;
      expect(decodeFunctionData({ abi: marketAbi, data: cancelTx.data! }).functionName).toBe('cancelAuction');
      await a.page.getByTestId('trade-close').click();
      await a.page.getByTestId('sales-empty').waitFor({ timeout: 30_000 });
      await view(a.page, 'auction-8-cancelled-ko-1440');
      expect(await att('C')).toBe(attC0);
      expect(await pieces('A', single.tokenId)).toBe(1n);
      expect(
        (
          await api('/nft/instance/bid', {
            ...(await session(b.page)),
            instanceIdx: id,
            price: (2n * TOKEN).toString(),
          })
        ).returnCode,
      ).toBe(82);
    } finally {
      await Promise.all([a.context.close(), b.context.close(), visitor?.close()]);
    }
  }, 600_000);
});
