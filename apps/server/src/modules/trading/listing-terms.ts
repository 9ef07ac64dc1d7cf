/** A stored listing row as the seller's signed EIP-712 `Listing`, and that `Listing` as the wire message. */
import type { Listing } from '@att/contracts';
import type { ListingMessage } from '@att/shared';
import type { Address } from 'viem';

export function toMessage(l: Listing): ListingMessage {
  return {
    seller: l.seller.toLowerCase() as Address,
    collection: l.collection.toLowerCase() as Address,
    itemId: l.itemId.toString(),
    token: l.token.toLowerCase() as Address,
    pricePerOne: l.pricePerOne.toString(),
    amount: l.amount.toString(),
    editionSize: l.editionSize.toString(),
    royaltyBps: l.royaltyBps.toString(),
    feeBps: l.feeBps.toString(),
    expiry: l.expiry.toString(),
    salt: l.salt.toString(),
    counter: l.counter.toString(),
  };
}

/** The Listing a stored row stands for. */
export function listingOf(
  row: {
    seller_address: string;
    collection_address: string | null;
    token_address: string | null;
    unit_price: string;
    quantity: number;
    edition_size: number;
    royalty_bps: number;
    fee_bps: number;
    expiry: string | null;
    salt: string | null;
    counter: string | null;
  },
  tokenId: string,
): Listing {
  return {
    seller: row.seller_address as Address,
    collection: row.collection_address as Address,
    itemId: BigInt(tokenId),
    token: row.token_address as Address,
    pricePerOne: BigInt(row.unit_price),
    amount: BigInt(row.quantity),
    editionSize: BigInt(row.edition_size),
    royaltyBps: BigInt(row.royalty_bps),
    feeBps: BigInt(row.fee_bps),
    expiry: BigInt(row.expiry ?? 0),
    salt: BigInt(row.salt ?? 0),
    counter: BigInt(row.counter ?? 0),
  };
}
