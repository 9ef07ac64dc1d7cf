/**
 * What the buy and transfer journeys (trading-buy.spec.ts, trading-transfer.spec.ts) share: the three demo members
 * on anvil accounts 7-9 with the injected test wallet, signing in from node, publishing and listing through the API
 * (the listing signed in node as the sell page's wallet would), buying from node (the buy popup's two steps), what
 * the chain holds, and the page waits.
 */
import {
  ANVIL_KEYS,
  attAbi,
  buyNftCall,
  itemsAbi,
  listingFromWire,
  marketAbi,
  marketDomain,
  reservationFromWire,
  signMarket,
  type Listing,
} from '@att/contracts';
import { API_BASE, uploadUrl, type SiweParams } from '@att/shared';
import { signInMessage } from '@att/shared/api/sign-in-message';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import {
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  type Hex,
  http,
  type PublicClient,
  zeroAddress,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import { artifactsDir } from './browser';
import { closeWalletDrawer, connectInjected, loginState, type TestStack } from './harness';
import { TestWallet } from './wallet';

export const TOKEN = 10n ** 18n;
export const FEE_BPS = 250n;

export const MEMBERS = {
  A: { key: ANVIL_KEYS[7] as Hex, name: 'demo_artist' },
  B: { key: ANVIL_KEYS[8] as Hex, name: 'demo_collector' },
  C: { key: ANVIL_KEYS[9] as Hex, name: 'demo_seller' },
} as const;
export type Who = keyof typeof MEMBERS;
export const addressOf = (w: Who) => privateKeyToAccount(MEMBERS[w].key).address;

export interface Auth {
  id: string;
  ticketId: string;
}

export interface Member {
  context: BrowserContext;
  page: Page;
  wallet: TestWallet;
}

/** A screenshot of what the member sees (the viewport: a popup over the page, or a phone's bottom sheet). */
export async function view(page: Page, name: string) {
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), animations: 'disabled' });
}

/** The page's session as the API takes it. */
export async function session(page: Page): Promise<Auth> {
  const raw = await page.evaluate(() => localStorage.getItem('att.session'));
  const s = JSON.parse(raw ?? '{}') as { id?: string; ticket?: string };
  return { id: s.id!, ticketId: s.ticket! };
}

/**
 * Waits until the popup's trade machine is in `state`. A timeout says which state the machine stayed in and what
 * the popup showed (a failure names its cause, not only the state it never reached).
 */
export async function tradeState(page: Page, popup: string, state: string, timeout = 60_000) {
  try {
    await page.waitForFunction(
      ([p, s]) => document.querySelector(`[data-testid="${p}"] .trade-popup`)?.getAttribute('data-trade-state') === s,
      [popup, state] as const,
      { timeout },
    );
  } catch (err) {
    const seen = await page
      .evaluate((p) => {
        const el = document.querySelector(`[data-testid="${p}"]`);
        return {
          state: el?.querySelector('.trade-popup')?.getAttribute('data-trade-state') ?? null,
          text: el?.textContent?.replace(/\s+/g, ' ').slice(0, 300) ?? null,
        };
      }, popup)
      .catch(() => undefined);
    throw new Error(
      `${popup} never reached "${state}" in ${timeout} ms: state ${JSON.stringify(seen?.state)}, popup text ${JSON.stringify(seen?.text)}`,
      { cause: err },
    );
  }
}

