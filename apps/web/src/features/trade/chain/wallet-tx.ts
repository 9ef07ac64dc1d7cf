/**
 * Wallet transactions and chain reads for trades, over the wallet feature's wagmi config (the loaded wallet
 * stack, `loadWallet()`). Part of the lazily loaded trade kit: reach it only through `loadTradeKit()`
 * (`core/trade-kit.ts`), never statically from the shell or a page.
 *
 * Every write is first run as an `eth_call` from the member's address (a reverting trade fails here, with its
 * decoded custom error, before the wallet asks anything and before any gas is spent), then sent through the
 * connected wallet with the gas limit of `GAS_LIMITS` (spec section 9), and its receipt is read from the
 * configured RPC (`/config/network`), not the wallet's.
 */
import {
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  createPublicClient,
  getAddress,
  type Hex,
  http,
  isAddress,
  isAddressEqual,
  type PublicClient,
  type TypedDataDefinition,
  type TypedData,
} from 'viem';
import { signTypedData, writeContract } from 'wagmi/actions';
import { attAbi, itemsAbi } from '@att/contracts/generated/contracts';
import { approveCall, setApprovalForAllCall } from '@att/contracts/market-client';
import { loadWallet } from '../../wallet';
import { TradeCheckError } from '../core/trade-errors';

const wagmiConfig = async () => (await loadWallet()).wagmiConfig;

/** The chain the marketplace uses: id and RPC from /config/front + /config/network. */
export interface TradeChain {
  chainId: number;
  rpcUrl: string;
}

const clients = new Map<string, PublicClient>();

/** A public client on the configured RPC (one per URL). */
export function publicClient(chain: TradeChain): PublicClient {
  const key = `${chain.chainId}:${chain.rpcUrl}`;
  let c = clients.get(key);
  if (!c) {
    c = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 1 }) }) as PublicClient;
    clients.set(key, c);
  }
  return c;
}

/** The connected wallet's address, checked against the member's: a switched wallet must not trade. */
export async function requireAccount(expected: string, chain: TradeChain): Promise<Address> {
  const w = (await loadWallet()).currentWallet();
  if (!w) throw new TradeCheckError('trade:errors.noWallet');
  if (!isAddressEqual(w.address, getAddress(expected))) throw new TradeCheckError('trade:errors.wrongAccount');
  if (w.chainId !== chain.chainId) throw new TradeCheckError('trade:errors.wrongNetwork');
  return w.address;
}

/** Whether `value` is an address (checksummed mixed case must be right). */
export function isValidAddress(value: string): boolean {
  return isAddress(value.trim(), { strict: true });
}

export interface ContractWrite<abi extends Abi, fn extends ContractFunctionName<abi, 'nonpayable' | 'payable'>> {
  address: Address;
  abi: abi;
  functionName: fn;
  args: ContractFunctionArgs<abi, 'nonpayable' | 'payable', fn>;
  value?: bigint;
  /** The call's gas limit, as `@att/contracts/market-client` set it (spec section 9). */
  gas: bigint;
}

/**
 * Sends a call the server prepared and its validator signed (an offer, an accept, a transfer with mint): `build`
 * gets the reply's Market, its struct (`wire`, decoded) and the validator's signature.
 */
export function sendValidated<S, abi extends Abi, fn extends ContractFunctionName<abi, 'nonpayable' | 'payable'>>(
  chain: TradeChain,
  account: Address,
  reply: { market: string; signResult: string },
  build: (market: Address, struct: S, validatorSignature: Hex) => ContractWrite<abi, fn>,
  struct: S,
): Promise<Hex> {
  return sendContractTx(chain, account, build(getAddress(reply.market), struct, reply.signResult as Hex));
}

/**
 * Checks the call with an eth_call from `account`, then sends it through the wallet with its gas limit.
 * Returns the transaction hash once the wallet sent it. Throws viem errors (translated by trade-errors).
 */
