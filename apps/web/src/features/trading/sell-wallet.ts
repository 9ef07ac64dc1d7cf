/**
 * The chain side of the sell page, on the shared trade kit (`loadTradeKit()`: the wallet stack, loaded lazily):
 * reads (the Market's approval, its fee and the seller's counter, the item's minted count) on the configured RPC,
 * the approval (`ensureApprovalForAll`, with the gas limit of `@att/contracts`), the EIP-712 `Listing` signature
 * (no gas), and the one translator of failures into catalogue keys.
 */
import type { Listing } from '@att/contracts/eip712';
import { itemsAbi, marketAbi } from '@att/contracts/generated/contracts';
import type { Address, Hex } from 'viem';
import type { TradeEnv } from './trade-env';
import { loadTradeKit } from './trade-kit';
import type { TradeMessageKey } from './trade-machine';

export interface SellChainState {
  /** The seller has approved the Market for all their Items. */
  approved: boolean;
  /** The Market's fee in force, basis points. */
  feeBps: number;
  /** Pieces of the item minted so far (0 before its first sale or transfer). */
  minted: number;
}

export async function readSellState(env: TradeEnv, seller: Address, tokenId: bigint): Promise<SellChainState> {
  const kit = await loadTradeKit();
  const client = kit.publicClient(env.chain);
  const [approved, fee, edition] = await Promise.all([
    kit.readApprovedForAll(env.chain, env.items as Address, seller, env.market as Address),
    client.readContract({ address: env.market as Address, abi: marketAbi, functionName: 'marketFee' }),
    client.readContract({ address: env.items as Address, abi: itemsAbi, functionName: 'editionOf', args: [tokenId] }),
  ]);
  return { approved, feeBps: Number(fee), minted: Number(edition[2]) };
}

/** The counter the seller's new listings must carry (`Market.counterOf`). */
export async function readCounter(env: TradeEnv, seller: Address): Promise<bigint> {
  const kit = await loadTradeKit();
  return kit.publicClient(env.chain).readContract({ address: env.market as Address, abi: marketAbi, functionName: 'counterOf', args: [seller] });
}

/** `setApprovalForAll(market, true)` from the seller's wallet when not yet granted; true when one was sent. */
export async function approveMarket(env: TradeEnv, seller: Address): Promise<boolean> {
  const kit = await loadTradeKit();
  return kit.ensureApprovalForAll(env.chain, kit.requireAccount(seller, env.chain), env.items as Address, env.market as Address);
}

/** The seller's EIP-712 signature of `listing` (no transaction, no gas). */
export async function signListing(env: TradeEnv, seller: Address, listing: Listing): Promise<Hex> {
  const kit = await loadTradeKit();
  const { marketDomain, marketTypedData } = await import('@att/contracts/eip712');
  const account = kit.requireAccount(seller, env.chain);
  return kit.signTyped(account, marketTypedData(marketDomain(env.chain.chainId, env.market as Address), 'Listing', listing));
}

/** The catalogue key of any failure of the sell steps (server code, custom error, wallet refusal). */
export async function sellFailure(err: unknown): Promise<TradeMessageKey> {
  try {
    return (await loadTradeKit()).translateTradeError(err, 'sell').key;
  } catch {
    return 'trade:errors.failed';
  }
}

/** A random uint256 salt from the browser's CSPRNG. */
export function randomSalt(): bigint {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return BigInt(`0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`);
}
