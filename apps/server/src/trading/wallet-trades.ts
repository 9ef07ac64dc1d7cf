/**
 * What a member's own wallet does in a trade, for the code that acts as members from Node: the demo trades
 * (`db/seed-trades.ts`) and the trading tests. The Listing a seller signs, the `buyNft` and `transferWithMint`
 * calls built from the server's replies, and the EIP-4361 sign-in message the web would build. Never used to
 * move anything on a member's behalf: the caller holds the member's key.
 */
import { listingFromWire, marketAbi, reservationFromWire, transferFromWire, type Listing } from '@att/contracts';
import type { SaleSymbol } from '@att/shared';
import { zeroAddress, type Address, type Hex, type PublicClient } from 'viem';
import { createSiweMessage } from 'viem/siwe';

export interface NewListing {
  market: Address;
  items: Address;
  att: Address;
  seller: Address;
  tokenId: string | bigint;
  quantity: number;
  /** Per piece, wei. */
  price: bigint;
  symbol: SaleSymbol;
  /** A creator's unminted pieces (lazy mint); minted pieces list with both at 0. */
  lazy?: { editionSize: number; royaltyBps: number };
  feeBps: number | bigint;
  expirySeconds: number | bigint;
  salt: bigint;
  /** The seller's listing counter; read from the Market when not given. */
  counter?: bigint;
}

/** The Listing to sign; it expires `expirySeconds` after the later of the chain's time and the wall clock. */
export async function newListing(client: PublicClient, o: NewListing): Promise<Listing> {
  const now = (await client.getBlock()).timestamp;
  const wall = BigInt(Math.floor(Date.now() / 1000));
  const counter = o.counter ?? (await client.readContract({ address: o.market, abi: marketAbi, functionName: 'counterOf', args: [o.seller] }));
  return {
    seller: o.seller,
    collection: o.items,
    itemId: BigInt(o.tokenId),
    token: o.symbol === 'ATT' ? o.att : zeroAddress,
    pricePerOne: o.price,
    amount: BigInt(o.quantity),
    editionSize: BigInt(o.lazy?.editionSize ?? 0),
    royaltyBps: BigInt(o.lazy?.royaltyBps ?? 0),
    feeBps: BigInt(o.feeBps),
    expiry: (now > wall ? now : wall) + BigInt(o.expirySeconds),
    salt: o.salt,
    counter,
  };
}

/** What `/nft/instance/purchase` answers (the parts `buyNft` takes). */
export interface PurchaseData {
  listing: Record<keyof Listing, string>;
  sellerSignature: string;
  reservation: { buyer: string; amount: string; id: string; expiry: string };
  signResult: string;
  totalPrice: string;
}

/** `buyNft(listing, sellerSignature, reservation, validatorSignature)`, KLAY as msg.value; for `writeContract`. */
export function buyNftCall(market: Address, d: PurchaseData) {
  const listing = listingFromWire(d.listing);
  return {
    address: market,
    abi: marketAbi,
    functionName: 'buyNft',
    args: [listing, d.sellerSignature as Hex, reservationFromWire(d.reservation), d.signResult as Hex],
    value: listing.token === zeroAddress ? BigInt(d.totalPrice) : 0n,
    gas: 400_000n,
  } as const;
}

/** `transferWithMint(transfer, validatorSignature)` from the `/nft/transfer` reply; for `writeContract`. */
export function transferWithMintCall(market: Address, d: { transfer: Record<string, string>; signResult: string }) {
  return {
    address: market,
    abi: marketAbi,
    functionName: 'transferWithMint',
    args: [transferFromWire(d.transfer as Parameters<typeof transferFromWire>[0]), d.signResult as Hex],
  } as const;
}

/** The `/ticket/nonce` reply. */
export interface SignInNonce {
  nonce: string;
  domain: string;
  uri: string;
  chainId: number;
  statement: string;
  issuedAt: string;
  expirationTime: string;
}

/** The EIP-4361 message the web builds from a nonce reply, for the wallet at `address` to sign. */
export function signInMessage(address: Address, n: SignInNonce, overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}): string {
  return createSiweMessage({
    address,
    domain: n.domain,
    uri: n.uri,
    chainId: n.chainId,
    nonce: n.nonce,
    statement: n.statement,
    version: '1',
    issuedAt: new Date(n.issuedAt),
    expirationTime: new Date(n.expirationTime),
    ...overrides,
  });
}
