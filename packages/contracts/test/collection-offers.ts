/** Collection offers in tests: made, accepted and cancelled through the market client's calls, signed here. */
import type { Address, Hex } from 'viem';
import type { CollectionAcceptParams, CollectionOfferParams } from '../src/eip712';
import {
  acceptCollectionOfferCall,
  cancelCollectionOfferCall,
  getCollectionOfferRead,
  makeCollectionOfferCall,
} from '../src/market-client';
import { ROLE, type Fixture } from './helpers';

export interface CollectionOfferView {
  buyer: Address;
  expiry: bigint;
  feeBps: number;
  collection: Address;
  token: Address;
  criteria: Hex;
  pricePerOne: bigint;
  remaining: bigint;
}

export function collectionOffers(f: Fixture) {
  /** The buyer (or `who`) makes a collection offer; KLAY sends the exact escrow unless `value` says otherwise. */
  const make = async (o: Partial<CollectionOfferParams> = {}, opts: { value?: bigint; who?: number } = {}) => {
    const p = await f.collectionOfferParams(o);
    const c = makeCollectionOfferCall(f.d.market, p, await f.sign('CollectionOffer', p));
    const receipt = await f.sendCall(
      opts.who ?? ROLE.buyer,
      opts.value === undefined ? c : { ...c, value: opts.value },
    );
    return { p, receipt };
  };
  /** The seller (or `who`) sells into `offerId`; `proof` for an offer with criteria. */
  const accept = async (
    offerId: bigint,
    o: Partial<CollectionAcceptParams> = {},
    opts: { who?: number; proof?: Hex[] } = {},
  ) => {
    const a = await f.collectionAcceptParams({ offerId, ...o });
    const c = acceptCollectionOfferCall(f.d.market, a, opts.proof ?? [], await f.sign('CollectionAccept', a));
    const receipt = await f.sendCall(opts.who ?? f.addr.findIndex((x) => x === a.seller), c);
    return { a, receipt };
  };
  const cancel = (offerId: bigint, amount: bigint, who: number = ROLE.buyer) =>
    f.sendCall(who, cancelCollectionOfferCall(f.d.market, offerId, amount));
  const view = (offerId: bigint) =>
    f.pub.readContract(getCollectionOfferRead(f.d.market, offerId)) as Promise<CollectionOfferView>;
  return { make, accept, cancel, view };
}
