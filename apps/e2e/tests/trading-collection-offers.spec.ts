/**
 * Collection offers, in Chromium against the real stack (anvil, contracts, indexer), with injected test wallets
 * (the demo members on anvil accounts 7 and 8):
 * - creator B publishes a multi-edition item (5 unminted pieces) in a new collection;
 * - A (Korean, 1440 px) opens the collection page, sees no collection offer in the header, and makes one of 2 pieces
 *   at 1 ATT in the popup ("컬렉션 제안하기": quantity, price, total, agree box, ATT approval for the total,
 *   makeCollectionOffer in the wallet with its gas limit); the header then shows the best offer with 2 pieces left;
 * - B (English, 390 px), holding pieces of an item of that collection, sees it on the item page and accepts 1 piece
 *   (the Market approved for B's items, /nft/collection/offer/accept, acceptCollectionOffer with the reply's proof);
 *   A holds 1 minted piece on chain and 1 ATT went to B less the fee and royalty;
 * - A's Offers tab lists the collection offer with 1 piece left and its cancel; B's item page shows the sale in the
 *   item's history; A's item page shows A's own offer with cancel.
 * Screenshots `artifacts/collection-offer-*` at 1440 px in Korean and 390 px in English: the collection header, the
 * popup and the item page.
 */
import { GAS_LIMITS, marketAbi } from '@att/contracts';
import { HistoryEvent } from '@att/shared';
import { decodeFunctionData } from 'viem';
import { describe, expect, it } from 'vitest';
import { useStackAndBrowser } from '../src/harness';
import { type Member, session, TOKEN, tradeJourney, tradeState, view } from '../src/trade-members';

const ctx = useStackAndBrowser();
const { api, nodeSignIn, publish, pieces, att, revokeAllowance, open, goto } = tradeJourney(ctx);

const fn = (data: `0x${string}` | undefined) => decodeFunctionData({ abi: marketAbi, data: data! }).functionName;

interface OfferRow {
  offerIdx: string;
  remainAmount: number;
  state: number;
}

