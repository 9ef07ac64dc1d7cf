/**
 * The wallet and chain calls of the sell page (spec 3, sections 4 and 7): reads (the Market's approval, fee and
 * the seller's counter, the item's minted count) through the configured RPC, and the seller's own wallet for
 * `setApprovalForAll` (with the gas limit of `@att/contracts`), the EIP-712 `Listing` signature (no gas) and
 * the on-chain `cancelListing`. Failures become a `SellWalletError` whose reason is a catalogue key
 * (`sell:wallet.<reason>`). The shared trade machinery of the next popups may absorb this module.
 */
import { marketDomain, marketTypedData, type Listing } from '@att/contracts/eip712';
import { itemsAbi, marketAbi } from '@att/contracts/generated/contracts';
import { GAS_LIMITS } from '@att/contracts/gas';
import type { ListingMessage } from '@att/shared';
import { useMemo } from 'react';
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  type Hex,
  http,
  isAddress,
  type PublicClient,
  UserRejectedRequestError,
} from 'viem';
import { getAccount, signTypedData, writeContract } from 'wagmi/actions';
import { chainInfo, useFrontConfig, useNetworkConfig } from '../../lib/config';
import { wagmiConfig } from '../wallet/wallet';

export type SellWalletFailure = 'notConnected' | 'wrongAccount' | 'wrongNetwork' | 'rejected' | 'reverted' | 'failed';

export class SellWalletError extends Error {
  constructor(readonly reason: SellWalletFailure) {
    super(reason);
  }
}

export interface SellChain {
  client: PublicClient;
  chainId: number;
  market: Address;
  items: Address;
  explorerUrl?: string;
}

