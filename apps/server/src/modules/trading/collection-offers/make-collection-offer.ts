/**
 * `/nft/collection/offer`: the validator-signed `CollectionOffer` of `amount` pieces of any live item of a collection
 * at `pricePerOne` in `symbol`, stored as a pending collection offer (its id is the offer's single-use id) that the
 * indexer makes valid when the buyer's own `makeCollectionOffer` escrows it. The items are the collection's as they are
 * now: their token ids are stored with the offer and their Merkle root is the signed `criteria`, so the Market itself
 * refuses any other token of the one Items contract, whoever signs the accept (an item published later is not covered).
 * A trait offer (`traits`, the item list's filter and matching) covers only the live items the filter matches, and
 * keeps the filter for its lists. Refused for a collection that is deleted or hidden (254) or has no live item (that
 * the filter matches: 258). The fee in force is read from the
 * chain and the tree built before the transaction; signed inside it (a local key), so a row exists exactly for every
 * signature that left the server.
 */
import { criteriaTree } from '@att/contracts';
import { OFFER_DEFAULT_MINUTES, ReturnCode, trimTraitFilter, type TokenSymbol, type TraitFilter } from '@att/shared';
import type { Address } from 'viem';
import { AppError } from '../../../platform/http/app-error';
import type { AuthedMember } from '../../../platform/http/auth';
import type { Uses } from '../../../platform/deps';
import { visibleCollections } from '../../collections';
import type { TradingChain } from '../market-chain';
import { signingNow } from '../signing-clock';
import { insertCollectionOffer, liveTokenIdsOf } from '../order-book/collection-offers/collection-offers-repository';

export interface CollectionOfferBody {
  collectionIdx: number;
  pricePerOne: string;
  amount: number;
  symbol: TokenSymbol;
  expireMinute?: number;
  traits?: TraitFilter;
}

export async function makeCollectionOffer(
  deps: Uses<'db' | 'now'>,
  chain: TradingChain,
  member: AuthedMember,
  body: CollectionOfferBody,
) {
  const buyer = member.address.toLowerCase() as Address;
  if (!(await visibleCollections(deps.db, [body.collectionIdx])).has(body.collectionIdx))
    throw new AppError(ReturnCode.CollectionNotFound, 'no such collection');
  const traits = body.traits && body.traits.length > 0 ? trimTraitFilter(body.traits) : undefined;
  const tokenIds = await liveTokenIdsOf(deps.db, body.collectionIdx, traits);
  if (tokenIds.length === 0)
    throw new AppError(ReturnCode.ProductNotFound, traits ? 'no item carries these traits' : 'no item to offer on');
  const criteria = criteriaTree(tokenIds.map(BigInt)).root;
  const feeBps = await chain.marketFee();
  const now = await signingNow(deps, chain);
  const expiry = Math.floor(now.getTime() / 1000) + (body.expireMinute ?? OFFER_DEFAULT_MINUTES) * 60;
  const token = chain.tokenOf(body.symbol).toLowerCase() as Address;
  const collection = chain.items.toLowerCase() as Address;
  const { offerIdx, signResult } = await deps.db.transaction().execute(async (trx) => {
    const id = await insertCollectionOffer(trx, {
      collectionIdx: body.collectionIdx,
      criteria,
      tokenIds,
      buyer,
      symbol: body.symbol,
      token,
      unitPrice: body.pricePerOne,
      quantity: body.amount,
      feeBps,
      expiry,
      traits,
    });
    const message = {
      id: BigInt(id),
      collection,
      criteria,
      amount: BigInt(body.amount),
      buyer,
      token,
      pricePerOne: BigInt(body.pricePerOne),
      expiry: BigInt(expiry),
    };
    return { offerIdx: id, signResult: await chain.sign('CollectionOffer', message) };
  });
  return {
    offerIdx,
    collectionIdx: body.collectionIdx,
    symbol: body.symbol,
    itemCount: tokenIds.length,
    price: (BigInt(body.pricePerOne) * BigInt(body.amount)).toString(),
    expireDate: new Date(expiry * 1000).toISOString(),
    market: chain.market.toLowerCase(),
    offer: {
      id: offerIdx,
      collection,
      criteria,
      amount: String(body.amount),
      buyer,
      token,
      pricePerOne: body.pricePerOne,
      expiry: String(expiry),
    },
    signResult,
  };
}
