/**
 * Issue 10, buy and transfer, in Chromium against the real stack (anvil, contracts, indexer), in Korean (1440 px)
 * and English (390 px), with three injected test wallets (the demo members on anvil accounts 7, 8, 9):
 * - seller A publishes a multi-edition item and lists 5 unminted pieces at 3 ATT through the API (the listing
 *   signed in node with viem, as the sell page's wallet would);
 * - B buys 2 pieces in the buy popup: quantity, agree box, ATT approval, confirm in the wallet, on chain, done with
 *   the explorer link; the sales list, both profiles and the chain (pieces, ATT paid and received) agree;
 * - A transfers an unminted single item to C (the server's permit, `transferWithMint`; '잘못된 주소입니다' first),
 *   and C sends it on to B with the wallet's own `safeTransferFrom(..., 0x00)`; after each step the pages, profiles
 *   and the chain agree;
 * - A withdraws the rest of the listing from the sales list and cancels the signed listing on chain too.
 * The wallet is held open at each wallet step, so the popup is looked at (and screenshot) in every step.
 */
import { ANVIL_KEYS, attAbi, GAS_LIMITS, itemsAbi, marketAbi, marketDomain, signMarket, type Listing } from '@att/contracts';
import { API_BASE, HistoryEvent, uploadUrl } from '@att/shared';
import type { BrowserContext, Page } from 'playwright-core';
import path from 'node:path';
import sharp from 'sharp';
import { createPublicClient, createWalletClient, decodeFunctionData, getAddress, type Hex, http, type PublicClient, zeroAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, snap } from '../src/browser';
import { connectInjected, loginState, useStackAndBrowser } from '../src/harness';
import { TestWallet } from '../src/wallet';

// The local chain has no explorer: name one so the done step links its transaction (set before the stack starts).
beforeAll(() => {
  process.env.CHAIN_EXPLORER_URL = 'https://kairos.kaiascan.io';
});
const ctx = useStackAndBrowser();
afterAll(() => {
  delete process.env.CHAIN_EXPLORER_URL;
});
const TOKEN = 10n ** 18n;
const FEE_BPS = 250n;

const MEMBERS = {
  A: { key: ANVIL_KEYS[7] as Hex, name: 'demo_artist' },
  B: { key: ANVIL_KEYS[8] as Hex, name: 'demo_collector' },
  C: { key: ANVIL_KEYS[9] as Hex, name: 'demo_seller' },
} as const;
type Who = keyof typeof MEMBERS;
const addressOf = (w: Who) => privateKeyToAccount(MEMBERS[w].key).address;

const TEXTS = {
  ko: { invalidAddress: '잘못된 주소입니다', buyDone: '구매가 완료되었습니다.', sent: '아이템을 보냈습니다.', noAgree: '동의 항목에 체크해 주세요.' },
  en: { invalidAddress: 'Invalid address', buyDone: 'Purchase complete.', sent: 'The item was sent.', noAgree: 'Please tick the agreement box.' },
} as const;

/** A screenshot of what the member sees (the viewport: a popup over the page, or a phone's bottom sheet). */
async function view(page: Page, name: string) {
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), animations: 'disabled' });
}

interface Auth {
  id: string;
  ticketId: string;
}

async function api<T = { returnCode: number }>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${ctx.stack.url}${API_BASE}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as T;
}

/** Signs a member in from node (SIWE, the same messages the web builds). */
async function nodeSignIn(w: Who): Promise<Auth> {
  const account = privateKeyToAccount(MEMBERS[w].key);
  const nonce = await api<{ returnCode: number; data: { nonce: string; domain: string; uri: string; chainId: number; statement: string; issuedAt: string; expirationTime: string } }>(
    '/ticket/nonce',
    { address: account.address.toLowerCase() },
  );
  expect(nonce.returnCode).toBe(0);
  const p = nonce.data;
  const message = createSiweMessage({
    address: getAddress(account.address),
    chainId: p.chainId,
    domain: p.domain,
    uri: p.uri,
    nonce: p.nonce,
    statement: p.statement,
    version: '1',
    issuedAt: new Date(p.issuedAt),
    expirationTime: new Date(p.expirationTime),
  });
  const signature = await account.signMessage({ message });
  const r = await api<{ returnCode: number; data: { id: string; ticketId: string } }>('/ticket/request', { authType: 2, address: account.address.toLowerCase(), message, signature });
  expect(r.returnCode).toBe(0);
  return { id: r.data.id, ticketId: r.data.ticketId };
}

async function uploadPng(auth: Auth, kind: 'logo' | 'resource', rgb: [number, number, number]): Promise<string> {
  const png = await sharp({ create: { width: 320, height: 320, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } }).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'art.png');
  const res = await fetch(`${ctx.stack.url}${uploadUrl(kind, auth.id)}`, { method: 'POST', headers: { authorization: `Bearer ${auth.ticketId}` }, body: form });
  const body = (await res.json()) as { returnCode: number; data?: { fileName: string } };
  expect(body.returnCode).toBe(0);
  return body.data!.fileName;
}

