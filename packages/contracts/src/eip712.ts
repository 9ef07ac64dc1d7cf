/**
 * The Market's EIP-712 domain and types, shared by the server's signer (validator key), the web (the seller's
 * wallet signs `Listing`) and the tests. They must match the contracts' `*_TYPEHASH`
 * (`test/market/signatures.test.ts` checks that they do). Parameter types are derived from `marketTypes`.
 *
 * Who signs what: the seller signs a `Listing`; the validator co-signs `Buy` (a reservation of a listing for one
 * buyer), `Auction`, `Offer`, `Accept`, `CollectionOffer`, `CollectionAccept` and `Transfer`, which the member then sends as their own transaction.
 */
import { hashTypedData, type Address, type Hex, type TypedDataDefinition, type TypedDataDomain } from 'viem';
import { signTypedData } from 'viem/accounts';

export const MARKET_EIP712_NAME = 'AttMarket';
export const MARKET_EIP712_VERSION = '1';

export function marketDomain(chainId: number, market: Address): TypedDataDomain {
  return { name: MARKET_EIP712_NAME, version: MARKET_EIP712_VERSION, chainId, verifyingContract: market };
}

export const marketTypes = {
  Listing: [
    { name: 'seller', type: 'address' },
    { name: 'collection', type: 'address' },
    { name: 'itemId', type: 'uint256' },
    { name: 'token', type: 'address' },
    { name: 'pricePerOne', type: 'uint256' },
    { name: 'amount', type: 'uint256' },
    { name: 'editionSize', type: 'uint256' },
    { name: 'royaltyBps', type: 'uint256' },
    { name: 'feeBps', type: 'uint256' },
    { name: 'expiry', type: 'uint256' },
    { name: 'salt', type: 'uint256' },
    { name: 'counter', type: 'uint256' },
  ],
  Buy: [
    { name: 'listingHash', type: 'bytes32' },
    { name: 'buyer', type: 'address' },
    { name: 'amount', type: 'uint256' },
    { name: 'id', type: 'uint256' },
    { name: 'expiry', type: 'uint256' },
  ],
  Auction: [
    { name: 'id', type: 'uint256' },
    { name: 'collection', type: 'address' },
    { name: 'itemId', type: 'uint256' },
    { name: 'seller', type: 'address' },
    { name: 'token', type: 'address' },
    { name: 'startPrice', type: 'uint256' },
    { name: 'endTime', type: 'uint256' },
    { name: 'isMinting', type: 'bool' },
    { name: 'editionSize', type: 'uint256' },
    { name: 'royaltyBps', type: 'uint256' },
    { name: 'expiry', type: 'uint256' },
  ],
  Offer: [
    { name: 'id', type: 'uint256' },
    { name: 'collection', type: 'address' },
    { name: 'itemId', type: 'uint256' },
    { name: 'amount', type: 'uint256' },
    { name: 'buyer', type: 'address' },
    { name: 'token', type: 'address' },
    { name: 'pricePerOne', type: 'uint256' },
    { name: 'expiry', type: 'uint256' },
  ],
  Accept: [
    { name: 'id', type: 'uint256' },
    { name: 'offerId', type: 'uint256' },
    { name: 'seller', type: 'address' },
    { name: 'amount', type: 'uint256' },
    { name: 'mintAmount', type: 'uint256' },
    { name: 'editionSize', type: 'uint256' },
    { name: 'royaltyBps', type: 'uint256' },
    { name: 'expiry', type: 'uint256' },
  ],
  CollectionOffer: [
    { name: 'id', type: 'uint256' },
    { name: 'collection', type: 'address' },
    { name: 'criteria', type: 'bytes32' },
    { name: 'amount', type: 'uint256' },
    { name: 'buyer', type: 'address' },
    { name: 'token', type: 'address' },
    { name: 'pricePerOne', type: 'uint256' },
    { name: 'expiry', type: 'uint256' },
  ],
  CollectionAccept: [
    { name: 'id', type: 'uint256' },
    { name: 'offerId', type: 'uint256' },
    { name: 'seller', type: 'address' },
    { name: 'itemId', type: 'uint256' },
    { name: 'amount', type: 'uint256' },
    { name: 'mintAmount', type: 'uint256' },
    { name: 'editionSize', type: 'uint256' },
    { name: 'royaltyBps', type: 'uint256' },
    { name: 'expiry', type: 'uint256' },
  ],
  Transfer: [
    { name: 'id', type: 'uint256' },
    { name: 'collection', type: 'address' },
    { name: 'itemId', type: 'uint256' },
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'amount', type: 'uint256' },
    { name: 'mintAmount', type: 'uint256' },
    { name: 'editionSize', type: 'uint256' },
    { name: 'royaltyBps', type: 'uint256' },
    { name: 'expiry', type: 'uint256' },
  ],
} as const;

export type MarketPrimaryType = keyof typeof marketTypes;
/** The message of each primary type, derived from `marketTypes` (addresses, bigints, booleans, hex). */
export type MarketMessages = { [K in MarketPrimaryType]: TypedDataDefinition<typeof marketTypes, K>['message'] };

/** Signed by the seller's wallet. `token` is the zero address for KLAY; fees are basis points; amounts wei. */
export type Listing = MarketMessages['Listing'];
/** The validator's reservation of `amount` pieces of a listing for `buyer`. */
export type BuyReservation = MarketMessages['Buy'];
export type AuctionParams = MarketMessages['Auction'];
export type OfferParams = MarketMessages['Offer'];
export type AcceptParams = MarketMessages['Accept'];
export type TransferParams = MarketMessages['Transfer'];
/** A collection offer: `criteria` zero for any item of the collection, else a Merkle root of item ids (`merkle.ts`). */
export type CollectionOfferParams = MarketMessages['CollectionOffer'];
/** A holder's sale of `amount` pieces of `itemId` into the collection offer `offerId`. */
export type CollectionAcceptParams = MarketMessages['CollectionAccept'];

/** The typed data of a Market message, ready for viem's `signTypedData` (wallet) or `hashTypedData`. */
export function marketTypedData<K extends MarketPrimaryType>(
  domain: TypedDataDomain,
  primaryType: K,
  message: MarketMessages[K],
) {
  return { domain, types: marketTypes, primaryType, message } as TypedDataDefinition<typeof marketTypes, K>;
}

/** The EIP-712 digest of a listing: what the seller signs and the key of its fills (`Buy.listingHash`). */
export function hashListing(domain: TypedDataDomain, listing: Listing): Hex {
  return hashTypedData(marketTypedData(domain, 'Listing', listing));
}

/** Signs a Market message with a private key: the validator's co-signatures (server) and, in tests, sellers. */
export function signMarket<K extends MarketPrimaryType>(
  key: Hex,
  domain: TypedDataDomain,
  primaryType: K,
  message: MarketMessages[K],
): Promise<Hex> {
  return signTypedData({ privateKey: key, ...marketTypedData(domain, primaryType, message) } as Parameters<
    typeof signTypedData
  >[0]);
}
