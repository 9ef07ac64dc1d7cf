/** Cart helpers for the tests: a seller-signed listing with its validator-signed Buy, as `buyNfts` takes them. */
import { parseEventLogs, type TransactionReceipt } from 'viem';
import { marketAbi } from '../src/generated/contracts';
import type { BuyReservation, Listing } from '../src/eip712';
import type { Fixture } from './helpers';

export interface CartEntry {
  listing: Listing;
  reservation: BuyReservation;
}

/** A listing of the fixture's default shape and a reservation of all of it for the buyer. */
export async function cartEntry(f: Fixture, o: Partial<Listing> = {}, r: Partial<BuyReservation> = {}) {
  const listing = await f.listing(o);
  return { listing, reservation: await f.reservation(listing, r) };
}

/** The `CartOrder` structs of `entries`, signed (the seller's key unless `sellerKey`) and reserved. */
export async function cartOrders(f: Fixture, entries: CartEntry[], sellerKey?: `0x${string}`) {
  return Promise.all(
    entries.map(async (e) => ({
      listing: e.listing,
      sellerSignature: await f.signListing(e.listing, sellerKey),
      reservation: e.reservation,
      validatorSignature: await f.sign('Buy', e.reservation),
    })),
  );
}

/** The listing digests the receipt's `NftBought` events name, in order. */
export const boughtHashes = (r: TransactionReceipt) =>
  parseEventLogs({ abi: marketAbi, logs: r.logs, eventName: 'NftBought' }).map((e) => e.args.listingHash);

/** What the buyer paid in gas for `r`. */
export const gasCost = (r: TransactionReceipt) => r.gasUsed * r.effectiveGasPrice;