let serial = 0;
/** A's collection (royalty 5 %) and an item of `supply` unminted pieces. */
async function publish(auth: Auth, supply: number, lang: string): Promise<{ productId: number; tokenId: string }> {
  serial++;
  const logoFileName = await uploadPng(auth, 'logo', [40, 60, 200]);
  const col = await api<{ returnCode: number; data: { collectionIdx: number } }>('/nft/collection/register', {
    ...auth,
    collectionName: `Trade ${lang} ${serial} ${Date.now() % 100000}`,
    collectionDesc: 'E2E trading',
    royalty: 5,
    logoFileName,
  });
  expect(col.returnCode).toBe(0);
  const fileName = await uploadPng(auth, 'resource', [200, 40 + serial * 30, 90]);
  const r = await api<{ returnCode: number; data: { productId: number; tokenId: string } }>('/nft/register', {
    ...auth,
    fileName,
    category: 1,
    productName: `${supply > 1 ? 'Edition' : 'Single'} ${lang} ${serial}`,
    productDesc: 'A piece for the trading journey.',
    totalSupply: supply,
    flagFreezeMetadata: 0,
    isExistUnlockedContent: 0,
    unlockedContent: '',
    collectionIdx: col.data.collectionIdx,
  });
  expect(r.returnCode).toBe(0);
  return r.data;
}

function chain(): PublicClient {
  return createPublicClient({ transport: http(ctx.stack.rpcUrl), cacheTime: 0 }) as PublicClient;
}

/** A lists unminted pieces (lazy: the edition and royalty signed) at `price` per piece; returns the instance id. */
async function listLazily(auth: Auth, item: { productId: number; tokenId: string }, o: { quantity: number; price: bigint; supply: number; symbol: 'ATT' | 'KLAY' }) {
  const d = ctx.stack.deployment;
  const seller = addressOf('A');
  const now = BigInt(Math.floor(Date.now() / 1000));
  const block = BigInt((await chain().getBlock()).timestamp);
  const counter = await chain().readContract({ address: d.market, abi: marketAbi, functionName: 'counterOf', args: [seller] });
  const listing: Listing = {
    seller,
    collection: d.items,
    itemId: BigInt(item.tokenId),
    token: o.symbol === 'ATT' ? d.att : zeroAddress,
    pricePerOne: o.price,
    amount: BigInt(o.quantity),
    editionSize: BigInt(o.supply),
    royaltyBps: 500n,
    feeBps: FEE_BPS,
    expiry: (block > now ? block : now) + 86_400n,
    salt: BigInt(Math.floor(Math.random() * 2 ** 48)),
    counter,
  };
  const signature = await signMarket(MEMBERS.A.key, marketDomain(d.chainId, d.market), 'Listing', listing);
  const r = await api<{ returnCode: number; data: { instanceId: number } }>('/nft/all/sale', {
    ...auth,
    productId: item.productId,
    saleQuantity: o.quantity,
    saleType: 1,
    saleSymbol: o.symbol,
    salePrice: o.price.toString(),
    expireMinute: 1440,
    listing: {
      expiry: listing.expiry.toString(),
      salt: listing.salt.toString(),
      counter: counter.toString(),
      feeBps: Number(FEE_BPS),
      editionSize: o.supply,
      royaltyBps: 500,
    },
    signature,
  });
  expect(r.returnCode).toBe(0);
  return r.data.instanceId;
}

const pieces = (w: Who, tokenId: string) =>
  chain().readContract({ address: ctx.stack.deployment.items, abi: itemsAbi, functionName: 'balanceOf', args: [addressOf(w), BigInt(tokenId)] });
const att = (w: Who) => chain().readContract({ address: ctx.stack.deployment.att, abi: attAbi, functionName: 'balanceOf', args: [addressOf(w)] });

/** B starts every journey without an ATT allowance for the Market (so the popup's approve step runs). */
async function revokeAllowance(w: Who) {
  const wallet = createWalletClient({ account: privateKeyToAccount(MEMBERS[w].key), transport: http(ctx.stack.rpcUrl) });
  const d = ctx.stack.deployment;
  const hash = await wallet.writeContract({ chain: null, address: d.att, abi: attAbi, functionName: 'approve', args: [d.market, 0n] });
  expect((await chain().waitForTransactionReceipt({ hash })).status).toBe('success');
}

interface Member {
  context: BrowserContext;
  page: Page;
  wallet: TestWallet;
}

/** A browser of member `w` with the injected test wallet, signed in. */
async function open(w: Who, lang: 'ko' | 'en', width: number): Promise<Member> {
  const context = await ctx.browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript((l) => localStorage.setItem('att.lang', l), lang);
  const page = await context.newPage();
  const wallet = new TestWallet(page, { privateKey: MEMBERS[w].key, rpcUrl: ctx.stack.rpcUrl, chainId: ctx.stack.deployment.chainId });
  await wallet.install();
  await page.goto(ctx.stack.url);
  await connectInjected(page);
  await loginState(page, 'loggedIn', 30_000);
  const panel = page.getByTestId('wallet-panel');
  if (await panel.waitFor({ timeout: 5_000 }).then(() => true, () => false)) {
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
  }
  return { context, page, wallet };
}

