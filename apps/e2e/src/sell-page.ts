/**
 * What the sell-page journeys (trading-sell.spec.ts) share: demo_artist's items arranged in the database as the
 * publish flow leaves them, demo_artist's page with the injected test wallet, screenshots at both widths, the
 * sell page's step states, and what the chain and the API say about approvals and listings.
 */
import { ANVIL_KEYS, itemsAbi } from '@att/contracts';
import { DEV_CHAIN_ID } from '@att/shared';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createPublicClient, http, type Address } from 'viem';
import { artifactsDir, snap } from './browser';
import { closeWalletDrawer, connectInjected, loginState, type TestStack } from './harness';
import { stackApi } from './stack-api';
import { TestWallet } from './wallet';

export interface ListingRow {
  instanceId: number;
  sellerAddress: string;
  remainCount: number;
  priceAmount: string;
  priceSymbol: string;
}

/** The helpers of `ctx` (read at call time: the stack starts in the spec's beforeAll). */
export function sellJourney(ctx: { stack: TestStack; browser: Browser }) {
  const { post } = stackApi(ctx);
  /** A collection of demo_artist with a 10-piece item and a single item, as the publish flow leaves them. */
  async function arrange(): Promise<{ multi: number; single: number; artist: Address }> {
    const db = ctx.stack.db;
    const artist = await db
      .selectFrom('members')
      .select(['member_idx', 'address'])
      .where('user_name', '=', 'demo_artist')
      .executeTakeFirstOrThrow();
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
    return {
      multi: await item('E2E 에디션 작품', 10),
      single: await item('E2E Single Piece', 1),
      artist: address as Address,
    };
  }

  let arranged: Promise<Awaited<ReturnType<typeof arrange>>> | undefined;
  const items = () => (arranged ??= arrange());

  async function signedIn(
    lang: 'ko' | 'en',
    width: number,
  ): Promise<{ context: BrowserContext; page: Page; wallet: TestWallet }> {
    const context = await ctx.browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript((l) => localStorage.setItem('att.lang', l), lang);
    const page = await context.newPage();
    // Key #8 is the seeded, verified demo_artist.
    const wallet = new TestWallet(page, {
      privateKey: ANVIL_KEYS[7]!,
      rpcUrl: ctx.stack.rpcUrl,
      chainId: DEV_CHAIN_ID,
    });
    await wallet.install();
    await page.goto(ctx.stack.url);
    await connectInjected(page);
    await loginState(page, 'loggedIn');
    await closeWalletDrawer(page);
    return { context, page, wallet };
  }

  /**

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
    chain().readContract({
      address: ctx.stack.deployment.items,
      abi: itemsAbi,
      functionName: 'isApprovedForAll',
      args: [owner, ctx.stack.deployment.market],
    });

  const listingsOf = async (productId: number) =>
    (await post<{ list?: ListingRow[] }>('/nft/instance/list/item', { productId })).list ?? [];

  return { items, signedIn, shots, stepState, openSellPage, chain, isApproved, listingsOf };
}
