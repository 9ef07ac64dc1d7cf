/** The tests' default orders: every field a test does not set, for each message type of the Market. */
import { parseEther, zeroHash, type Address, type Hex } from 'viem';
import type { Deployment } from '../src/deploy';
import type {
  AcceptParams,
  AuctionParams,
  BuyReservation,
  CollectionAcceptParams,
  CollectionOfferParams,
  Listing,
  OfferParams,
  TransferParams,
} from '../src/eip712';
import { buildListing } from '../src/market-client';

export interface ParamsContext {
  addr: Address[];
  d: Deployment;
  ITEM: bigint;
  feeBps: number;
  /** The next fresh id (ids, salts). */
  id: () => bigint;
  /** The chain's time plus `s` seconds. */
  expiryIn: (s?: number) => Promise<bigint>;
  listingHash: (l: Listing) => Hex;
}

/** The fixture's accounts by role (anvil account index). */
export const ROLE = {
  owner: 0,
  validator: 1,
  feeReceiver: 2,
  seller: 3,
  buyer: 4,
  bidder: 5,
  other: 6,
  author: 7,
  extra1: 8,
  extra2: 9,
} as const;

export function defaultParams(c: ParamsContext) {
  /** The default listing (1 piece of ITEM at 10 ATT, a day), built by the market client; `o` overrides fields. */
  const listing = async (o: Partial<Listing> = {}): Promise<Listing> => ({
    ...buildListing({
      seller: c.addr[ROLE.seller]!,
      collection: c.d.items,
      itemId: c.ITEM,
      token: c.d.att,
      pricePerOne: parseEther('10'),
      amount: 1n,
      feeBps: c.feeBps,
      expiry: await c.expiryIn(86_400),
      salt: c.id(),
      counter: 0n,
    }),
    ...o,
  });
  const reservation = async (l: Listing, o: Partial<BuyReservation> = {}): Promise<BuyReservation> => ({
    listingHash: c.listingHash(l),
    buyer: c.addr[ROLE.buyer]!,
    amount: l.amount,
    id: c.id(),
    expiry: await c.expiryIn(),
    ...o,
  });
  const auctionParams = async (o: Partial<AuctionParams> = {}): Promise<AuctionParams> => ({
    id: c.id(),
    collection: c.d.items,
    itemId: c.ITEM,
    seller: c.addr[ROLE.seller]!,
    token: c.d.att,
    startPrice: parseEther('1'),
    endTime: await c.expiryIn(86_400),
    isMinting: false,
    editionSize: 0n,
    royaltyBps: 0n,
    expiry: await c.expiryIn(),
    ...o,
  });
  const offerParams = async (o: Partial<OfferParams> = {}): Promise<OfferParams> => ({
    id: c.id(),
    collection: c.d.items,
    itemId: c.ITEM,
    amount: 1n,
    buyer: c.addr[ROLE.buyer]!,
    token: c.d.att,
    pricePerOne: parseEther('5'),
    expiry: await c.expiryIn(86_400),
    ...o,
  });
  const acceptParams = async (o: Partial<AcceptParams> & { offerId: bigint }): Promise<AcceptParams> => ({
    id: c.id(),
    seller: c.addr[ROLE.seller]!,
    amount: 1n,
    mintAmount: 0n,
    editionSize: 0n,
    royaltyBps: 0n,
    expiry: await c.expiryIn(),
    ...o,
  });
  const transferParams = async (o: Partial<TransferParams> = {}): Promise<TransferParams> => ({
    id: c.id(),
    collection: c.d.items,
    itemId: c.ITEM,
    from: c.addr[ROLE.seller]!,
    to: c.addr[ROLE.buyer]!,
    amount: 1n,
    mintAmount: 0n,
    editionSize: 0n,
    royaltyBps: 0n,
    expiry: await c.expiryIn(),
    ...o,
  });

  /** The default collection offer: 1 piece of any item of Items at 5 ATT, a day. */
  const collectionOfferParams = async (o: Partial<CollectionOfferParams> = {}): Promise<CollectionOfferParams> => ({
    id: c.id(),
    collection: c.d.items,
    criteria: zeroHash,
    amount: 1n,
    buyer: c.addr[ROLE.buyer]!,
    token: c.d.att,
    pricePerOne: parseEther('5'),
    expiry: await c.expiryIn(86_400),
    ...o,
  });
  /** The seller's sale of one piece of ITEM into the collection offer `offerId`. */
  const collectionAcceptParams = async (
    o: Partial<CollectionAcceptParams> & { offerId: bigint },
  ): Promise<CollectionAcceptParams> => ({
    id: c.id(),
    seller: c.addr[ROLE.seller]!,
    itemId: c.ITEM,
    amount: 1n,
    mintAmount: 0n,
    editionSize: 0n,
    royaltyBps: 0n,
    expiry: await c.expiryIn(),
    ...o,
  });

  return {
    listing,
    reservation,
    auctionParams,
    offerParams,
    acceptParams,
    transferParams,
    collectionOfferParams,
    collectionAcceptParams,
  };
}