async function goto(m: Member, path: string) {
  await loginState(m.page, 'loggedIn', 30_000);
  await m.page.goto(`${ctx.stack.url}${path}`);
  await loginState(m.page, 'loggedIn', 30_000);
}

/** Waits until the popup's trade machine is in `state`. */
async function tradeState(page: Page, popup: string, state: string, timeout = 60_000) {
  await page.waitForFunction(
    ([p, s]) => document.querySelector(`[data-testid="${p}"] .trade-popup`)?.getAttribute('data-trade-state') === s,
    [popup, state] as const,
    { timeout },
  );
}

/** Waits until a profile's item grid holds (or no longer holds) the item. */
async function profileHolds(m: Member, name: string, productId: number, holds: boolean) {
  await goto(m, `/Profile/${name}`);
  await m.page.getByTestId('profile-page').waitFor({ timeout: 30_000 });
  await m.page.waitForFunction(
    ([id, want]) => {
      const grid = document.querySelector('[data-testid="browse-grid"], [data-testid="browse-empty"]');
      if (!grid) return false;
      return Boolean(document.querySelector(`[data-testid="item-card-${id}"]`)) === want;
    },
    [productId, holds] as const,
    { timeout: 30_000 },
  );
}

/** Waits until the transaction feed lists an event of `type` for the item. */
async function feedShows(m: Member, type: number, productId: number) {
  await goto(m, '/Transactional');
  await m.page.waitForFunction(
    ([t, id]) =>
      [...document.querySelectorAll(`[data-testid="history-row"][data-type="${t}"]`)].some((r) => r.querySelector(`a[href="/NftInfo/${id}"]`)),
    [type, productId] as const,
    { timeout: 30_000 },
  );
}

const journeys = [
  { lang: 'ko' as const, width: 1440 },
  { lang: 'en' as const, width: 390 },
];

describe.each(journeys)('buy and transfer ($lang, $width px)', ({ lang, width }) => {
  it('B buys 2 pieces in ATT; A sends an unminted item to C (transferWithMint), C sends it on (safeTransferFrom); A withdraws the rest of the listing and cancels it on chain', async () => {
    const tag = `trade-${lang}-${width}`;
    const aAuth = await nodeSignIn('A');
    const multi = await publish(aAuth, 10, lang);
    const single = await publish(aAuth, 1, lang);
    const instanceId = await listLazily(aAuth, multi, { quantity: 5, price: 3n * TOKEN, supply: 10, symbol: 'ATT' });
    await revokeAllowance('B');

    const b = await open('B', lang, width);
    const a = await open('A', lang, width);
    const c = await open('C', lang, width);
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
      await b.page.waitForFunction((id) => document.querySelector(`[data-testid="sale-row-${id}"]`)?.getAttribute('data-remain') === '3', instanceId, { timeout: 30_000 });
      expect(await pieces('B', multi.tokenId)).toBe(2n);
      expect(await pieces('A', multi.tokenId)).toBe(0n);
      expect(attB0 - (await att('B'))).toBe(6n * TOKEN);
      expect((await att('A')) - attA0).toBe(6n * TOKEN - (6n * TOKEN * FEE_BPS) / 10_000n);
      const detailB = await api<{ data: { itemCountMine: number; ownerCount: number } }>('/nft/detail', { ...(await session(b.page)), productId: multi.productId });
      expect(detailB.data).toMatchObject({ itemCountMine: 2, ownerCount: 2 });
      await profileHolds(b, MEMBERS.B.name, multi.productId, true);
      await profileHolds(b, MEMBERS.A.name, multi.productId, true);
      await snap(b.page, `${tag}-profile-A-after-buy`);
      // The transaction feed shows the lazy-mint sale of the item.
      await feedShows(b, HistoryEvent.LazyMintSale, multi.productId);
      await snap(b.page, `${tag}-feed-after-buy`);

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
      expect(call.args).toEqual([getAddress(addressOf('C')), getAddress(addressOf('B')), BigInt(single.tokenId), 1n, '0x00']);
      await c.page.getByTestId('trade-close').click();
      expect(await pieces('B', single.tokenId)).toBe(1n);
      expect(await pieces('C', single.tokenId)).toBe(0n);
      await profileHolds(c, MEMBERS.C.name, single.productId, false);
      await profileHolds(c, MEMBERS.B.name, single.productId, true);
      await snap(c.page, `${tag}-profile-B-after-transfers`);
      // The transaction feed shows the transfers of the single item.
      await feedShows(c, HistoryEvent.Transfer, single.productId);

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
      await Promise.all([a.context.close(), b.context.close(), c.context.close()]);
    }
  }, 420_000);
});

async function session(page: Page): Promise<Auth> {
  const raw = await page.evaluate(() => localStorage.getItem('att.session'));
  const s = JSON.parse(raw ?? '{}') as { id?: string; ticket?: string };
  return { id: s.id!, ticketId: s.ticket! };
}
