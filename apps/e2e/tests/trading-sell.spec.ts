/**
 * The sell page in Chromium against the real stack, with an injected test wallet on anvil:
 * - ko: member A (demo_artist) sees every validation message, then lists 4 pieces of a multi-edition item at a
 *   fixed price in ATT through the page: approval (setApprovalForAll), the signed Listing, the server; the
 *   listing is live in the API, the Market is approved on chain, and the sell page shows the rest free.
 * - en: A lists a single item in KLAY (the approval is already granted, so that step is skipped), then cancels
 *   it from the sell page: withdrawn at once, then the on-chain `cancelListing` of the signed listing.
 * Each step is held (the wallet call, the server call) long enough for a screenshot at 1440 and 390 px.
 */
import { marketAbi } from '@att/contracts';
import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { useStackAndBrowser } from '../src/harness';
import { holdApi, holdWallet } from '../src/hold';
import { sellJourney } from '../src/sell-page';

const ctx = useStackAndBrowser();
const { items, signedIn, shots, stepState, openSellPage, chain, isApproved, listingsOf } = sellJourney(ctx);

const TEXTS = {
  ko: {
    quantityRequired: '판매 수량을 입력해 주세요.',
    priceRequired: '판매 가격을 입력해 주세요.',
    periodRequired: '판매 기간을 입력해 주세요.',
    quantityTooMany: '판매 가능한 수량은 최대 10개입니다.',
    priceTooLow: '고정가 판매 가격은 1 ATT 이상이어야 합니다.',
    success: '판매 등록이 완료되었습니다.',
  },
  en: {
    quantityRequired: 'Enter the sale quantity.',
    priceRequired: 'Enter the sale price.',
    periodRequired: 'Enter the sale period.',
    quantityTooMany: 'You can sell at most 1.',
    priceTooLow: 'A fixed price must be at least 1 KLAY.',
    success: 'Your item is listed for sale.',
  },
} as const;

