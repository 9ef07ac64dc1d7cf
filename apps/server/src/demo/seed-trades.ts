/**
 * DEMO trades for `npm start`, made for real on the local chain through the marketplace's own endpoints: the demo
 * members sign in with their dev wallets' keys, creators sign lazy listings (`/nft/all/sale`), buyers reserve
 * (`/nft/instance/purchase`) and send `buyNft` with the validator-signed Buy from their own wallets (ATT and KLAY),
 * some buyers resell what they bought (secondary sales pay the creator's royalty), one creator transfers unminted
 * pieces (`/nft/transfer`, `transferWithMint`) and one holder moves a piece with the wallet's own
 * `safeTransferFrom`; a few listings stay on sale. Nothing is written to the database here: the running indexer
 * writes inventory, listings and the transaction history from the chain, as for any trade.
 *
 * Idempotent: a database whose history already holds an on-chain trade is left alone (a restart does not trade
 * again). Deterministic choice of items, prices and buyers (the catalogue's order). All trades happen now (a local
 * chain cannot go back in time), so the 1-day ranking and the feed show them; the price charts have one day.
 */
import {
  approveCall,
  chainFor,
  itemsAbi,
  marketDomain,
  safeTransferCall,
  setApprovalForAllCall,
  signMarket,
} from '@att/contracts';
import {
  API_BASE,
  AUTH_TYPE,
  HideState,
  saleRequestBody,
  type SiweParams,
  type TokenSymbol,
  TRADE_EVENTS,
} from '@att/shared';
import type { Uses } from '../platform/deps';
import {
  createPublicClient,
  createWalletClient,
  http,
  type Chain,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { signInMessage } from '@att/shared/api/sign-in-message';
import { buyNftCall, newListing, transferWithMintCall, type PurchaseData } from './wallet-trades';

export interface DemoTradesOptions {
  /** Private keys of dev wallets; those of active members trade (the others are ignored). */
  keys: readonly Hex[];
  /** Primary sales in the first collection (default 8: its feed fills a page) and in each other one (default 2). */
  salesFirst?: number;
  salesOther?: number;
  /** How long to wait for the indexer to catch up (default 60 s). */
  timeoutMs?: number;
}

export interface DemoTradesResult {
  skipped: boolean;
  sales: number;
  transfers: number;
  listed: number;
}

const WEI = 10n ** 18n;

interface Trader {
  key: Hex;
  address: Hex;
  memberIdx: number;
  auth: { id: string; ticketId: string };
  wallet: WalletClient<Transport, Chain, PrivateKeyAccount>;
}
const DAY_S = 86_400n;

interface Reply {
  returnCode: number;
  data?: unknown;
}

export async function seedDemoTrades(
  app: Uses<'db' | 'config' | 'inject' | 'trading'>,
  opts: DemoTradesOptions,
): Promise<DemoTradesResult> {
  const db = app.db;
  const none = { sales: 0, transfers: 0, listed: 0 };
  const traded = await db
    .selectFrom('trade_history')
    .select('history_idx')
    .where('event_type', 'in', [...TRADE_EVENTS])
    .where('tx_hash', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  if (traded) return { skipped: true, ...none };
  const { chainId, contracts } = app.config;
  const chainRpcUrl = app.config.chainRpcUrls[0];
  if (!chainRpcUrl || !contracts) return { skipped: true, ...none };

  const client = createPublicClient({
    chain: chainFor(chainRpcUrl, chainId),
    transport: http(chainRpcUrl),
    cacheTime: 0,
    pollingInterval: 50,
  }) as PublicClient;
  const members = await db
    .selectFrom('members')
    .select(['member_idx', 'address'])
    .where('state', '=', 'active')
    .execute();
  const byAddress = new Map(members.map((m) => [m.address.toLowerCase(), m.member_idx]));

  const post = async (p: string, body: object): Promise<Reply> => {
    const res = await app.inject({
      method: 'POST',
      url: `${API_BASE}${p}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return res.json<Reply>();
  };
  const must = async <T>(p: string, body: object): Promise<T> => {
    const r = await post(p, body);
    if (r.returnCode !== 0) throw new Error(`demo trades: ${p} answered ${r.returnCode}`);
    return r.data as T;
  };

  // The traders: every key whose address is an active member, signed in through the sign-in endpoints.
  const traders: Trader[] = [];
  for (const key of opts.keys) {
    const account = privateKeyToAccount(key);
    const address = account.address.toLowerCase() as Hex;
    if (!byAddress.has(address)) continue;
    const n = await must<SiweParams>('/ticket/nonce', { address });
    const message = signInMessage(account.address, n);
    const t = await must<{ id: string; ticketId: string }>('/ticket/request', {
      authType: AUTH_TYPE,
      address,
      message,
      signature: await account.signMessage({ message }),
    });
    const wallet = createWalletClient({ account, chain: chainFor(chainRpcUrl, chainId), transport: http(chainRpcUrl) });
    traders.push({
      key,
      address,
      memberIdx: byAddress.get(address)!,
      auth: { id: t.id, ticketId: t.ticketId },
      wallet,
    });
  }
  if (traders.length < 2) return { skipped: true, ...none };

  let lastBlock = 0n;
  const mined = async (hash: Hex) => {
    const r = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (r.status !== 'success') throw new Error(`demo trades: transaction ${hash} reverted`);
    if (r.blockNumber > lastBlock) lastBlock = r.blockNumber;
  };
  /** Waits until the indexer has read every block this seed wrote to. */
  const indexed = async () => {
    const until = performance.now() + (opts.timeoutMs ?? 60_000);
    for (;;) {
      const c = await db
        .selectFrom('indexer_cursor')
        .select('block_number')
        .where('chain_id', '=', chainId)
        .executeTakeFirst();
      if (c && BigInt(c.block_number) >= lastBlock) return;
      if (performance.now() > until) throw new Error('demo trades: the indexer did not catch up (is it on?)');
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  for (const t of traders) {
    const approved = await client.readContract({
      address: contracts.items,
      abi: itemsAbi,
      functionName: 'isApprovedForAll',
      args: [t.address, contracts.market],
    });
    if (!approved) await mined(await t.wallet.writeContract(setApprovalForAllCall(contracts.items, contracts.market)));
    await mined(await t.wallet.writeContract(approveCall(contracts.att, contracts.market)));
  }

  const domain = marketDomain(chainId, contracts.market);
  /** Signs a listing with the seller's key and submits it; returns the listing's instance id. */
  const list = async (
    seller: Trader,
    item: { productId: number; tokenId: string; supply: number; royaltyBps: number },
    o: { quantity: number; price: bigint; symbol: TokenSymbol; lazy: boolean },
  ) => {
    const expirySeconds = 30n * DAY_S;
    const listing = await newListing(client, {
      ...contracts,
      seller: seller.address,
      tokenId: item.tokenId,
      quantity: o.quantity,
      price: o.price,
      symbol: o.symbol,
      lazy: o.lazy ? { editionSize: item.supply, royaltyBps: item.royaltyBps } : undefined,
      feeBps: await app.trading.chain.marketFee(),
      expirySeconds,
      salt: BigInt(item.productId) * 1_000_003n + BigInt(o.quantity) + (o.lazy ? 0n : 7n),
    });
    const data = await must<{ instanceId: number }>(
      '/nft/all/sale',
      saleRequestBody({
        auth: seller.auth,
        productId: item.productId,
        symbol: o.symbol,
        expireMinute: Number(expirySeconds / 60n),
        listing,
        signature: await signMarket(seller.key, domain, 'Listing', listing),
      }),
    );
    return data.instanceId;
  };
  /** Reserves through the API and sends buyNft from the buyer's wallet. */
  const buy = async (buyer: Trader, instanceId: number, quantity: number) => {
    const d = await must<PurchaseData>('/nft/instance/purchase', { ...buyer.auth, instanceId, quantity });
    await mined(await buyer.wallet.writeContract(buyNftCall(contracts.market, d)));
  };

  // The catalogue's visible items of the traders, by collection, in order.
  const rows = await db
    .selectFrom('items as i')
    .select(['i.item_idx', 'i.token_id', 'i.collection_idx', 'i.creator_idx', 'i.total_supply', 'i.royalty_bps'])
    .where('i.deleted_at', 'is', null)
    .where('i.hide_state', '=', HideState.Shown)
    .where(
      'i.creator_idx',
      'in',
      traders.map((t) => t.memberIdx),
    )
    .orderBy('i.collection_idx')
    .orderBy('i.item_idx')
    .execute();
  const collections = [...new Set(rows.map((r) => r.collection_idx))];
  const traderOf = (memberIdx: number) => traders.find((t) => t.memberIdx === memberIdx)!;
  const result = { skipped: false, sales: 0, transfers: 0, listed: 0 };
  const sold: { item: (typeof rows)[number]; buyer: Trader; symbol: TokenSymbol; price: bigint }[] = [];
  const spare: (typeof rows)[number][] = [];
  let k = 0;
  const asItem = (r: (typeof rows)[number]) => ({
    productId: r.item_idx,
    tokenId: r.token_id,
    supply: r.total_supply,
    royaltyBps: r.royalty_bps,
  });

  // 1. Primary sales (lazy: each mints on chain), ATT and KLAY; one or two pieces of multi-editions.
  for (const [ci, collectionIdx] of collections.entries()) {
    const items = rows.filter((r) => r.collection_idx === collectionIdx);
    const n = ci === 0 ? (opts.salesFirst ?? 8) : (opts.salesOther ?? 2);
    for (const [ii, r] of items.entries()) {
      if (ii >= n) {
        if (ii < n + 1) spare.push(r);
        continue;
      }
      const seller = traderOf(r.creator_idx);
      const buyers = traders.filter((t) => t !== seller);
      const buyer = buyers[k % buyers.length]!;
      const symbol = k % 3 === 2 ? 'KLAY' : 'ATT';
      const price = symbol === 'ATT' ? BigInt(200 + ((k * 977) % 7800)) * WEI : BigInt(5 + ((k * 131) % 395)) * WEI;
      const quantity = r.total_supply > 1 ? 1 + (k % 2) : 1;
      k++;
      const instanceId = await list(seller, asItem(r), { quantity, price, symbol, lazy: true });
      await buy(buyer, instanceId, quantity);
      sold.push({ item: r, buyer, symbol, price });
      result.sales++;
    }
  }
  // 2. A creator gives unminted pieces away: the validator-signed Transfer, sent by the creator (transferWithMint).
  const gift = spare.shift();
  if (gift) {
    const from = traderOf(gift.creator_idx);
    const to = traders.find((t) => t !== from)!;
    const d = await must<{ transfer: Record<string, string>; signResult: Hex }>('/nft/transfer', {
      ...from.auth,
      productId: gift.item_idx,
      toAddress: to.address,
      amount: 1,
    });
    await mined(await from.wallet.writeContract(transferWithMintCall(contracts.market, d)));
    result.transfers++;
  }
  await indexed();

  // 3. Secondary sales: every third buyer resells a piece a little higher (the creator earns the royalty).
  const resold = new Set<number>();
  for (const [i, s] of sold.entries()) {
    if (i % 3 !== 1) continue;
    const next = traders.filter((t) => t !== s.buyer)[i % (traders.length - 1)]!;
    const instanceId = await list(s.buyer, asItem(s.item), {
      quantity: 1,
      price: (s.price * 115n) / 100n,
      symbol: s.symbol,
      lazy: false,
    });
    await buy(next, instanceId, 1);
    resold.add(s.item.item_idx);
    result.sales++;
  }
  // 4. A holder moves a piece with the wallet's own safeTransferFrom, outside the marketplace.
  const moved = sold.find((s) => !resold.has(s.item.item_idx));
  if (moved) {
    const to = traders.find((t) => t !== moved.buyer)!;
    await mined(
      await moved.buyer.wallet.writeContract(
        safeTransferCall(contracts.items, {
          from: moved.buyer.address,
          to: to.address,
          itemId: BigInt(moved.item.token_id),
          amount: 1n,
        }),
      ),
    );
    result.transfers++;
  }
  // 5. A few listings stay on sale (the grids and the detail page show a price and a buy button).
  for (const r of spare.slice(0, 4)) {
    await list(traderOf(r.creator_idx), asItem(r), {
      quantity: 1,
      price: BigInt(300 + r.item_idx) * WEI,
      symbol: r.item_idx % 2 ? 'ATT' : 'KLAY',
      lazy: true,
    });
    result.listed++;
  }
  await indexed();
  return result;
}