export async function sendContractTx<abi extends Abi, fn extends ContractFunctionName<abi, 'nonpayable' | 'payable'>>(
  chain: TradeChain,
  account: Address,
  write: ContractWrite<abi, fn>,
): Promise<Hex> {
  const client = publicClient(chain);
  const call = {
    address: write.address,
    abi: write.abi,
    functionName: write.functionName,
    args: write.args,
    account,
    value: write.value,
  } as never;
  await client.simulateContract(call);
  return writeContract(await wagmiConfig(), { ...(call as object), gas: write.gas, chainId: chain.chainId } as never);
}

/** Waits for the receipt on the configured RPC; a reverted transaction fails with its decoded reason if it can. */
export async function waitForTx(chain: TradeChain, hash: Hex): Promise<{ blockNumber: bigint }> {
  const client = publicClient(chain);
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 500, timeout: 180_000 });
  if (receipt.status !== 'success') throw new TradeCheckError('trade:chain.reverted');
  return { blockNumber: receipt.blockNumber };
}

/** EIP-712 signature of the connected wallet (no gas): the seller's `Listing`. */
export async function signTyped<const types extends TypedData | Record<string, unknown>, primaryType extends string>(
  account: Address,
  typed: TypedDataDefinition<types, primaryType>,
): Promise<Hex> {
  return signTypedData(await wagmiConfig(), { account, ...(typed as object) } as never);
}

/** ERC-20 allowance of `owner` for `spender`. */
export function readAllowance(chain: TradeChain, token: Address, owner: Address, spender: Address): Promise<bigint> {
  return publicClient(chain).readContract({
    address: token,
    abi: attAbi,
    functionName: 'allowance',
    args: [owner, spender],
  });
}

/** Whether `operator` may move every piece `owner` holds in `collection`. */
export function readApprovedForAll(
  chain: TradeChain,
  collection: Address,
  owner: Address,
  operator: Address,
): Promise<boolean> {
  return publicClient(chain).readContract({
    address: collection,
    abi: itemsAbi,
    functionName: 'isApprovedForAll',
    args: [owner, operator],
  });
}

/** Pieces of `itemId` that exist on chain in `owner`'s wallet (unminted pieces are not counted). */
export function readItemBalance(
  chain: TradeChain,
  collection: Address,
  owner: Address,
  itemId: bigint,
): Promise<bigint> {
  return publicClient(chain).readContract({
    address: collection,
    abi: itemsAbi,
    functionName: 'balanceOf',
    args: [owner, itemId],
  });
}

/** KLAY (native) or ERC-20 balance: `token` undefined or the zero address for KLAY. */
export async function readTokenBalance(chain: TradeChain, owner: Address, token?: Address): Promise<bigint> {
  const client = publicClient(chain);
  if (!token || /^0x0{40}$/i.test(token)) return client.getBalance({ address: owner });
  return client.readContract({ address: token, abi: attAbi, functionName: 'balanceOf', args: [owner] });
}

/**
 * Makes sure `spender` may take `amount` of `token` from `owner`: nothing when the allowance covers it, else an
 * `approve` of the maximum amount (spec section 7) sent through the wallet; `onSent` gets its hash.
 * Returns true when an approval was sent (and mined).
 */
export async function ensureAllowance(
  chain: TradeChain,
  owner: Address,
  token: Address,
  spender: Address,
  amount: bigint,
  onSent?: (hash: Hex) => void,
): Promise<boolean> {
  if ((await readAllowance(chain, token, owner, spender)) >= amount) return false;
  const hash = await sendContractTx(chain, owner, approveCall(token, spender));
  onSent?.(hash);
  await waitForTx(chain, hash);
  return true;
}

/** Makes sure `operator` (the Market) may move `owner`'s pieces: `setApprovalForAll` when not yet granted. */
export async function ensureApprovalForAll(
  chain: TradeChain,
  owner: Address,
  collection: Address,
  operator: Address,
  onSent?: (hash: Hex) => void,
): Promise<boolean> {
  if (await readApprovedForAll(chain, collection, owner, operator)) return false;
  const hash = await sendContractTx(chain, owner, setApprovalForAllCall(collection, operator));
  onSent?.(hash);
  await waitForTx(chain, hash);
  return true;
}
