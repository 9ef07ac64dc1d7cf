/**
 * The chain side of the sell page: reads (the Market's approval, its fee and the seller's counter, the item's
 * minted count) on the configured RPC, the approval (`ensureApprovalForAll`, with the gas limit of
 * `@att/contracts`) and the EIP-712 `Listing` signature (no gas).
 */
import { type Listing, marketDomain, marketTypedData } from '@att/contracts/eip712';
import { itemsAbi, marketAbi } from '@att/contracts/generated/contracts';
import { buildListing, KLAY_TOKEN, lazyMint } from '@att/contracts/market-client';
import { isNativeToken, type ItemDetail, type TokenSymbol } from '@att/shared';
import type { Address, Hex } from 'viem';
import type { TradeEnv } from '../core/trade-env';
import type { SellTerms } from '../sell/sell-validation';
import { ensureApprovalForAll, publicClient, readApprovedForAll, requireAccount, signTyped } from './wallet-tx';

export interface SellChainState {
  /** The seller has approved the Market for all their Items. */
  approved: boolean;
  /** The Market's fee in force, basis points. */
  feeBps: number;
  /** Pieces of the item minted so far (0 before its first sale or transfer). */
  minted: number;
}

export async function readSellState(env: TradeEnv, seller: Address, tokenId: bigint): Promise<SellChainState> {
  const client = publicClient(env.chain);
  const [approved, fee, edition] = await Promise.all([
    readApprovedForAll(env.chain, env.items as Address, seller, env.market as Address),
    client.readContract({ address: env.market as Address, abi: marketAbi, functionName: 'marketFee' }),
    client.readContract({ address: env.items as Address, abi: itemsAbi, functionName: 'editionOf', args: [tokenId] }),
  ]);
  return { approved, feeBps: Number(fee), minted: Number(edition[2]) };
}

/** The counter the seller's new listings must carry (`Market.counterOf`). */
export function readCounter(env: TradeEnv, seller: Address): Promise<bigint> {
  return publicClient(env.chain).readContract({
    address: env.market as Address,
    abi: marketAbi,
    functionName: 'counterOf',
    args: [seller],
  });
}

/** `setApprovalForAll(market, true)` from the seller's wallet when not yet granted; true when one was sent. */
export async function approveMarket(env: TradeEnv, seller: Address, onSent?: (hash: Hex) => void): Promise<boolean> {
  return ensureApprovalForAll(
    env.chain,
    await requireAccount(seller, env.chain),
    env.items as Address,
    env.market as Address,
    onSent,
  );
}

/** The seller's EIP-712 signature of `listing` (no transaction, no gas). */
export async function signListing(env: TradeEnv, seller: Address, listing: Listing): Promise<Hex> {
  const account = await requireAccount(seller, env.chain);
  return signTyped(
    account,
    marketTypedData(marketDomain(env.chain.chainId, env.market as Address), 'Listing', listing),
  );
}

export interface ListingParams {
  item: Pick<ItemDetail, 'tokenId' | 'creatorAddress' | 'totalItemCount' | 'royalty'>;
  seller: Address;
  items: Address;
  /** The ATT contract (front config `contractAtt`). */
  att: Address;
  symbol: TokenSymbol;
  terms: SellTerms;
  state: Pick<SellChainState, 'feeBps' | 'minted'>;
  counter: bigint;
  salt: bigint;
}

/**
 * The `Listing` the seller signs; the server rebuilds the same struct from its own view and compares. Lazy mint: a
 * creator's unminted pieces are listed with the edition size and royalty, so the Market mints them to the buyer on
 * the first sale; every other piece (minted, or held by a collector) is listed with both at 0.
 */
export function listingFor(p: ListingParams): Listing {
  return buildListing({
    seller: p.seller,
    collection: p.items,
    itemId: p.item.tokenId,
    token: isNativeToken(p.symbol) ? KLAY_TOKEN : p.att,
    pricePerOne: p.terms.priceWei,
    amount: p.terms.quantity,
    lazy: lazyMint({
      seller: p.seller,
      creator: p.item.creatorAddress as Address,
      editionSize: p.item.totalItemCount,
      minted: p.state.minted,
      quantity: p.terms.quantity,
      royaltyBps: Math.round(p.item.royalty * 100),
    }),
    feeBps: p.state.feeBps,
    expiry: p.terms.expiry,
    salt: p.salt,
    counter: p.counter,
  });
}
