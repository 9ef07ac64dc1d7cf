/**
 * A deployment's owner settings as data: read them from the chain, plan the owner calls that bring them to what the
 * configuration wants (each change says what it was and what it becomes, so a command can print the plan before
 * it sends anything), and verify them by reading every one back. Used by `npm run deploy` (after `deployAll`),
 * the key rotation command and the server's start-up check; a plan that is empty changes nothing on chain.
 *
 * The Market has no keeper role: `endAuction` is open to anyone, so the keeper is only the account the server's
 * settlement job sends from (its `KEEPER_KEY`); no setting here names it.
 */
import { getAddress, zeroAddress, type Address, type Hex, type PublicClient, type WalletClient } from 'viem';
import type { Deployment } from './deploy';
import { itemsAbi, marketAbi } from './generated/contracts';

export interface MarketSettings {
  /** Co-signs (restricts) reservations; rotated with `setValidator`. */
  validator: Address;
  feeReceiver: Address;
  /** Platform fee of later orders, basis points. */
  feeBps: number;
  /** The ERC-20 tokens the Market accepts (KLAY, the native coin, always is). ATT is one of them. */
  tokens: Address[];
  /** ERC-1155 metadata URI of Items, with `{id}`. */
  metadataUri: string;
  /** Minimum raise over the top bid, basis points; unset: left as deployed. */
  raiseBps?: number;
  /** Auction extension in seconds; unset: left as deployed. */
  auctionDelay?: number;
}

export interface SettingsOnChain {
  marketOwner: Address;
  itemsOwner: Address;
  auctionModule: Address;
  /** The collection offer module the auction module runs (zero for contracts from before it). */
  collectionOffersModule: Address;
  validator: Address;
  feeReceiver: Address;
  feeBps: number;
  raiseBps: number;
  auctionDelay: number;
  metadataUri: string;
  itemsAllowed: boolean;
  marketIsMinter: boolean;
  mintersLocked: boolean;
  /** Whether each configured token is allowed. */
  tokens: Record<Address, boolean>;
}

