/**
 * The sell page (issue 10 item 2) in Chromium against the real stack, with an injected test wallet on anvil:
 * - ko: member A (demo_artist) sees every validation message, then lists 4 pieces of a multi-edition item at a
 *   fixed price in ATT through the page: approval (setApprovalForAll), the signed Listing, the server; the
 *   listing is live in the API, the Market is approved on chain, and the sell page shows the rest free.
 * - en: A lists a single item in KLAY (the approval is already granted, so that step is skipped), then cancels
 *   it from the sell page: withdrawn at once, then the on-chain `cancelListing` of the signed listing.
 * Each step is held (the wallet call, the server call) long enough for a screenshot at 1440 and 390 px.
 */
import { ANVIL_KEYS, itemsAbi, marketAbi } from '@att/contracts';
import { DEV_CHAIN_ID } from '@att/shared';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { createPublicClient, http, parseEther, type Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { artifactsDir, snap } from '../src/browser';
import { connectInjected, loginState, useStackAndBrowser } from '../src/harness';
import { TestWallet } from '../src/wallet';

const ctx = useStackAndBrowser();
const API = '/attnftmarket/api/v1';

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

async function api<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${ctx.stack.url}${API}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as T;
}

/** A collection of demo_artist with a 10-piece item and a single item, as the publish flow leaves them. */
async function arrange(): Promise<{ multi: number; single: number; artist: Address }> {
  const db = ctx.stack.db;
  const artist = await db.selectFrom('members').select(['member_idx', 'address']).where('user_name', '=', 'demo_artist').executeTakeFirstOrThrow();
  const address = artist.address.toLowerCase();
  const c = await db
    .insertInto('collections')
    .values({ member_idx: artist.member_idx, name: 'E2E 판매 컬렉션', royalty_bps: 500, logo_file: 'e2e-logo.png' })
    .returning('collection_idx')
    .executeTakeFirstOrThrow();
  const item = async (name: string, supply: number) => {
    const { item_idx: itemIdx } = await db
      .insertInto('items')
      .values({
        // The token id holds the creator's address in its high 160 bits and the item index below (set next).
        token_id: ((BigInt(address) << 96n) | BigInt(900_000_000 + supply)).toString(),
        collection_idx: c.collection_idx,
        creator_idx: artist.member_idx,
        name,
        category_idx: 1,
        resource_type: 1,
        file_format: 'png',
        file_name: `e2e-sell-${supply}.png`,
        total_supply: supply,
        royalty_bps: 500,
      })
      .returning('item_idx')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('items')
      .set({ token_id: ((BigInt(address) << 96n) | BigInt(itemIdx)).toString() })
      .where('item_idx', '=', itemIdx)
      .execute();
    await db.insertInto('inventory').values({ item_idx: itemIdx, holder_address: address, amount: supply }).execute();
    return itemIdx;
  };
  return { multi: await item('E2E 에디션 작품', 10), single: await item('E2E Single Piece', 1), artist: address as Address };
}

let arranged: Promise<Awaited<ReturnType<typeof arrange>>> | undefined;
const items = () => (arranged ??= arrange());

async function signedIn(lang: 'ko' | 'en', width: number): Promise<{ context: BrowserContext; page: Page; wallet: TestWallet }> {
  const context = await ctx.browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript((l) => localStorage.setItem('att.lang', l), lang);
  const page = await context.newPage();
  // Key #8 is the seeded, verified demo_artist.
  const wallet = new TestWallet(page, { privateKey: ANVIL_KEYS[7]!, rpcUrl: ctx.stack.rpcUrl, chainId: DEV_CHAIN_ID });
  await wallet.install();
  await page.goto(ctx.stack.url);
  await connectInjected(page);
  await loginState(page, 'loggedIn');
  const panel = page.getByTestId('wallet-panel');
  if (await panel.waitFor({ timeout: 5_000 }).then(() => true, () => false)) {
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
  }
  return { context, page, wallet };
}

