/**
 * The `/nft/all/sale` body for a signed fixed-price `Listing`: the price, quantity and uint256 terms are read from
 * the very struct the seller signed, so the body can never carry other terms than the signature covers. One mapping
 * for the web's sell flow, the server's demo trades and the trading tests.
 */
import type { z } from 'zod';
import type { SaleSymbol, saleRegisterRequest } from './trading';

export type SaleRegisterBody = z.input<typeof saleRegisterRequest>;

/** The Listing's terms the body carries (the EIP-712 `Listing` of `@att/contracts` fits as it is). */
export interface SignedListingTerms {
  pricePerOne: bigint;
  amount: bigint;
  editionSize: bigint;
  royaltyBps: bigint;
  feeBps: bigint;
  expiry: bigint;
  salt: bigint;
  counter: bigint;
}

export interface SaleRequestParts {
  auth: { id: string; ticketId: string };
  productId: number;
  symbol: SaleSymbol;
  /** The sale period the seller chose, minutes (the signed expiry is its on-chain form). */
  expireMinute: number;
  listing: SignedListingTerms;
  signature: string;
}

/** The request body of a fixed-price listing (saleType 1). */
export function saleRequestBody(p: SaleRequestParts): SaleRegisterBody {
  const l = p.listing;
  return {
    id: p.auth.id,
    ticketId: p.auth.ticketId,
    productId: p.productId,
    saleQuantity: Number(l.amount),
    saleType: 1,
    saleSymbol: p.symbol,
    salePrice: l.pricePerOne.toString(),
    expireMinute: p.expireMinute,
    listing: {
      expiry: l.expiry.toString(),
      salt: l.salt.toString(),
      counter: l.counter.toString(),
      feeBps: Number(l.feeBps),
      editionSize: Number(l.editionSize),
      royaltyBps: Number(l.royaltyBps),
    },
    signature: p.signature,
  };
}
