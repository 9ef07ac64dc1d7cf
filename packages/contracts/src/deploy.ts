/**
 * Deploys ATT, Items, the Market's two modules (collection offers, then auctions, which run them) and the Market, wires their roles (the Market the only minter, then the minter list locked) and
 * hands out demo ATT. Used by `npm start`
 * (deploy once, reuse on restart via the deployment file) and by the tests.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  http,
  parseEther,
  toFunctionSelector,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  attAbi,
  attBytecode,
  itemsAbi,
  itemsBytecode,
  marketAbi,
  marketAuctionsAbi,
  marketAuctionsBytecode,
  marketBytecode,
  marketCollectionOffersAbi,
  marketCollectionOffersBytecode,
} from './generated/contracts';

export interface Deployment {
  chainId: number;
  att: Address;
  items: Address;
  market: Address;
  /** The Market's auction module (run by delegatecall; send auction calls to `market`). */
  marketAuctions?: Address;
  /** The collection offer module (run by delegatecall from the auction module; send its calls to `market`). */
  marketCollectionOffers?: Address;
  /** Block of the first deployment transaction: where an indexer starts reading. */
  deployBlock: number;
}

export interface DeployOptions {
  rpcUrl: string;
  chainId: number;
  deployerKey: Hex;
  /** Co-signs (restricts) every Market call the server reserves (EIP-712); it authorizes nothing alone. */
  validator: Address;
  feeReceiver: Address;
  /** Platform fee in basis points; default 250 (2.5%). */
  platformFeeBps?: number;
  /** ERC-1155 metadata URI with `{id}`; default points at a local server. */
  metadataUri?: string;
  /** An ATT token already on the network (Kaia's): used as it is, none deployed. */
  att?: Address;
  /** Demo ATT handed out from the deployer's supply (only when ATT is deployed here). */
  attInitialHolders?: { address: Address; amount: bigint }[];
  /** Whole ATT supply minted to the deployer; default 1,000,000,000 ATT. */
  attSupply?: bigint;
  /**
   * Test fixtures only: more Items minters beside the Market, added before the minter list is locked (e.g. a key
   * that mints pieces directly). Leave unset for any real deployment: a minter can mint creators' unminted pieces.
   */
  extraMinters?: Address[];
}

export const DEFAULT_METADATA_URI = 'http://127.0.0.1:8080/attnftmarket/api/v1/nft/metadata/{id}';

