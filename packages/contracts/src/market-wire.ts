/**
 * The Market's structs from the server's replies: the API carries uint256 fields as decimal strings and addresses
 * as text; the contract calls take bigints and checksummed addresses. One conversion for the web's trade calls,
 * the server's demo trades and the trading tests.
 */
import { getAddress, type Hex } from 'viem';
import type {
  AcceptParams,
  AuctionParams,
  CollectionAcceptParams,
  CollectionOfferParams,
  Listing,
  OfferParams,
  TransferParams,
} from './eip712';

type Wire<T> = { readonly [K in keyof T]: string };

/** A signed `Listing` as `/nft/instance/purchase` and `/nft/cancel/sale` return it. */
export function listingFromWire(l: Wire<Listing>): Listing {
  return {
    seller: getAddress(l.seller),
    collection: getAddress(l.collection),
    itemId: BigInt(l.itemId),
    token: getAddress(l.token),
    pricePerOne: BigInt(l.pricePerOne),
    amount: BigInt(l.amount),
    editionSize: BigInt(l.editionSize),
    royaltyBps: BigInt(l.royaltyBps),
    feeBps: BigInt(l.feeBps),
    expiry: BigInt(l.expiry),
    salt: BigInt(l.salt),
    counter: BigInt(l.counter),
  };
}

/** The validator's reservation, as `buyNft` takes it (the listing hash is implied by the listing argument). */
export function reservationFromWire(r: { buyer: string; amount: string; id: string; expiry: string }) {
  return { buyer: getAddress(r.buyer), amount: BigInt(r.amount), id: BigInt(r.id), expiry: BigInt(r.expiry) };
}

/** A validator-signed `Transfer` as `/nft/transfer` returns it, for `transferWithMint`. */
export function transferFromWire(t: Wire<TransferParams>): TransferParams {
  return {
    id: BigInt(t.id),
    collection: getAddress(t.collection),
    itemId: BigInt(t.itemId),
    from: getAddress(t.from),
    to: getAddress(t.to),
    amount: BigInt(t.amount),
    mintAmount: BigInt(t.mintAmount),
    editionSize: BigInt(t.editionSize),
    royaltyBps: BigInt(t.royaltyBps),
    expiry: BigInt(t.expiry),
  };
}

/** A validator-signed `Offer` as `/nft/offer` returns it, for `makeOffer`. */
export function offerFromWire(o: Wire<OfferParams>): OfferParams {
  return {
    id: BigInt(o.id),
    collection: getAddress(o.collection),
    itemId: BigInt(o.itemId),
    amount: BigInt(o.amount),
    buyer: getAddress(o.buyer),
    token: getAddress(o.token),
    pricePerOne: BigInt(o.pricePerOne),
    expiry: BigInt(o.expiry),
  };
}

/** A validator-signed `Accept` as `/nft/offer/accept` returns it, for `acceptOffer`. */
export function acceptFromWire(a: Wire<AcceptParams>): AcceptParams {
  return {
    id: BigInt(a.id),
    offerId: BigInt(a.offerId),
    seller: getAddress(a.seller),
    amount: BigInt(a.amount),
    mintAmount: BigInt(a.mintAmount),
    editionSize: BigInt(a.editionSize),
    royaltyBps: BigInt(a.royaltyBps),
    expiry: BigInt(a.expiry),
  };
}

/** A validator-signed `CollectionOffer`, for `makeCollectionOffer`. */
export function collectionOfferFromWire(o: Wire<CollectionOfferParams>): CollectionOfferParams {
  return {
    id: BigInt(o.id),
    collection: getAddress(o.collection),
    criteria: hex32(o.criteria),
    amount: BigInt(o.amount),
    buyer: getAddress(o.buyer),
    token: getAddress(o.token),
    pricePerOne: BigInt(o.pricePerOne),
    expiry: BigInt(o.expiry),
  };
}

/** A validator-signed `CollectionAccept`, for `acceptCollectionOffer`. */
export function collectionAcceptFromWire(a: Wire<CollectionAcceptParams>): CollectionAcceptParams {
  return {
    id: BigInt(a.id),
    offerId: BigInt(a.offerId),
    seller: getAddress(a.seller),
    itemId: BigInt(a.itemId),
    amount: BigInt(a.amount),
    mintAmount: BigInt(a.mintAmount),
    editionSize: BigInt(a.editionSize),
    royaltyBps: BigInt(a.royaltyBps),
    expiry: BigInt(a.expiry),
  };
}

/** The API's text of a Market struct: uint256 as decimal strings, addresses and bytes32 as 0x hex. */
export function collectionOfferToWire(o: CollectionOfferParams): Wire<CollectionOfferParams> {
  return toWire(o);
}

export function collectionAcceptToWire(a: CollectionAcceptParams): Wire<CollectionAcceptParams> {
  return toWire(a);
}

function toWire<T extends Record<string, bigint | string | boolean>>(v: T): Wire<T> {
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)])) as Wire<T>;
}

/** A 0x-prefixed 32-byte hex value (a Merkle root, a proof node), lowercased; anything else is refused. */
export function hex32(v: string): Hex {
  if (!/^0x[0-9a-fA-F]{64}$/.test(v)) throw new Error(`not a 32-byte hex value: ${v}`);
  return v.toLowerCase() as Hex;
}

/** The validator-signed auction terms of `/nft/all/sale` saleType 2, as `registerAuction` takes them. */
export function auctionFromWire(a: Omit<Wire<AuctionParams>, 'isMinting'> & { isMinting: boolean }): AuctionParams {
  return {
    id: BigInt(a.id),
    collection: getAddress(a.collection),
    itemId: BigInt(a.itemId),
    seller: getAddress(a.seller),
    token: getAddress(a.token),
    startPrice: BigInt(a.startPrice),
    endTime: BigInt(a.endTime),
    isMinting: a.isMinting,
    editionSize: BigInt(a.editionSize),
    royaltyBps: BigInt(a.royaltyBps),
    expiry: BigInt(a.expiry),
  };
}
