/**
 * What a member's own wallet does in a trade, for the code that acts as members from Node: the demo trades
 * (`db/seed-trades.ts`) and the trading tests. The Listing a seller signs, the `buyNft` and `transferWithMint`
 * calls built from the server's replies, and the EIP-4361 sign-in message the web would build. Never used to
 * move anything on a member's behalf: the caller holds the member's key.
 */
import {
  buildListing,
  buyNftCall as marketBuyNftCall,
  KLAY_TOKEN,
  listingFromWire,
  marketAbi,
  reservationFromWire,
  transferFromWire,
  transferWithMintCall as marketTransferWithMintCall,
  type Listing,
} from '@att/contracts';
import { Token, type SaleSymbol } from '@att/shared';
import type { Address, Hex, PublicClient } from 'viem';
import { systemClock } from '../platform/clock';

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

/** The Listing to sign (the contracts' `buildListing`); it expires `expirySeconds` after the later of the chain's time and the wall clock. */
export async function newListing(client: PublicClient, o: NewListing): Promise<Listing> {
  const now = (await client.getBlock()).timestamp;
  const wall = BigInt(Math.floor(systemClock().getTime() / 1000));
  const counter =
    o.counter ??
    (await client.readContract({ address: o.market, abi: marketAbi, functionName: 'counterOf', args: [o.seller] }));
  return buildListing({
    seller: o.seller,
    collection: o.items,
    itemId: o.tokenId,
    token: o.symbol === Token.ATT ? o.att : KLAY_TOKEN,
    pricePerOne: o.price,
    amount: o.quantity,
    lazy: o.lazy,
    feeBps: o.feeBps,
    expiry: (now > wall ? now : wall) + BigInt(o.expirySeconds),
    salt: o.salt,
    counter,
  });
}

/** What `/nft/instance/purchase` answers (the parts `buyNft` takes). */
export interface PurchaseData {
  listing: Record<keyof Listing, string>;
  sellerSignature: string;
  reservation: { buyer: string; amount: string; id: string; expiry: string };
  signResult: string;
  totalPrice: string;
}

/** `buyNft` from the purchase reply: the contracts' one call (its gas limit, KLAY as msg.value); for `writeContract`. */
export function buyNftCall(market: Address, d: PurchaseData) {
  const r = reservationFromWire(d.reservation);
  return marketBuyNftCall(market, {
    listing: listingFromWire(d.listing),
    sellerSignature: d.sellerSignature as Hex,
    reservation: r,
    validatorSignature: d.signResult as Hex,
  });
}

/** `transferWithMint(transfer, validatorSignature)` from the `/nft/transfer` reply; for `writeContract`. */
export function transferWithMintCall(market: Address, d: { transfer: Record<string, string>; signResult: string }) {
  return marketTransferWithMintCall(
    market,
    transferFromWire(d.transfer as Parameters<typeof transferFromWire>[0]),
    d.signResult as Hex,
  );
}