/** The helpers of `ctx` (read at call time: the stack starts in the spec's beforeAll). */
export function tradeJourney(ctx: { stack: TestStack; browser: Browser }) {
  async function api<T = { returnCode: number }>(path: string, body: unknown): Promise<T> {
    const res = await fetch(`${ctx.stack.url}${API_BASE}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as T;
  }

  /** Signs a member in from node (SIWE, the same messages the web builds). */
  async function nodeSignIn(w: Who): Promise<Auth> {
    const account = privateKeyToAccount(MEMBERS[w].key);
    const nonce = await api<{ returnCode: number; data: SiweParams }>('/ticket/nonce', {
      address: account.address.toLowerCase(),
    });
    expect(nonce.returnCode).toBe(0);
    const message = signInMessage(account.address, nonce.data);
    const signature = await account.signMessage({ message });
    const r = await api<{ returnCode: number; data: { id: string; ticketId: string } }>('/ticket/request', {
      authType: 2,
      address: account.address.toLowerCase(),
      message,
      signature,
    });
    expect(r.returnCode).toBe(0);
    return { id: r.data.id, ticketId: r.data.ticketId };
  }

  async function uploadPng(auth: Auth, kind: 'logo' | 'resource', rgb: [number, number, number]): Promise<string> {
    const png = await sharp({
      create: { width: 320, height: 320, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'art.png');
    const res = await fetch(`${ctx.stack.url}${uploadUrl(kind, auth.id)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${auth.ticketId}` },
      body: form,
    });
    const body = (await res.json()) as { returnCode: number; data?: { fileName: string } };
    expect(body.returnCode).toBe(0);
    return body.data!.fileName;
  }

  let serial = 0;
  /** A's item of `supply` unminted pieces, in a new collection (royalty 5 %) or in A's collection `collectionIdx`. */
  async function publish(
    auth: Auth,
    supply: number,
    lang: string,
    collectionIdx?: number,
  ): Promise<{ productId: number; tokenId: string; collectionIdx: number }> {
    serial++;
    let inCollection = collectionIdx;
    if (inCollection === undefined) {
      const logoFileName = await uploadPng(auth, 'logo', [40, 60, 200]);
      const col = await api<{ returnCode: number; data: { collectionIdx: number } }>('/nft/collection/register', {
        ...auth,
        collectionName: `Trade ${lang} ${serial} ${Date.now() % 100000}`,
        collectionDesc: 'E2E trading',
        royalty: 5,
        logoFileName,
      });
      expect(col.returnCode).toBe(0);
      inCollection = col.data.collectionIdx;
    }
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
      collectionIdx: inCollection,
    });
    expect(r.returnCode).toBe(0);
    return { ...r.data, collectionIdx: inCollection };
  }

  function chain(): PublicClient {
    return createPublicClient({ transport: http(ctx.stack.rpcUrl), cacheTime: 0 }) as PublicClient;
  }

  /** A lists unminted pieces (lazy: the edition and royalty signed) at `price` per piece; returns the instance id. */
  async function listLazily(
    auth: Auth,
    item: { productId: number; tokenId: string },
    o: { quantity: number; price: bigint; supply: number; symbol: 'ATT' | 'KLAY'; seller?: Who },
  ) {
    const d = ctx.stack.deployment;
    const by = o.seller ?? 'A';
    const seller = addressOf(by);
    const now = BigInt(Math.floor(Date.now() / 1000));
    const block = BigInt((await chain().getBlock()).timestamp);
    const counter = await chain().readContract({
      address: d.market,
      abi: marketAbi,
      functionName: 'counterOf',
      args: [seller],
    });
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
    const signature = await signMarket(MEMBERS[by].key, marketDomain(d.chainId, d.market), 'Listing', listing);
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

  /** `w` buys as the buy popup's wallet would: a reservation through the API, then `buyNft` on chain (mined). */
  async function buyFromNode(w: Who, auth: Auth, instanceId: number, quantity: number) {
    type Wire = {
      listing: Parameters<typeof listingFromWire>[0];
      sellerSignature: Hex;
      reservation: Parameters<typeof reservationFromWire>[0];
      signResult: Hex;
    };
    const r = await api<{ returnCode: number; data: Wire }>('/nft/instance/purchase', {
      ...auth,
      instanceId,
      quantity,
    });
    expect(r.returnCode).toBe(0);
    const wallet = createWalletClient({
      account: privateKeyToAccount(MEMBERS[w].key),
      transport: http(ctx.stack.rpcUrl),
    });
    const { listing, sellerSignature, reservation, signResult } = r.data;
    const call = buyNftCall(ctx.stack.deployment.market, {
      listing: listingFromWire(listing),
      sellerSignature,
      reservation: reservationFromWire(reservation),
      validatorSignature: signResult,
    });
    const hash = await wallet.writeContract({ chain: null, ...call });
    expect((await chain().waitForTransactionReceipt({ hash })).status).toBe('success');
  }

  const pieces = (w: Who, tokenId: string) =>
    chain().readContract({
      address: ctx.stack.deployment.items,
      abi: itemsAbi,
      functionName: 'balanceOf',
      args: [addressOf(w), BigInt(tokenId)],
    });
  const att = (w: Who) =>
    chain().readContract({
      address: ctx.stack.deployment.att,
      abi: attAbi,
      functionName: 'balanceOf',
      args: [addressOf(w)],
    });

  /** B starts every journey without an ATT allowance for the Market (so the popup's approve step runs). */
  async function revokeAllowance(w: Who) {
    const wallet = createWalletClient({
      account: privateKeyToAccount(MEMBERS[w].key),
      transport: http(ctx.stack.rpcUrl),
    });
    const d = ctx.stack.deployment;
    const hash = await wallet.writeContract({
      chain: null,
      address: d.att,
      abi: attAbi,
      functionName: 'approve',
      args: [d.market, 0n],
    });
    expect((await chain().waitForTransactionReceipt({ hash })).status).toBe('success');
  }

  /** A browser of member `w` with the injected test wallet, signed in. */
  async function open(w: Who, lang: 'ko' | 'en', width: number): Promise<Member> {
    const context = await ctx.browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript((l) => localStorage.setItem('att.lang', l), lang);
    const page = await context.newPage();
    const wallet = new TestWallet(page, {
      privateKey: MEMBERS[w].key,
      rpcUrl: ctx.stack.rpcUrl,
      chainId: ctx.stack.deployment.chainId,
    });
    await wallet.install();
    await page.goto(ctx.stack.url);
    await connectInjected(page);
    await loginState(page, 'loggedIn', 30_000);
    await closeWalletDrawer(page);
    return { context, page, wallet };
  }

  async function goto(m: Member, path: string) {
    await loginState(m.page, 'loggedIn', 30_000);
    await m.page.goto(`${ctx.stack.url}${path}`);
    await loginState(m.page, 'loggedIn', 30_000);
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
        [...document.querySelectorAll(`[data-testid="history-row"][data-type="${t}"]`)].some((r) =>
          r.querySelector(`a[href="/NftInfo/${id}"]`),
        ),
      [type, productId] as const,
      { timeout: 30_000 },
    );
  }

  return {
    api,
    nodeSignIn,
    publish,
    listLazily,
    buyFromNode,
    chain,
    pieces,
    att,
    revokeAllowance,
    open,
    goto,
    profileHolds,
    feedShows,
  };
}

/** What a test wallet was asked to send, as [contract, function (`other` when not of `abi`), gas]. */
export function walletCalls(sent: { to?: string; data?: Hex; gas?: string }[], abi: typeof marketAbi | typeof attAbi) {
  return sent.map((t) => {
    let fn = '?';
    try {
      fn = decodeFunctionData({ abi, data: t.data! }).functionName;
    } catch {
      fn = 'other';
    }
    return [t.to?.toLowerCase(), fn, BigInt(t.gas ?? '0x0')];
  });
}