export interface SettingChange {
  contract: 'Market' | 'Items';
  setting: string;
  from: string;
  to: string;
  /** The owner call that makes the change. */
  call: { address: Address; abi: typeof marketAbi | typeof itemsAbi; functionName: string; args: readonly unknown[] };
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export async function readSettings(
  pub: PublicClient,
  d: Deployment,
  tokens: readonly Address[],
): Promise<SettingsOnChain> {
  const m = { address: d.market, abi: marketAbi } as const;
  const i = { address: d.items, abi: itemsAbi } as const;
  const [
    marketOwner,
    itemsOwner,
    auctionModule,
    validator,
    feeReceiver,
    feeBps,
    raiseBps,
    auctionDelay,
    metadataUri,
    itemsAllowed,
    marketIsMinter,
    mintersLocked,
  ] = await Promise.all([
    pub.readContract({ ...m, functionName: 'owner' }),
    pub.readContract({ ...i, functionName: 'owner' }),
    pub.readContract({ ...m, functionName: 'auctionModule' }),
    pub.readContract({ ...m, functionName: 'validator' }),
    pub.readContract({ ...m, functionName: 'feeReceiver' }),
    pub.readContract({ ...m, functionName: 'marketFee' }),
    pub.readContract({ ...m, functionName: 'availableRate' }),
    pub.readContract({ ...m, functionName: 'auctionDelay' }),
    pub.readContract({ ...i, functionName: 'uri', args: [0n] }),
    pub.readContract({ ...m, functionName: 'isAllowedContract', args: [d.items] }),
    pub.readContract({ ...i, functionName: 'isMinter', args: [d.market] }),
    pub.readContract({ ...i, functionName: 'mintersLocked' }),
  ]);
  const collectionOffersModule = await pub
    .readContract({ ...m, functionName: 'collectionOffersModule' })
    .catch(() => zeroAddress);
  const allowed = await Promise.all(
    tokens.map((t) => pub.readContract({ ...m, functionName: 'isAllowedToken', args: [t] })),
  );
  return {
    marketOwner: getAddress(marketOwner),
    itemsOwner: getAddress(itemsOwner),
    auctionModule: getAddress(auctionModule),
    collectionOffersModule: getAddress(collectionOffersModule),
    validator: getAddress(validator),
    feeReceiver: getAddress(feeReceiver),
    feeBps: Number(feeBps),
    raiseBps: Number(raiseBps),
    auctionDelay: Number(auctionDelay),
    metadataUri,
    itemsAllowed,
    marketIsMinter,
    mintersLocked,
    tokens: Object.fromEntries(tokens.map((t, k) => [getAddress(t), allowed[k] === true])),
  };
}

/** The owner calls that bring the chain to `want`, in the order they are sent (empty: nothing to do). */
export function planSettings(d: Deployment, now: SettingsOnChain, want: MarketSettings): SettingChange[] {
  const market = (
    setting: string,
    from: string,
    to: string,
    functionName: string,
    args: readonly unknown[],
  ): SettingChange => ({
    contract: 'Market',
    setting,
    from,
    to,
    call: { address: d.market, abi: marketAbi, functionName, args },
  });
  const changes: SettingChange[] = [];
  if (!same(now.validator, want.validator))
    changes.push(market('validator', now.validator, want.validator, 'setValidator', [want.validator]));
  if (!same(now.feeReceiver, want.feeReceiver)) {
    changes.push(market('feeReceiver', now.feeReceiver, want.feeReceiver, 'setFeeReceiver', [want.feeReceiver]));
  }
  if (now.feeBps !== want.feeBps)
    changes.push(market('feeBps', String(now.feeBps), String(want.feeBps), 'setMarketFee', [BigInt(want.feeBps)]));
  if (want.raiseBps !== undefined && now.raiseBps !== want.raiseBps) {
    changes.push(
      market('raiseBps', String(now.raiseBps), String(want.raiseBps), 'setAvailableRate', [BigInt(want.raiseBps)]),
    );
  }
  if (want.auctionDelay !== undefined && now.auctionDelay !== want.auctionDelay) {
    changes.push(
      market('auctionDelay', String(now.auctionDelay), String(want.auctionDelay), 'setAuctionDelay', [
        BigInt(want.auctionDelay),
      ]),
    );
  }
  if (!now.itemsAllowed)
    changes.push(market(`allowedContract ${d.items}`, 'false', 'true', 'setAllowedContract', [d.items, true]));
  for (const t of want.tokens) {
    if (now.tokens[getAddress(t)] !== true)
      changes.push(market(`allowedToken ${getAddress(t)}`, 'false', 'true', 'setAllowedToken', [t, true]));
  }
  if (now.metadataUri !== want.metadataUri) {
    changes.push({
      contract: 'Items',
      setting: 'uri',
      from: now.metadataUri,
      to: want.metadataUri,
      call: { address: d.items, abi: itemsAbi, functionName: 'setURI', args: [want.metadataUri] },
    });
  }
  return changes;
}

/**
 * Every way the chain differs from the deployment and `want`, one line each (empty: all as configured). Checks
 * what no owner call can fix too: the Market must be Items' only minter with the list sealed.
 */
export function settingProblems(d: Deployment, now: SettingsOnChain, want: MarketSettings): string[] {
  const problems = planSettings(d, now, want).map((c) => `${c.contract}.${c.setting} is ${c.from}, configured ${c.to}`);
  if (!now.marketIsMinter) problems.push(`Items ${d.items} does not have the Market ${d.market} as a minter`);
  if (d.marketAuctions && !same(now.auctionModule, d.marketAuctions))
    problems.push(`Market ${d.market} runs the auction module ${now.auctionModule}, not ${d.marketAuctions}`);
  if (d.marketCollectionOffers && !same(now.collectionOffersModule, d.marketCollectionOffers)) {
    problems.push(
      `Market ${d.market} runs the collection offer module ${now.collectionOffersModule}, not ${d.marketCollectionOffers}`,
    );
  }
  if (!now.mintersLocked) problems.push(`Items ${d.items} minter list is not sealed (lockMinters)`);
  return problems;
}

/** Sends the planned calls from the owner's wallet, one at a time, each waited for; returns the transaction hashes. */
export async function applySettings(
  pub: PublicClient,
  wallet: WalletClient,
  changes: readonly SettingChange[],
): Promise<Hex[]> {
  const hashes: Hex[] = [];
  for (const c of changes) {
    const hash = await wallet.writeContract({ ...c.call, chain: wallet.chain, account: wallet.account! } as Parameters<
      WalletClient['writeContract']
    >[0]);
    const receipt = await pub.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`${c.contract}.${c.setting}: transaction ${hash} reverted`);
    hashes.push(hash);
  }
  return hashes;
}

/** The deployment's contracts all have code (a chain reset or a wrong file has none somewhere). */
export async function missingCode(pub: PublicClient, d: Deployment): Promise<string[]> {
  const named: [string, Address | undefined][] = [
    ['ATT', d.att],
    ['Items', d.items],
    ['Market', d.market],
    ['MarketAuctions', d.marketAuctions],
    ['MarketCollectionOffers', d.marketCollectionOffers],
  ];
  const missing: string[] = [];
  for (const [name, address] of named) {
    if (!address || address === zeroAddress) {
      missing.push(`${name}: no address`);
      continue;
    }
    const code = await pub.getCode({ address });
    if (!code || code === '0x') missing.push(`${name} ${address}: no contract code`);
  }
  return missing;
}
