/**
 * The cart and the floor sweep, in Chromium against the real stack (anvil, contracts, indexer):
 * - C (ko, 1440 px) sweeps the floor of A's collection: three cheapest listings in KLAY at or below 3 KLAY. While
 *   C's `buyNfts` waits in the wallet, B tries to buy one of the three and is refused (271: C's reservation holds its
 *   only piece, so nobody can buy it in between), so A, its seller, withdraws it and cancels it on chain instead.
 *   The one transaction fills the other two, skips the cancelled one, and returns its 3 KLAY; the result says so.
 * - B (en, 390 px) adds two listings from their item pages to the cart (the header's count follows), opens the cart
 *   and buys both in one `buyNfts` in ATT (one approval for the total).
 * Screenshots `artifacts/cart-*`.
 */
import { cancelListingCall, listingFromWire, marketAbi } from '@att/contracts';
import { ReturnCode } from '@att/shared';
import { createWalletClient, decodeFunctionData, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { useStackAndBrowser } from '../src/harness';
import { MEMBERS, TOKEN, tradeJourney, view } from '../src/trade-members';

const ctx = useStackAndBrowser();
const { api, nodeSignIn, publish, listLazily, chain, pieces, revokeAllowance, open, goto } = tradeJourney(ctx);

describe('the cart and the floor sweep', () => {
  it('C sweeps three at 1440 px in Korean; one is cancelled meanwhile: 2 bought, 1 skipped, the change back', async () => {
    const aAuth = await nodeSignIn('A');
    const first = await publish(aAuth, 1, 'ko');
    const items = [
      first,
      await publish(aAuth, 1, 'ko', first.collectionIdx),
      await publish(aAuth, 1, 'ko', first.collectionIdx),
    ];
    const ids: number[] = [];
    for (const [i, item] of items.entries())
      ids.push(await listLazily(aAuth, item, { quantity: 1, price: BigInt(i + 1) * TOKEN, supply: 1, symbol: 'KLAY' }));
    // A fourth above the top price stays out of the sweep.
    const dear = await publish(aAuth, 1, 'ko', first.collectionIdx);
    await listLazily(aAuth, dear, { quantity: 1, price: 9n * TOKEN, supply: 1, symbol: 'KLAY' });

    const c = await open('C', 'ko', 1440);
    try {
      await goto(c, `/Collection/${first.collectionIdx}`);
      const panel = c.page.getByTestId('sweep-panel');
      await panel.waitFor({ timeout: 30_000 });
      await c.page.getByTestId('sweep-count').fill('3');
      await c.page.getByTestId('sweep-price').fill('3');
      await c.page.getByTestId('sweep-symbol').selectOption('KLAY');
      await c.page.getByTestId('sweep-find').click();
      await c.page.getByTestId('sweep-list').waitFor({ timeout: 30_000 });
      for (const id of ids) await c.page.getByTestId(`sweep-row-${id}`).waitFor();
      expect(await c.page.getByTestId('sweep-total').textContent()).toContain('6 KLAY');
      await panel.scrollIntoViewIfNeeded();
      await view(c.page, 'cart-sweep-ko-1440-1-found');

      const release = c.wallet.hold();
      await c.page.getByTestId('sweep-buy').click();
      await c.wallet.held(60_000);
      await view(c.page, 'cart-sweep-ko-1440-2-wallet');
      // Meanwhile: B cannot buy the third (C's reservation holds it); A withdraws it and cancels it on chain.
      const bAuth = await nodeSignIn('B');
      const b = await api('/nft/instance/purchase', { ...bAuth, instanceId: ids[2], quantity: 1 });
      expect(b.returnCode).toBe(ReturnCode.InstanceAwaitingTrade);
      const w = await api<{ returnCode: number; data: { listing: Parameters<typeof listingFromWire>[0] } }>(
        '/nft/cancel/sale',
        { ...aAuth, instanceId: ids[2] },
      );
      expect(w.returnCode).toBe(0);
      const aWallet = createWalletClient({
        account: privateKeyToAccount(MEMBERS.A.key),
        transport: http(ctx.stack.rpcUrl),
      });
      const cancel = cancelListingCall(ctx.stack.deployment.market, listingFromWire(w.data.listing));
      const hash = await aWallet.writeContract({ chain: null, ...cancel });
      expect((await chain().waitForTransactionReceipt({ hash })).status).toBe('success');

      const klay0 = await chain().getBalance({ address: privateKeyToAccount(MEMBERS.C.key).address });
      release();
      const result = c.page.getByTestId('cart-result-KLAY');
      await result.waitFor({ timeout: 60_000 });
      const tx = c.wallet.sent.at(-1)!;
      expect(decodeFunctionData({ abi: marketAbi, data: tx.data! }).functionName).toBe('buyNfts');
      expect(BigInt(tx.value ?? '0x0')).toBe(6n * TOKEN);
      const receipt = await chain().waitForTransactionReceipt({ hash: tx.hash! });
      const klay1 = await chain().getBalance({ address: privateKeyToAccount(MEMBERS.C.key).address });
      // Paid 1 + 2 KLAY: the 3 KLAY of the cancelled one came back in the same transaction.
      expect(klay0 - klay1).toBe(3n * TOKEN + receipt.gasUsed * receipt.effectiveGasPrice);
      expect(await result.getByTestId('cart-bought').locator('li').count()).toBe(2);
      const skipped = await result.getByTestId('cart-skipped').textContent();
      expect(skipped).toContain('예약 후 다른 곳에서 판매되었거나 취소되었습니다.');
      expect(await result.getByTestId('cart-refund').textContent()).toContain('3 KLAY');
      expect(await pieces('C', items[0]!.tokenId)).toBe(1n);
      expect(await pieces('C', items[1]!.tokenId)).toBe(1n);
      expect(await pieces('C', items[2]!.tokenId)).toBe(0n);
      await result.scrollIntoViewIfNeeded();
      await view(c.page, 'cart-sweep-ko-1440-3-result');
    } finally {
      await c.context.close();
    }
  });

  it('B adds two listings from their item pages at 390 px in English and buys the cart', async () => {
    const aAuth = await nodeSignIn('A');
    const items = [await publish(aAuth, 1, 'en'), await publish(aAuth, 1, 'en')];
    const ids: number[] = [];
    for (const item of items)
      ids.push(await listLazily(aAuth, item, { quantity: 1, price: 2n * TOKEN, supply: 1, symbol: 'ATT' }));
    await revokeAllowance('B');
    const b = await open('B', 'en', 390);
    try {
      for (const [i, item] of items.entries()) {
        await goto(b, `/NftInfo/${item.productId}`);
        const add = b.page.getByTestId(`cart-add-${ids[i]}`);
        await add.waitFor({ timeout: 30_000 });
        await add.click();
        await b.page
          .getByTestId('cart-count')
          .filter({ hasText: String(i + 1) })
          .waitFor();
      }
      await view(b.page, 'cart-en-390-1-item');
      await b.page.getByTestId('cart-button').click();
      const panel = b.page.getByTestId('cart-panel');
      await panel.waitFor();
      expect(await b.page.getByTestId('cart-total-ATT').textContent()).toContain('4 ATT');
      await view(b.page, 'cart-en-390-2-panel');
      await b.page.getByTestId('cart-buy').click();
      const result = b.page.getByTestId('cart-result-ATT');
      await result.waitFor({ timeout: 90_000 });
      expect(await result.getByTestId('cart-bought').locator('li').count()).toBe(2);
      expect(b.wallet.sent.map((t) => t.to?.toLowerCase())).toEqual([
        ctx.stack.deployment.att.toLowerCase(),
        ctx.stack.deployment.market.toLowerCase(),
      ]);
      for (const item of items) expect(await pieces('B', item.tokenId)).toBe(1n);
      await b.page
        .getByTestId('cart-empty')
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      expect(await b.page.getByTestId('cart-count').count()).toBe(0);
      await view(b.page, 'cart-en-390-3-result');
    } finally {
      await b.context.close();
    }
  });
});