export function chainFor(rpcUrl: string, chainId: number) {
  return defineChain({
    id: chainId,
    name: chainId === 8217 ? 'Kaia' : chainId === 1001 ? 'Kairos' : 'Local',
    nativeCurrency: { name: 'KLAY', symbol: 'KLAY', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

export async function deployAll(opts: DeployOptions): Promise<Deployment> {
  const chain = chainFor(opts.rpcUrl, opts.chainId);
  const account = privateKeyToAccount(opts.deployerKey);
  const transport = http(opts.rpcUrl);
  const wallet = createWalletClient({ account, chain, transport });
  const pub = createPublicClient({ chain, transport, pollingInterval: 50, cacheTime: 0 });

  const mined = async (hash: Hex) => {
    const receipt = await pub.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success') throw new Error(`deploy transaction ${hash} reverted`);
    return receipt;
  };
  const deploy = async (abi: Abi, bytecode: Hex, args: readonly unknown[]) => {
    const receipt = await mined(await wallet.deployContract({ abi, bytecode, args }));
    if (!receipt.contractAddress) throw new Error('no contract address');
    return { address: getAddress(receipt.contractAddress), block: Number(receipt.blockNumber) };
  };

  const att = opts.att
    ? { address: getAddress(opts.att), block: undefined }
    : await deploy(attAbi, attBytecode, [account.address, opts.attSupply ?? parseEther('1000000000')]);
  const items = await deploy(itemsAbi, itemsBytecode, [account.address, opts.metadataUri ?? DEFAULT_METADATA_URI]);
  const marketCollectionOffers = await deploy(marketCollectionOffersAbi, marketCollectionOffersBytecode, [
    items.address,
    att.address,
  ]);
  const marketAuctions = await deploy(marketAuctionsAbi, marketAuctionsBytecode, [
    items.address,
    att.address,
    marketCollectionOffers.address,
  ]);
  const market = await deploy(marketAbi, marketBytecode, [
    account.address,
    opts.validator,
    opts.feeReceiver,
    BigInt(opts.platformFeeBps ?? 250),
    marketAuctions.address,
    items.address,
    att.address,
  ]);

  for (const minter of [market.address, ...(opts.extraMinters ?? [])]) {
    await mined(
      await wallet.writeContract({ address: items.address, abi: itemsAbi, functionName: 'addMinter', args: [minter] }),
    );
  }
  // No key may add a minter after deployment (a minter could mint any creator's unminted pieces to itself).
  await mined(await wallet.writeContract({ address: items.address, abi: itemsAbi, functionName: 'lockMinters' }));
  await mined(
    await wallet.writeContract({
      address: market.address,
      abi: marketAbi,
      functionName: 'setAllowedContract',
      args: [items.address, true],
    }),
  );
  await mined(
    await wallet.writeContract({
      address: market.address,
      abi: marketAbi,
      functionName: 'setAllowedToken',
      args: [att.address, true],
    }),
  );
  for (const h of opts.att ? [] : (opts.attInitialHolders ?? [])) {
    await mined(
      await wallet.writeContract({
        address: att.address,
        abi: attAbi,
        functionName: 'transfer',
        args: [h.address, h.amount],
      }),
    );
  }
  return {
    chainId: opts.chainId,
    att: att.address,
    items: items.address,
    market: market.address,
    marketAuctions: marketAuctions.address,
    marketCollectionOffers: marketCollectionOffers.address,
    deployBlock: att.block ?? items.block,
  };
}

/** Writes `<dir>/<chainId>.json`. */
export function writeDeployment(dir: string, d: Deployment): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${d.chainId}.json`);
  writeFileSync(file, `${JSON.stringify(d, null, 2)}\n`);
  return file;
}

/** Reads `<dir>/<chainId>.json`, or undefined when there is none. */
export function readDeployment(dir: string, chainId: number): Deployment | undefined {
  const file = join(dir, `${chainId}.json`);
  if (!existsSync(file)) return undefined;
  const d = JSON.parse(readFileSync(file, 'utf8')) as Deployment;
  if (d.chainId !== chainId) throw new Error(`${file} is for chain ${d.chainId}`);
  return d;
}

/**
 * True when code exists at every address (a restarted chain without state has none), the Items minter list is
 * locked and the Market runs the deployment's collection offer module (contracts from before it lack the
 * collection offers). A stale deployment makes `npm start` deploy again.
 */
export async function isDeployed(rpcUrl: string, d: Deployment): Promise<boolean> {
  const pub = createPublicClient({ chain: chainFor(rpcUrl, d.chainId), transport: http(rpcUrl), cacheTime: 0 });
  // A deployment from before the auction module (contracts v1) or the collection offers is stale: deploy again.
  if (!d.marketAuctions || !d.marketCollectionOffers) return false;
  const codes = await Promise.all(
    [d.att, d.items, d.market, d.marketAuctions, d.marketCollectionOffers].map((address) => pub.getCode({ address })),
  );
  if (!codes.every((c) => c !== undefined && c !== '0x')) return false;
  // A Market from before the buyer's `voidBuy` is stale too (its dispatcher lacks the selector).
  if (
    !codes[2]!.includes(
      toFunctionSelector('function voidBuy(bytes32,(address,uint256,uint256,uint256),bytes)').slice(2),
    )
  )
    return false;
  const current = await pub
    .readContract({ address: d.market, abi: marketAbi, functionName: 'collectionOffersModule' })
    .then(
      (m) => m.toLowerCase() === d.marketCollectionOffers!.toLowerCase(),
      () => false,
    );
  if (!current) return false;
  return pub.readContract({ address: d.items, abi: itemsAbi, functionName: 'mintersLocked' }).catch(() => false);
}
