/**
 * Test fixture: one anvil per test file, the three contracts deployed, named wallets, signing helpers,
 * snapshot/revert, time travel and revert decoding across every ABI of the package.
 */
import {
  WaitForTransactionReceiptTimeoutError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  http,
  parseEther,
  zeroAddress,
  type Abi,
  type Address,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { ANVIL_KEYS } from '../src/accounts';
import { startAnvil, type AnvilInstance } from '../src/anvil';
import { chainFor, deployAll, type Deployment } from '../src/deploy';
import {
  hashListing,
  marketDomain,
  signMarket,
  type BuyReservation,
  type Listing,
  type MarketMessages,
} from '../src/eip712';
import { attAbi, itemsAbi, marketAbi } from '../src/generated/contracts';
import { approveCall, buyNftCall, setApprovalForAllCall, type ContractCall } from '../src/market-client';
import * as testContracts from './generated/test-contracts';
import { ROLE, defaultParams } from './params';

export { parseEther, zeroAddress };
export { errorAbi, expectRevert, revertOf } from './revert';
export { ROLE };
export const KLAY = zeroAddress;
export const ONE = parseEther('1');

/** An item id naming its creator (Items: `creatorOf(id) == id >> 96`). */
export const itemOf = (creator: Address, n: bigint): bigint => (BigInt(creator) << 96n) | n;

export type Fixture = Awaited<ReturnType<typeof setup>>;
/** Any call the market client builds. */
export type AnyCall = ContractCall<Abi, string>;

/**
 * A fresh anvil with `deployAll`. The owner key is also made a minter before the minter list is locked, so tests
 * can mint pieces directly (`mintTo`); `ownerMints: false` deploys exactly as production does (the Market the only
 * minter). `extraMinters` adds more test minters (e.g. a bench contract at a predicted address).
 */
export async function setup(
  opts: { chainId?: number; feeBps?: number; attEach?: bigint; ownerMints?: boolean; extraMinters?: Address[] } = {},
) {
  const anvil: AnvilInstance = await startAnvil({ port: 0, chainId: opts.chainId ?? 31337 });
  const chain = chainFor(anvil.rpcUrl, anvil.chainId);
  const transport = http(anvil.rpcUrl);
  const pub = createPublicClient({ chain, transport, pollingInterval: 10, cacheTime: 0 });
  const testClient = createTestClient({ chain, transport, mode: 'anvil' });
  const accounts: PrivateKeyAccount[] = ANVIL_KEYS.map((k) => privateKeyToAccount(k));
  const addr = accounts.map((a) => a.address);
  const wallets = accounts.map((account) => createWalletClient({ account, chain, transport }));
  const attEach = opts.attEach ?? parseEther('1000000');
  const d: Deployment = await deployAll({
    rpcUrl: anvil.rpcUrl,
    chainId: anvil.chainId,
    deployerKey: ANVIL_KEYS[0],
    validator: addr[ROLE.validator]!,
    feeReceiver: addr[ROLE.feeReceiver]!,
    platformFeeBps: opts.feeBps ?? 250,
    attInitialHolders: addr.slice(3).map((address) => ({ address, amount: attEach })),
    extraMinters: [...(opts.ownerMints === false ? [] : [addr[ROLE.owner]!]), ...(opts.extraMinters ?? [])],
  });
  const domain = marketDomain(anvil.chainId, d.market);

  const wait = async (hash: Hex): Promise<TransactionReceipt> => {
    const r = await pub.waitForTransactionReceipt({ hash, pollingInterval: 10 }).catch(async (e: unknown) => {
      if (!(e instanceof WaitForTransactionReceiptTimeoutError)) throw e;
      // Say what the node knows: a lost transaction and a starved machine look the same from here.
      const tx = await pub.getTransaction({ hash }).catch(() => undefined);
      const where = tx
        ? `known to the node (block ${tx.blockNumber ?? 'pending'}, nonce ${tx.nonce})`
        : 'unknown to the node';
      throw new Error(`no receipt for ${hash}: ${where}; latest block ${await pub.getBlockNumber()}`, { cause: e });
    });
    if (r.status !== 'success') throw new Error(`reverted: ${hash}`);
    return r;
  };

  /** Sends a call from account `who` and waits for its receipt. */
  const send = async (
    who: number,
    address: Address,
    abi: Abi,
    functionName: string,
    args: readonly unknown[] = [],
    value?: bigint,
  ): Promise<TransactionReceipt> => {
    const hash = await wallets[who]!.writeContract({
      address,
      abi,
      functionName,
      args,
      value,
      chain,
      account: accounts[who]!,
      // Fixed gas skips estimation where it would hide a revert reason behind an estimate failure.
    } as never);
    return wait(hash);
  };
  /**
   * Sends a market-client call from account `who`. By default the gas is estimated, so a revert decodes; with
   * `fixedGas` it goes with the call's own limit, exactly as the web sends it.
   */
  const sendCall = async (who: number, c: AnyCall, o: { fixedGas?: boolean } = {}): Promise<TransactionReceipt> => {
    const { gas, ...rest } = c;
    const hash = await wallets[who]!.writeContract({
      ...rest,
      ...(o.fixedGas ? { gas } : {}),
      chain,
      account: accounts[who]!,
    } as never);
    return wait(hash);
  };
  const market = (who: number, fn: string, args: readonly unknown[] = [], value?: bigint) =>
    send(who, d.market, marketAbi, fn, args, value);
  const items = (who: number, fn: string, args: readonly unknown[] = []) => send(who, d.items, itemsAbi, fn, args);
  const att = (who: number, fn: string, args: readonly unknown[] = []) => send(who, d.att, attAbi, fn, args);

  const read = <T>(address: Address, abi: Abi, functionName: string, args: readonly unknown[] = []): Promise<T> =>
    pub.readContract({ address, abi, functionName, args }) as Promise<T>;
  const readMarket = <T>(fn: string, args: readonly unknown[] = []) => read<T>(d.market, marketAbi, fn, args);
  const attBalance = (a: Address) => read<bigint>(d.att, attAbi, 'balanceOf', [a]);
  const klayBalance = (a: Address) => pub.getBalance({ address: a });
  const itemBalance = (a: Address, id: bigint) => read<bigint>(d.items, itemsAbi, 'balanceOf', [a, id]);

  const keyOf = (a: Address): Hex => {
    const i = addr.findIndex((x) => x.toLowerCase() === a.toLowerCase());
    if (i < 0) throw new Error(`no key for ${a}`);
    return ANVIL_KEYS[i]!;
  };
  /** Signs with the validator key by default (or any other key). */
  const sign = <K extends keyof MarketMessages>(
    kind: K,
    msg: MarketMessages[K],
    key: Hex = ANVIL_KEYS[ROLE.validator],
  ) => signMarket(key, domain, kind, msg);
  /** The seller's own signature of a listing (by default the key of `listing.seller`). */
  const signListing = (l: Listing, key?: Hex) => signMarket(key ?? keyOf(l.seller), domain, 'Listing', l);
  const listingHash = (l: Listing) => hashListing(domain, l);

  const now = async (): Promise<bigint> => (await pub.getBlock({ blockTag: 'latest' })).timestamp;
  /** Next block's timestamp is set to `t` (and mined when `mine`). */
  const setNextTime = async (t: bigint, mine = false) => {
    await testClient.setNextBlockTimestamp({ timestamp: t });
    if (mine) await testClient.mine({ blocks: 1 });
  };
  const increaseTime = async (seconds: number) => {
    await testClient.increaseTime({ seconds });
    await testClient.mine({ blocks: 1 });
  };
  const snapshot = () => testClient.snapshot();
  const revert = (id: Hex) => testClient.revert({ id });

  let nextId = 1n;
  const id = () => nextId++;
  const expiryIn = async (s = 3600) => (await now()) + BigInt(s);
  /** The default item: created by the author, 10 pieces minted to the seller with a 5% royalty (see `mintTo`). */
  const ITEM = itemOf(addr[ROLE.author]!, 1n);

  const {
    listing,
    reservation,
    auctionParams,
    offerParams,
    acceptParams,
    transferParams,
    collectionOfferParams,
    collectionAcceptParams,
  } = defaultParams({
    addr,
    d,
    ITEM,
    feeBps: opts.feeBps ?? 250,
    id,
    expiryIn,
    listingHash,
  });
  /** The full buyNft arguments: the seller-signed listing and the validator-signed reservation. */
  const buyArgs = async (l: Listing, r: BuyReservation) => [l, await signListing(l), r, await sign('Buy', r)] as const;
  /** The market client's `buyNft` call for a listing and a reservation, both signed here. */
  const buyCall = async (l: Listing, r: BuyReservation) =>
    buyNftCall(d.market, {
      listing: l,
      sellerSignature: await signListing(l),
      reservation: r,
      validatorSignature: await sign('Buy', r),
    });
  /** Lists (seller signs) and buys (validator reserves, buyer sends the client's call; KLAY pays the exact value). */
  const buy = async (
    o: { listing?: Partial<Listing>; buy?: Partial<BuyReservation>; value?: bigint; who?: number } = {},
  ) => {
    const l = await listing(o.listing);
    const r = await reservation(l, o.buy);
    const c = await buyCall(l, r);
    return sendCall(
      o.who ?? addr.findIndex((a) => a === r.buyer),
      o.value === undefined ? c : { ...c, value: o.value },
    );
  };

  /** Owner-mints (the fixture made the deployer a test minter before the lock) `amount` of `itemId` to `to`, on
   * the authority of the creator its id names, with an edition of `editionSize` (default 1000) and `royaltyBps`
   * (default 5%). */
  const mintTo = async (to: Address, itemId: bigint, amount: bigint, royaltyBps = 500n, editionSize = 1000n) => {
    const creator = getAddress(`0x${(itemId >> 96n).toString(16).padStart(40, '0')}`);
    return items(ROLE.owner, 'mint', [to, itemId, amount, creator, editionSize, royaltyBps]);
  };
  /** Approvals every trading account needs (the client's calls): ATT allowance to the Market, Items operator approval. */
  const approveAll = async (who: number[] = [3, 4, 5, 6, 7, 8, 9]) => {
    for (const w of who) {
      await sendCall(w, approveCall(d.att, d.market), { fixedGas: true });
      await sendCall(w, setApprovalForAllCall(d.items, d.market), { fixedGas: true });
    }
  };

  /** Deploys a (test) contract from the owner account. */
  const deploy = async (abi: Abi, bytecode: Hex, args: readonly unknown[] = []): Promise<Address> => {
    const hash = await wallets[ROLE.owner]!.deployContract({
      abi,
      bytecode,
      args,
      chain,
      account: accounts[ROLE.owner]!,
    } as never);
    return getAddress((await wait(hash)).contractAddress!);
  };
  /** A TestActor (contract account) calls `target.fn(args)` through `execute`, sent by account `who`. */
  const actorCall = (
    who: number,
    actor: Address,
    target: Address,
    abi: Abi,
    functionName: string,
    args: readonly unknown[] = [],
    value?: bigint,
  ) =>
    send(
      who,
      actor,
      testContracts.testActorAbi as Abi,
      'execute',
      [target, encodeFunctionData({ abi, functionName, args })],
      value,
    );

  return {
    deploy,
    actorCall,
    anvil,
    chain,
    pub,
    testClient,
    accounts,
    addr,
    wallets,
    d,
    domain,
    wait,
    send,
    market,
    items,
    att,
    read,
    readMarket,
    attBalance,
    klayBalance,
    itemBalance,
    sign,
    signListing,
    listingHash,
    keyOf,
    ITEM,
    listing,
    reservation,
    buyArgs,
    buyCall,
    buy,
    sendCall,
    now,
    setNextTime,
    increaseTime,
    snapshot,
    revert,
    id,
    expiryIn,
    auctionParams,
    offerParams,
    acceptParams,
    transferParams,
    collectionOfferParams,
    collectionAcceptParams,
    mintTo,
    approveAll,
    stop: () => anvil.stop(),
  };
}
