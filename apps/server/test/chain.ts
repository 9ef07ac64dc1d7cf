/**
 * A real local chain for the trading tests: anvil on a free port, the contracts deployed with the marketplace's
 * role accounts, the app configured for it (validator key, Market, Items, ATT), and helpers for members whose
 * wallets are anvil dev accounts (so they hold KLAY and ATT) to publish items and sign and send real transactions.
 */
import {
  ANVIL_KEYS,
  DEV_ROLE_KEYS,
  attAbi,
  chainFor,
  deployAll,
  itemsAbi,
  listingFromWire,
  marketDomain,
  signMarket,
  startAnvil,
  type AnvilInstance,
  type Deployment,
  type Listing,
} from '@att/contracts';
import { DEV_CHAIN_ID, saleRequestBody } from '@att/shared';
import { createPublicClient, createWalletClient, http, maxUint256, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createIndexer, type Indexer } from '../src/modules/trading/indexer/sync';
import { buyNftCall, newListing, type PurchaseData } from '../src/demo/wallet-trades';
import { buildTestApp, loggedIn, type TestApp } from './helper';
import { png, uploaded } from './media';

export const VALIDATOR = privateKeyToAccount(DEV_ROLE_KEYS.validator).address;
export const FEE_RECEIVER = privateKeyToAccount(DEV_ROLE_KEYS.feeReceiver).address;

export interface ChainTest {
  t: TestApp;
  anvil: AnvilInstance;
  d: Deployment;
  client: PublicClient;
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  close(): Promise<void>;
}

/** `rpcFor` gives the URL (or list) the app uses for anvil's (a proxy in front of it); anvil's own by default. */
export async function chainTest(
  config: Parameters<typeof buildTestApp>[0] = {},
  rpcFor: (anvilUrl: string) => string | string[] = (u) => u,
): Promise<ChainTest> {
  const anvil = await startAnvil({ chainId: DEV_CHAIN_ID });
  const client = createPublicClient({
    chain: chainFor(anvil.rpcUrl, DEV_CHAIN_ID),
    transport: http(anvil.rpcUrl),
    cacheTime: 0,
    pollingInterval: 50,
  }) as PublicClient;
  const deployer = privateKeyToAccount(DEV_ROLE_KEYS.deployer).address;
  await client.request({ method: 'anvil_setBalance' as never, params: [deployer, '0x3635C9ADC5DEA00000'] as never });
  const d = await deployAll({
    rpcUrl: anvil.rpcUrl,
    chainId: DEV_CHAIN_ID,
    deployerKey: DEV_ROLE_KEYS.deployer,
    validator: VALIDATOR,
    feeReceiver: FEE_RECEIVER,
    attInitialHolders: ANVIL_KEYS.map((k) => ({
      address: privateKeyToAccount(k).address,
      amount: 1_000_000n * 10n ** 18n,
    })),
  });
  const t = await buildTestApp({
    ...config,
    config: {
      chainId: DEV_CHAIN_ID,
      chainRpcUrls: [rpcFor(anvil.rpcUrl)].flat(),
      contracts: {
        att: d.att.toLowerCase() as Hex,
        items: d.items.toLowerCase() as Hex,
        market: d.market.toLowerCase() as Hex,
      },
      validatorKey: DEV_ROLE_KEYS.validator,
      trading: { startBlock: d.deployBlock, confirmations: 0, indexer: false, pollMs: 50, reservationSeconds: 600 },
      ...config.config,
    },
  });
  return {
    t,
    anvil,
    d,
    client,
    rpc: (method, params = []) => client.request({ method: method as never, params: params as never }),
    async close() {
      await t.close();
      await anvil.stop();
    },
  };
}

/** A logged-in member whose wallet is anvil dev account `i` (KLAY and ATT funded), with chain helpers; `signUp` adds sign-up fields (a referral code). */
export async function trader(c: ChainTest, i: number, signUp: Record<string, unknown> = {}) {
  const key = ANVIL_KEYS[i] as Hex;
  const account = privateKeyToAccount(key);
  const m = await loggedIn(c.t, { account, address: account.address.toLowerCase() as Hex }, signUp);
  const wallet = createWalletClient({
    account,
    chain: chainFor(c.anvil.rpcUrl, DEV_CHAIN_ID),
    transport: http(c.anvil.rpcUrl),
  });
  const domain = marketDomain(DEV_CHAIN_ID, c.d.market);
  const mined = async (hash: Hex) => {
    const r = await c.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (r.status !== 'success') throw new Error(`transaction ${hash} reverted`);
    return r;
  };
  return {
    ...m,
    key,
    address: account.address.toLowerCase() as Hex,
    wallet,
    mined,
    async approveAll() {
      await mined(
        await wallet.writeContract({
          address: c.d.items,
          abi: itemsAbi,
          functionName: 'setApprovalForAll',
          args: [c.d.market, true],
        }),
      );
      await mined(
        await wallet.writeContract({
          address: c.d.att,
          abi: attAbi,
          functionName: 'approve',
          args: [c.d.market, maxUint256],
        }),
      );
    },
    signListing: (l: Listing) => signMarket(key, domain, 'Listing', l),
    /** Sends buyNft with the purchase reply. */
    async buy(data: PurchaseData) {
      return mined(await wallet.writeContract(buyNftCall(c.d.market, data)));
    },
  };
}
export type Trader = Awaited<ReturnType<typeof trader>>;
export type { PurchaseData };
/** The signed Listing of a reply (`/nft/cancel/sale`), for the seller's on-chain calls. */
export const listingFrom = (l: Record<string, string>): Listing => listingFromWire(l as PurchaseData['listing']);