/** The chain of the marketplace from the front config and the network list; null while they load. */
export function useSellChain(): SellChain | null {
  const front = useFrontConfig();
  const networks = useNetworkConfig();
  const info = chainInfo(networks.data, front.data?.chainId);
  const market = front.data?.contractJoin;
  const items = front.data?.contract1155;
  return useMemo(() => {
    if (!info || !market || !items || !isAddress(market) || !isAddress(items)) return null;
    const client = createPublicClient({ transport: http(info.rpcUrl, { retryCount: 1 }), pollingInterval: 500 }) as PublicClient;
    return { client, chainId: info.chainId, market, items, explorerUrl: info.explorerUrl };
    // The client is rebuilt only when the RPC or the contracts change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [info?.rpcUrl, info?.chainId, market, items]);
}

export interface SellChainState {
  /** The seller has approved the Market for all their Items. */
  approved: boolean;
  /** The Market's fee in force, basis points. */
  feeBps: number;
  /** Pieces of the item minted so far (0 before its first sale or transfer). */
  minted: number;
}

export async function readSellState(chain: SellChain, seller: Address, tokenId: bigint): Promise<SellChainState> {
  const [approved, fee, edition] = await Promise.all([
    chain.client.readContract({ address: chain.items, abi: itemsAbi, functionName: 'isApprovedForAll', args: [seller, chain.market] }),
    chain.client.readContract({ address: chain.market, abi: marketAbi, functionName: 'marketFee' }),
    chain.client.readContract({ address: chain.items, abi: itemsAbi, functionName: 'editionOf', args: [tokenId] }),
  ]);
  return { approved, feeBps: Number(fee), minted: Number(edition[2]) };
}

export function readCounter(chain: SellChain, seller: Address): Promise<bigint> {
  return chain.client.readContract({ address: chain.market, abi: marketAbi, functionName: 'counterOf', args: [seller] });
}

/** A random uint256 salt from the browser's CSPRNG. */
export function randomSalt(): bigint {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return BigInt(`0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`);
}

function isRejection(err: unknown): boolean {
  if (err instanceof BaseError && err.walk((e) => e instanceof UserRejectedRequestError) instanceof UserRejectedRequestError) return true;
  let e: unknown = err;
  for (let i = 0; i < 6 && e; i++) {
    if (typeof e === 'object' && e !== null && 'code' in e && (e as { code: unknown }).code === 4001) return true;
    e = typeof e === 'object' && e !== null && 'cause' in e ? (e as { cause: unknown }).cause : null;
  }
  return false;
}

function walletFailure(err: unknown): SellWalletError {
  if (err instanceof SellWalletError) return err;
  if (isRejection(err)) return new SellWalletError('rejected');
  if (err instanceof BaseError && err.walk((e) => e instanceof ContractFunctionRevertedError)) return new SellWalletError('reverted');
  console.error('[sell] wallet call failed', err);
  return new SellWalletError('failed');
}

/** The connected wallet, checked to be the signed-in member's on the marketplace's chain. */
function walletFor(chain: SellChain, member: Address): Address {
  const account = getAccount(wagmiConfig);
  if (account.status !== 'connected' || !account.address) throw new SellWalletError('notConnected');
  if (account.address.toLowerCase() !== member.toLowerCase()) throw new SellWalletError('wrongAccount');
  if (account.chainId !== chain.chainId) throw new SellWalletError('wrongNetwork');
  return account.address;
}

/** Sends a transaction from the member's wallet and waits for it to be mined; a revert is a failure. */
async function send(chain: SellChain, hash: Promise<Hex>): Promise<Hex> {
  let tx: Hex;
  try {
    tx = await hash;
  } catch (err) {
    throw walletFailure(err);
  }
  const receipt = await chain.client.waitForTransactionReceipt({ hash: tx, timeout: 120_000 });
  if (receipt.status !== 'success') throw new SellWalletError('reverted');
  return tx;
}

/** `setApprovalForAll(market, true)` on the Items contract, from the seller's wallet. */
export function approveMarket(chain: SellChain, member: Address): Promise<Hex> {
  return Promise.resolve().then(() => {
    const account = walletFor(chain, member);
    return send(
      chain,
      writeContract(wagmiConfig, {
        account,
        address: chain.items,
        abi: itemsAbi,
        functionName: 'setApprovalForAll',
        args: [chain.market, true],
        gas: GAS_LIMITS.setApprovalForAll,
      }),
    );
  });
}

/** The seller's EIP-712 signature of `listing` (no transaction, no gas). */
export async function signListing(chain: SellChain, member: Address, listing: Listing): Promise<Hex> {
  const account = walletFor(chain, member);
  try {
    return await signTypedData(wagmiConfig, { account, ...marketTypedData(marketDomain(chain.chainId, chain.market), 'Listing', listing) });
  } catch (err) {
    throw walletFailure(err);
  }
}

/** The Listing struct of a listing as the server returns it (decimal strings). */
export function listingFromMessage(m: ListingMessage): Listing {
  return {
    seller: m.seller as Address,
    collection: m.collection as Address,
    itemId: BigInt(m.itemId),
    token: m.token as Address,
    pricePerOne: BigInt(m.pricePerOne),
    amount: BigInt(m.amount),
    editionSize: BigInt(m.editionSize),
    royaltyBps: BigInt(m.royaltyBps),
    feeBps: BigInt(m.feeBps),
    expiry: BigInt(m.expiry),
    salt: BigInt(m.salt),
    counter: BigInt(m.counter),
  };
}

/** `cancelListing(listing)` on the Market from the seller's wallet: no copy of the signature can be filled later. */
export function cancelListingOnChain(chain: SellChain, member: Address, listing: Listing): Promise<Hex> {
  return Promise.resolve().then(() => {
    const account = walletFor(chain, member);
    return send(
      chain,
      writeContract(wagmiConfig, {
        account,
        address: chain.market,
        abi: marketAbi,
        functionName: 'cancelListing',
        args: [listing],
        gas: GAS_LIMITS.cancelListing,
      }),
    );
  });
}
