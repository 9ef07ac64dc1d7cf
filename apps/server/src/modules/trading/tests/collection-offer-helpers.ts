/** Collection offer helpers for the trading tests: a collection of several items, the signed terms, and the chain calls. */
import {
  DEV_ROLE_KEYS,
  acceptCollectionOfferCall,
  cancelCollectionOfferCall,
  collectionAcceptFromWire,
  collectionOfferFromWire,
  makeCollectionOfferCall,
  marketDomain,
  signMarket,
  type CollectionAcceptParams,
} from '@att/contracts';
import type { CollectionAcceptMessage, CollectionOfferMessage } from '@att/shared';
import type { Hex } from 'viem';
import { publish, type ChainTest, type Trader } from '../../../../test/chain';

/** The collection offer events (findings/collection-offer-events-are-undone-exactly.test.ts undoes each). */
export const COLLECTION_OFFER_EVENTS = [
  'CollectionOfferMade',
  'CollectionOfferAccepted',
  'CollectionOfferCancelled',
] as const;

export interface CollectionOfferData {
  offerIdx: string;
  price: string;
  offer: CollectionOfferMessage;
  signResult: Hex;
}
export interface CollectionAcceptData {
  acceptId: string;
  mintAmount: number;
  accept: CollectionAcceptMessage;
  proof: Hex[];
  signResult: Hex;
  price: string;
  netProceeds: string;
}

/** A new collection of `creator` with one item per entry of `supplies` (unminted, held by the creator). */
export async function collectionOf(c: ChainTest, creator: Trader, supplies: number[]) {
  const first = await publish(c, creator, supplies[0]!);
  const items = [first];
  for (const supply of supplies.slice(1)) items.push(await publish(c, creator, supply, first.collectionIdx));
  return { collectionIdx: first.collectionIdx, items };
}

type OfferTerms = {
  amount: number;
  price: bigint;
  symbol?: 'ATT' | 'KLAY';
  expireMinute?: number;
  traits?: { traitType: string; values: string[] }[];
};

export const collectionOfferReq = (c: ChainTest, who: Trader, collectionIdx: number, o: OfferTerms) =>
  c.t.post('/nft/collection/offer', {
    ...who.auth,
    collectionIdx,
    pricePerOne: o.price.toString(),
    amount: o.amount,
    symbol: o.symbol ?? 'ATT',
    ...(o.expireMinute ? { expireMinute: o.expireMinute } : {}),
    ...(o.traits ? { traits: o.traits } : {}),
  });

/** Sends a make reply's `makeCollectionOffer` as `who`. */
export async function sendCollectionOffer(c: ChainTest, who: Trader, d: CollectionOfferData) {
  const call = makeCollectionOfferCall(c.d.market, collectionOfferFromWire(d.offer), d.signResult);
  return who.mined(await who.wallet.writeContract(call));
}

/** The server's signed collection offer, sent on chain by `who` (escrowing it); returns the offer's id. */
export async function makeCollectionOffer(c: ChainTest, who: Trader, collectionIdx: number, o: OfferTerms) {
  const r = await collectionOfferReq(c, who, collectionIdx, o);
  if (r.returnCode !== 0) throw new Error(`/nft/collection/offer: ${r.returnCode}`);
  await sendCollectionOffer(c, who, r.body.data as CollectionOfferData);
  return (r.body.data as CollectionOfferData).offerIdx;
}

export const collectionAcceptReq = (
  c: ChainTest,
  who: Trader,
  offerIdx: string | number,
  productIdx: number,
  amount: number,
) => c.t.post('/nft/collection/offer/accept', { ...who.auth, offerIdx: Number(offerIdx), productIdx, amount });

/** Sends an accept reply's `acceptCollectionOffer` as `who`. */
export async function sendCollectionAccept(c: ChainTest, who: Trader, d: CollectionAcceptData) {
  return who.mined(
    await who.wallet.writeContract(
      acceptCollectionOfferCall(c.d.market, collectionAcceptFromWire(d.accept), d.proof, d.signResult),
    ),
  );
}

/** The server's signed accept of `amount` pieces of the item, sent on chain by `who`. */
export async function acceptCollectionOffer(
  c: ChainTest,
  who: Trader,
  offerIdx: string,
  productIdx: number,
  amount: number,
): Promise<CollectionAcceptData> {
  const r = await collectionAcceptReq(c, who, offerIdx, productIdx, amount);
  if (r.returnCode !== 0) throw new Error(`/nft/collection/offer/accept: ${r.returnCode}`);
  const d = r.body.data as CollectionAcceptData;
  await sendCollectionAccept(c, who, d);
  return d;
}

/** The buyer's own `cancelCollectionOffer` of `amount` pieces (anyone's once expired). */
export async function cancelCollectionOffer(c: ChainTest, who: Trader, offerIdx: string, amount: number) {
  return who.mined(
    await who.wallet.writeContract(cancelCollectionOfferCall(c.d.market, BigInt(offerIdx), BigInt(amount))),
  );
}

export const collectionOfferRow = (c: ChainTest, offerIdx: string) =>
  c.t.db
    .selectFrom('collection_offers')
    .select(['state', 'remaining', 'reserved', 'quantity'])
    .where('offer_idx', '=', offerIdx)
    .executeTakeFirstOrThrow();

/**
 * Simulates `seller`'s accept of one piece of `itemId` into offer `offerIdx` under a `CollectionAccept` the test
 * signs with the validator's key (a leaked key: the server never signed it), with `proof`; resolves when the Market
 * would fill it, rejects with its error otherwise.
 */
export async function simulateForgedAccept(
  c: ChainTest,
  seller: Trader,
  a: { offerIdx: string; itemId: string; acceptId: bigint; proof: readonly Hex[] },
) {
  const { timestamp } = await c.client.getBlock();
  const params: CollectionAcceptParams = {
    id: a.acceptId,
    offerId: BigInt(a.offerIdx),
    seller: seller.wallet.account.address,
    itemId: BigInt(a.itemId),
    amount: 1n,
    mintAmount: 1n,
    editionSize: 1n,
    royaltyBps: 0n,
    expiry: timestamp + 600n,
  };
  const domain = marketDomain(c.t.config.chainId, c.d.market);
  const signature = await signMarket(DEV_ROLE_KEYS.validator, domain, 'CollectionAccept', params);
  return c.client.simulateContract({
    ...acceptCollectionOfferCall(c.d.market, params, [...a.proof], signature),
    account: seller.wallet.account,
  });
}