let collections = 0;
/**
 * Publishes an item of `supply` pieces owned, unminted, by the creator, in a new collection (royalty 5%) or in the
 * creator's collection `collectionIdx`.
 */
export async function publish(
  c: ChainTest,
  creator: Trader,
  supply: number,
  collectionIdx?: number,
): Promise<{ productId: number; tokenId: string; collectionIdx: number }> {
  let inCollection = collectionIdx;
  if (inCollection === undefined) {
    const logoFileName = await uploaded(c.t, creator.auth, 'logo', await png());
    const col = await c.t.post('/nft/collection/register', {
      ...creator.auth,
      collectionName: `Trade ${process.pid} ${++collections}`,
      royalty: 5,
      logoFileName,
    });
    if (col.returnCode !== 0) throw new Error(`collection: ${col.returnCode}`);
    inCollection = (col.body.data as { collectionIdx: number }).collectionIdx;
  }
  const fileName = await uploaded(c.t, creator.auth, 'resource', await png());
  const r = await c.t.post('/nft/register', {
    ...creator.auth,
    fileName,
    category: 1,
    productName: `Piece ${++collections}`,
    productDesc: '',
    totalSupply: supply,
    flagFreezeMetadata: 0,
    isExistUnlockedContent: 0,
    unlockedContent: '',
    collectionIdx: inCollection,
  });
  if (r.returnCode !== 0) throw new Error(`item: ${r.returnCode}`);
  return { ...(r.body.data as { productId: number; tokenId: string }), collectionIdx: inCollection };
}

type ListOptions = {
  quantity: number;
  price: bigint;
  symbol?: 'ATT' | 'KLAY';
  lazy?: { editionSize: number; royaltyBps: number };
  expirySeconds?: number;
  counter?: bigint;
  feeBps?: number;
  mutate?: (l: Listing) => Listing;
};

/** A signed fixed-price listing and its `/nft/all/sale` body; `lazy` for the creator's unminted pieces. */
export async function listingBody(
  c: ChainTest,
  seller: Trader,
  item: { productId: number; tokenId: string },
  o: ListOptions,
) {
  const listing = await newListing(c.client, {
    ...c.d,
    seller: seller.address,
    tokenId: item.tokenId,
    quantity: o.quantity,
    price: o.price,
    symbol: o.symbol ?? 'ATT',
    lazy: o.lazy,
    feeBps: o.feeBps ?? 250,
    expirySeconds: o.expirySeconds ?? 86_400,
    salt: BigInt(Math.floor(Math.random() * 2 ** 48)),
    counter: o.counter,
  });
  const signature = await seller.signListing(o.mutate ? o.mutate(listing) : listing);
  const body = saleRequestBody({
    auth: seller.auth,
    productId: item.productId,
    symbol: o.symbol ?? 'ATT',
    expireMinute: Math.ceil((o.expirySeconds ?? 86_400) / 60),
    listing,
    signature,
  });
  return { listing, body };
}

/** Signs and submits a fixed-price listing; `lazy` for the creator's unminted pieces. */
export async function list(c: ChainTest, seller: Trader, item: { productId: number; tokenId: string }, o: ListOptions) {
  const { listing, body } = await listingBody(c, seller, item, o);
  return { res: await c.t.post('/nft/all/sale', body), listing, body };
}

/** An indexer of the test chain into the test app's database (from the deployment block, no confirmations): the
 * tests step it themselves; `over` swaps a part (the node client, batch size, effects sink). */
export function testIndexer(c: ChainTest, over: Partial<Parameters<typeof createIndexer>[0]> = {}): Indexer {
  const chain = c.t.app.trading.chain;
  return createIndexer({
    db: c.t.db,
    client: c.client,
    chainId: c.t.config.chainId,
    market: chain.market,
    items: chain.items,
    startBlock: c.d.deployBlock,
    confirmations: 0,
    symbolOf: chain.symbolOf,
    ...over,
  });
}