describe('the sell page', () => {
  it('ko: validation messages, then a multi-edition item listed in ATT with the approval step', async () => {
    const { multi, artist } = await items();
    const t = TEXTS.ko;
    const { context, page, wallet } = await signedIn('ko', 1440);
    await openSellPage(page, multi);
    expect(await page.getByTestId('sell-free').textContent()).toBe('10개');
    expect(await page.getByTestId('sell-royalty').textContent()).toBe('5%');
    await page.locator('[data-testid="sell-fee"]').filter({ hasText: '%' }).waitFor();
    await shots(page, 'form', 'ko');

    // Bad input: every message of the spec, nothing sent.
    await page.getByTestId('sell-quantity').fill('0');
    await page.getByTestId('sell-submit').click();
    expect(await page.getByTestId('sell-quantity-error').textContent()).toBe(t.quantityRequired);
    expect(await page.getByTestId('sell-price-error').textContent()).toBe(t.priceRequired);
    expect(await page.getByTestId('sell-period-error').textContent()).toBe(t.periodRequired);
    await page.getByTestId('sell-quantity').fill('11');
    await page.getByTestId('sell-price').fill('0.5');
    expect(await page.getByTestId('sell-quantity-error').textContent()).toBe(t.quantityTooMany);
    expect(await page.getByTestId('sell-price-error').textContent()).toBe(t.priceTooLow);
    await shots(page, 'validation', 'ko');

    // Good input: 4 pieces at 2.5 ATT for a month, chosen with the keyboard in the calendar popup.
    await page.getByTestId('sell-quantity').fill('4');
    await page.getByTestId('sell-price').fill('2.5');
    // 2.5 ATT at the demo price: a USD estimate above 0.
    await page.waitForFunction(() =>
      /\$0\.\d|\$[1-9]/.test(document.querySelector('[data-testid="sell-usd"]')?.textContent ?? ''),
    );
    await page.getByTestId('sell-period').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('sell-period-popup').waitFor();
    await page.getByTestId('sell-quick-month1').click();
    await shots(page, 'calendar', 'ko', 'dialog');
    await page.getByTestId('sell-period-apply').click();
    await page.getByTestId('sell-period-popup').waitFor({ state: 'detached' });
    await page.locator('[data-testid="sell-period-value"]').filter({ hasText: '~' }).waitFor();

    // Approval (a transaction), the signature (no gas), the server: each held for its screenshot.
    const releaseTx = holdWallet(wallet, 'eth_sendTransaction');
    const releaseSign = holdWallet(wallet, 'eth_signTypedData_v4');
    const releaseSale = await holdApi(page, '/nft/all/sale');
    await page.getByTestId('sell-submit').click();
    await stepState(page, 'approve', 'active');
    await shots(page, 'step-approve', 'ko', 'dialog');
    releaseTx();
    await stepState(page, 'sign', 'active');
    expect(await page.getByTestId('sell-step-approve').getAttribute('data-state')).toBe('done');
    await shots(page, 'step-sign', 'ko', 'dialog');
    releaseSign();
    await stepState(page, 'register', 'active');
    await shots(page, 'step-register', 'ko', 'dialog');
    await releaseSale();

    // Done: the item page with the confirmation; the listing is live; the Market may move A's pieces.
    await page.waitForURL((u) => u.pathname === `/NftInfo/${multi}`);
    expect(await page.getByTestId('ok-popup').textContent()).toContain(t.success);
    await shots(page, 'done', 'ko', 'dialog');
    const rows = await listingsOf(multi);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      sellerAddress: artist,
      remainCount: 4,
      priceAmount: parseEther('2.5').toString(),
      priceSymbol: 'ATT',
    });
    expect(await isApproved(artist)).toBe(true);

    // Back on the sell page: 6 free pieces and the new listing under "my listings".
    await page.getByTestId('ok-popup-confirm').click();
    await openSellPage(page, multi);
    expect(await page.getByTestId('sell-free').textContent()).toBe('6개');
    await page.locator('[data-testid="sell-listings"][data-count="1"]').waitFor();
    await shots(page, 'after', 'ko');
    await context.close();
  });

  it('en: a single item listed in KLAY (approval already granted), then cancelled: withdrawn and voided on chain', async () => {
    const { single, artist } = await items();
    const t = TEXTS.en;
    const { context, page } = await signedIn('en', 390);
    await openSellPage(page, single);
    await page.getByTestId('sell-tab-auction').waitFor();
    expect(await page.getByTestId('sell-tab-auction').isDisabled()).toBe(false);
    expect(await page.getByTestId('sell-quantity').count()).toBe(0);
    await page.getByTestId('sell-symbol').selectOption('KLAY');
    await page.getByTestId('sell-price').fill('0.99');
    await page.getByTestId('sell-submit').click();
    expect(await page.getByTestId('sell-price-error').textContent()).toBe(t.priceTooLow);
    expect(await page.getByTestId('sell-period-error').textContent()).toBe(t.periodRequired);
    await shots(page, 'validation', 'en');

    // 3 KLAY until a day picked in the end-date picker (a week from now).
    await page.getByTestId('sell-price').fill('3');
    await page.getByTestId('sell-period').click();
    await page.getByTestId('sell-period-popup').waitFor();
    const week = new Date(Date.now() + 7 * 24 * 3600 * 1000);
    const day = `${week.getFullYear()}-${String(week.getMonth() + 1).padStart(2, '0')}-${String(week.getDate()).padStart(2, '0')}`;
    await page.getByTestId('sell-end-day').fill(day);
    await shots(page, 'calendar', 'en', 'dialog');
    await page.getByTestId('sell-period-apply').click();
    await page.getByTestId('sell-period-popup').waitFor({ state: 'detached' });
    await shots(page, 'form', 'en');

    // The first journey approved the Market: no approval step this time.
    const approved = await isApproved(artist);
    const releaseSale = await holdApi(page, '/nft/all/sale');
    await page.getByTestId('sell-submit').click();
    await stepState(page, 'register', 'active');
    expect(await page.getByTestId('sell-step-approve').count()).toBe(approved ? 0 : 1);
    expect(await page.getByTestId('sell-step-sign').getAttribute('data-state')).toBe('done');
    await shots(page, 'step-register', 'en', 'dialog');
    await releaseSale();
    await page.waitForURL((u) => u.pathname === `/NftInfo/${single}`);
    expect(await page.getByTestId('ok-popup').textContent()).toContain(t.success);
    await page.getByTestId('ok-popup-confirm').click();
    const [row] = await listingsOf(single);
    expect(row).toMatchObject({
      sellerAddress: artist,
      remainCount: 1,
      priceAmount: parseEther('3').toString(),
      priceSymbol: 'KLAY',
    });

    // Cancel from the sell page: nothing free, the listing with its cancel.
    await openSellPage(page, single);
    await page.getByTestId('sell-no-free').waitFor();
    await page.locator('[data-testid="sell-listings"][data-count="1"]').waitFor();
    await shots(page, 'listed', 'en');
    const fromBlock = await chain().getBlockNumber();
    await page.getByTestId('sell-cancel').click();
    await page.getByTestId('confirm-popup').waitFor();
    await shots(page, 'cancel-confirm', 'en', 'dialog');
    await page.getByTestId('confirm-popup-confirm').click();
    await page.locator('[data-testid="chain-cancel-popup"] [data-trade-state="idle"]').first().waitFor();
    expect(await listingsOf(single)).toHaveLength(0);
    await shots(page, 'cancel-withdrawn', 'en', 'dialog');
    await page.getByTestId('chain-cancel-submit').click();
    await page.locator('[data-testid="chain-cancel-popup"] [data-trade-state="indexed"]').first().waitFor();
    await shots(page, 'cancel-onchain', 'en', 'dialog');
    const logs = await chain().getContractEvents({
      address: ctx.stack.deployment.market,
      abi: marketAbi,
      eventName: 'ListingCancelled',
      fromBlock,
    });
    expect(logs.map((l) => (l.args as { seller?: string }).seller?.toLowerCase())).toEqual([artist]);

    // The item is free again: the form is back, and the listing list is empty.
    await page.getByTestId('chain-cancel-later').click();
    await page.getByTestId('sell-form').waitFor();
    await page.getByTestId('sell-listings-empty').waitFor();
    await context.close();
  });
});