describe('collection offers', () => {
  it('A offers on 2 pieces of a collection (ko, 1440 px); B accepts 1 from the item page (en, 390 px)', async () => {
    const bAuth = await nodeSignIn('B');
    const item = await publish(bAuth, 5, 'en');
    await revokeAllowance('A');
    const d = ctx.stack.deployment;
    const a = await open('A', 'ko', 1440);
    const b = await open('B', 'en', 390);
    const offersOf = async () =>
      (
        await api<{ list?: OfferRow[] }>('/nft/collection/offer/list', {
          collectionIdx: item.collectionIdx,
          pageNo: 1,
          pageSize: 100,
        })
      ).list ?? [];
    const header = async (m: Member, remain: number | null) => {
      await goto(m, `/Collection/${item.collectionIdx}`);
      const best = m.page.getByTestId(remain === null ? 'collection-offer-best-none' : 'collection-offer-best-ATT');
      await best.waitFor({ timeout: 30_000 });
      if (remain !== null) expect(await best.getAttribute('data-remain')).toBe(String(remain));
      await m.page.getByTestId('collection-offer-best').scrollIntoViewIfNeeded();
    };
    try {
      // ---- A makes a collection offer of 2 pieces at 1 ATT ----
      const attA0 = await att('A');
      await header(a, null);
      await view(a.page, 'collection-offer-ko-1440-header-empty');
      await a.page.getByTestId('collection-offer-open').click();
      const popup = a.page.getByTestId('collection-offer-popup');
      await popup.waitFor();
      expect(await popup.textContent()).toContain('컬렉션 제안하기');
      await a.page.getByTestId('offer-balance').filter({ hasText: 'ATT' }).waitFor();
      await a.page.getByTestId('offer-quantity').fill('2');
      await a.page.getByTestId('offer-price').fill('1');
      expect(await a.page.getByTestId('offer-duration').inputValue()).toBe('7');
      expect(await a.page.getByTestId('offer-total').textContent()).toBe('2 ATT');
      await a.page.getByTestId('offer-agree').check();
      await view(a.page, 'collection-offer-ko-1440-popup');
      const release = a.wallet.hold();
      await a.page.getByTestId('collection-offer-submit').click();
      await tradeState(a.page, 'collection-offer-popup', 'approving');
      await a.wallet.held();
      release();
      await a.page.getByTestId('collection-offer-done').waitFor({ timeout: 90_000 });
      expect(await a.page.getByTestId('collection-offer-done').textContent()).toContain(
        '컬렉션 제안이 완료되었습니다.',
      );
      await view(a.page, 'collection-offer-ko-1440-popup-done');
      expect(a.wallet.sent.map((t) => [t.to?.toLowerCase(), BigInt(t.gas ?? '0x0')])).toEqual([
        [d.att.toLowerCase(), GAS_LIMITS.approve],
        [d.market.toLowerCase(), GAS_LIMITS.makeCollectionOffer],
      ]);
      expect(fn(a.wallet.sent.at(-1)!.data)).toBe('makeCollectionOffer');
      expect(attA0 - (await att('A'))).toBe(2n * TOKEN);
      await a.page.getByTestId('trade-close').click();
      await popup.waitFor({ state: 'detached' });
      await expect.poll(async () => (await offersOf()).length, { timeout: 30_000 }).toBe(1);
      const offerIdx = (await offersOf())[0]!.offerIdx;
      await header(a, 2);
      await view(a.page, 'collection-offer-ko-1440-header');

      // ---- B sees it on the collection page (the popup looked at, not sent) and accepts 1 piece on the item page ----
      await header(b, 2);
      await view(b.page, 'collection-offer-en-390-header');
      await b.page.getByTestId('collection-offer-open').click();
      await b.page.getByTestId('collection-offer-popup').waitFor();
      expect(await b.page.getByTestId('collection-offer-popup').textContent()).toContain('Make a collection offer');
      await view(b.page, 'collection-offer-en-390-popup');
      await b.page.getByTestId('collection-offer-cancel').click();
      await goto(b, `/NftInfo/${item.productId}`);
      const row = b.page.getByTestId(`collection-offer-row-${offerIdx}`);
      await row.waitFor({ timeout: 30_000 });
      await row.scrollIntoViewIfNeeded();
      await view(b.page, 'collection-offer-en-390-item');
      const attB0 = await att('B');
      await b.page.getByTestId(`collection-offer-accept-${offerIdx}`).click();
      await b.page.getByTestId('accept-offer-popup').waitFor();
      await b.page.getByTestId('accept-offer-quantity').fill('1');
      expect(await b.page.getByTestId('accept-offer-gross').textContent()).toBe('1 ATT');
      await view(b.page, 'collection-offer-en-390-accept');
      await b.page.getByTestId('accept-offer-submit').click();
      await b.page.getByTestId('accept-offer-done').waitFor({ timeout: 90_000 });
      expect(await b.page.getByTestId('accept-offer-done').textContent()).toContain(
        'The collection offer was accepted.',
      );
      await view(b.page, 'collection-offer-en-390-accept-done');
      const acceptTx = b.wallet.sent.at(-1)!;
      expect(fn(acceptTx.data)).toBe('acceptCollectionOffer');
      expect(BigInt(acceptTx.gas ?? '0x0')).toBe(GAS_LIMITS.acceptCollectionOffer);
      expect(await pieces('A', item.tokenId)).toBe(1n);
      // 1 ATT less the 2.5 % fee (B, the creator, is paid the royalty too).
      expect((await att('B')) - attB0).toBe(TOKEN - (TOKEN * 250n) / 10_000n);
      await b.page.getByTestId('trade-close').click();
      await b.page.waitForFunction(
        (id) =>
          document.querySelector(`[data-testid="collection-offer-row-${id}"]`)?.getAttribute('data-remain') === '1',
        offerIdx,
        { timeout: 30_000 },
      );
      await b.page.waitForFunction(
        (type) => Boolean(document.querySelector(`[data-testid="history-row"][data-type="${type}"]`)),
        HistoryEvent.OfferAccept,
        { timeout: 30_000 },
      );
      await b.page.getByTestId('item-tabs').scrollIntoViewIfNeeded();
      await view(b.page, 'collection-offer-en-390-item-sold');

      // ---- At 320 px the header and the item page's list fit the phone ----
      await b.page.setViewportSize({ width: 320, height: 800 });
      const fits = () => b.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      await header(b, 1);
      expect(await fits()).toBe(true);
      await view(b.page, 'collection-offer-en-320-header');
      await goto(b, `/NftInfo/${item.productId}`);
      await b.page.getByTestId(`collection-offer-row-${offerIdx}`).scrollIntoViewIfNeeded();
      expect(await fits()).toBe(true);
      await view(b.page, 'collection-offer-en-320-item');

      // ---- A's Offers tab: 1 piece left, cancel offered; A's item page shows A's own offer ----
      await goto(a, '/MyProfile/Offers');
      const made = a.page.getByTestId(`collection-offers-row-${offerIdx}`);
      await made.waitFor({ timeout: 30_000 });
      expect(await made.getAttribute('data-remain')).toBe('1');
      expect(await made.getByTestId('collection-offers-state').textContent()).toBe('유효');
      await a.page.getByTestId(`collection-offers-cancel-${offerIdx}`).waitFor();
      await made.scrollIntoViewIfNeeded();
      await view(a.page, 'collection-offer-ko-1440-profile');
      await goto(a, `/NftInfo/${item.productId}`);
      const own = a.page.getByTestId(`collection-offer-row-${offerIdx}`);
      await own.waitFor({ timeout: 30_000 });
      expect(await own.getAttribute('data-own')).toBe('1');
      await a.page.getByTestId(`collection-offer-cancel-${offerIdx}`).scrollIntoViewIfNeeded();
      await view(a.page, 'collection-offer-ko-1440-item');
      const mine = await api<{ list: OfferRow[] }>('/nft/collection/offer/member/participation/list', {
        ...(await session(a.page)),
        pageNo: 1,
        pageSize: 10,
      });
      expect(mine.list.map((r) => [r.offerIdx, r.remainAmount])).toEqual([[offerIdx, 1]]);
    } finally {
      await Promise.all([a.context.close(), b.context.close()]);
    }
  }, 400_000);
});