/**
 * Screenshots of the current state at 1440 and 390 px (the viewport is restored after): the whole page from its
 * top, or, while a dialog is open, the screen as the member sees it.
 */
async function shots(page: Page, name: string, lang: string, view: 'page' | 'dialog' = 'page') {
  const size = page.viewportSize()!;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const file = `trading-sell-${name}-${width}-${lang}`;
    if (view === 'dialog') {
      mkdirSync(artifactsDir, { recursive: true });
      await page.screenshot({ path: path.join(artifactsDir, `${file}.png`), animations: 'disabled' });
    } else {
      await page.evaluate(() => window.scrollTo(0, 0));
      await snap(page, file);
    }
  }
  await page.setViewportSize(size);
}

/**
 * Holds the test wallet's `method` calls until released (to photograph a step while it runs); after the release
 * they pass straight through. Holds stack: each wraps the wallet's dispatch as it finds it.
 */
function holdWallet(wallet: TestWallet, method: string): () => void {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const w = wallet as unknown as { dispatch(m: string, p: unknown[]): Promise<unknown> };
  const inner = w.dispatch.bind(wallet);
  w.dispatch = async (m, p) => {
    if (m === method) await gate;
    return inner(m, p);
  };
  return release;
}

/** Holds the page's next call to `path` until released. */
async function holdApi(page: Page, path: string): Promise<() => Promise<void>> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const pattern = `**${API}${path}`;
  await page.route(pattern, async (route) => {
    await gate;
    await route.fallback();
  });
  return async () => {
    release();
    await page.unroute(pattern);
  };
}

const stepState = (page: Page, step: string, state: string) =>
  page.waitForFunction(
    ([s, st]) => document.querySelector(`[data-testid="sell-step-${s}"]`)?.getAttribute('data-state') === st,
    [step, state] as const,
  );

async function openSellPage(page: Page, productId: number) {
  await page.goto(`${ctx.stack.url}/NftSell/${productId}`);
  await loginState(page, 'loggedIn');
  await page.locator('[data-testid="sell-page"][data-state="ready"]').waitFor();
}

const chain = () => createPublicClient({ transport: http(ctx.stack.rpcUrl) });

const isApproved = (owner: Address) =>
  chain().readContract({ address: ctx.stack.deployment.items, abi: itemsAbi, functionName: 'isApprovedForAll', args: [owner, ctx.stack.deployment.market] });

interface ListingRow {
  instanceId: number;
  sellerAddress: string;
  remainCount: number;
  priceAmount: string;
  priceSymbol: string;
}
const listingsOf = async (productId: number) => (await api<{ list?: ListingRow[] }>('/nft/instance/list/item', { productId })).list ?? [];

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
    await page.waitForFunction(() => /\$0\.\d|\$[1-9]/.test(document.querySelector('[data-testid="sell-usd"]')?.textContent ?? ''));
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
    expect(rows[0]).toMatchObject({ sellerAddress: artist, remainCount: 4, priceAmount: parseEther('2.5').toString(), priceSymbol: 'ATT' });
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
    expect(await page.getByTestId('sell-tab-auction').isDisabled()).toBe(true);
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
    expect(row).toMatchObject({ sellerAddress: artist, remainCount: 1, priceAmount: parseEther('3').toString(), priceSymbol: 'KLAY' });

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
    const logs = await chain().getContractEvents({ address: ctx.stack.deployment.market, abi: marketAbi, eventName: 'ListingCancelled', fromBlock });
    expect(logs.map((l) => (l.args as { seller?: string }).seller?.toLowerCase())).toEqual([artist]);

    // The item is free again: the form is back, and the listing list is empty.
    await page.getByTestId('chain-cancel-later').click();
    await page.getByTestId('sell-form').waitFor();
    await page.getByTestId('sell-listings-empty').waitFor();
    await context.close();
  });
});
