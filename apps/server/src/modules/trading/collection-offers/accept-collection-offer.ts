/**
 * `/nft/collection/offer/accept`: the validator-signed `CollectionAccept` of `amount` pieces of the caller's item into
 * a valid collection offer, held by the accept steps every accept takes (`offers/accept-steps.ts`: one transaction,
 * the one lock order, one conditional UPDATE of the offer, the seller's pieces held until the accept is used on chain
 * or its deadline passes). The item must be one the offer covers: of its collection, and one of the token ids stored
 * with it (an item published after the offer is refused); the reply carries the item's Merkle proof against the
 * offer's `criteria`, rebuilt from those ids before the transaction (they never change), which the Market checks.
 */
import { criteriaTree } from '@att/contracts';
import { ANY_ITEM_CRITERIA, ReturnCode } from '@att/shared';
import type { Address, Hex } from 'viem';
import { AppError } from '../../../platform/http/app-error';
import type { AuthedMember } from '../../../platform/http/auth';
import type { Uses } from '../../../platform/deps';
import type { TradingChain } from '../market-chain';
import { liveItem, type ItemRow } from '../order-book';
import { acceptTerms, acceptedMoney, holdAccept, offerRefusal } from '../offers/accept-steps';
import { signingNow } from '../signing-clock';
import type { Db } from '../../schema';
import {
  collectionOfferById,
  coveredTokenIds,
  insertCollectionAccept,
  openCollectionAcceptOf,
  reserveCollectionOffer,
  type CollectionOfferRow,
} from '../order-book/collection-offers/collection-offers-repository';

/** The item's Merkle proof against the offer's criteria; refused (2) when the offer does not cover the item. */
async function proofOf(db: Db, offer: CollectionOfferRow, item: ItemRow): Promise<Hex[]> {
  if (item.collection_idx !== offer.collection_idx)
    throw new AppError(ReturnCode.NoAuthority, 'the item is not of the offer’s collection');
  if (offer.criteria === ANY_ITEM_CRITERIA) return [];
  const proof = criteriaTree((await coveredTokenIds(db, String(offer.offer_idx))).map(BigInt)).proof(
    BigInt(item.token_id),
  );
  if (!proof)
    throw new AppError(ReturnCode.NoAuthority, 'the item was published after the offer: it does not cover it');
  return proof;
}

export async function acceptCollectionOffer(
  deps: Uses<'db' | 'now' | 'config'>,
  chain: TradingChain,
  member: AuthedMember,
  body: { offerIdx: number; productIdx: number; amount: number },
) {
  const seller = member.address.toLowerCase() as Address;
  const offerIdx = String(body.offerIdx);
  const now = await signingNow(deps, chain);
  const first = await collectionOfferById(deps.db, offerIdx);
  const early = offerRefusal(first, seller, now);
  if (early) throw early;
  const item = await liveItem(deps.db, body.productIdx);
  if (!item) throw new AppError(ReturnCode.ProductNotFound, 'no such item');
  const proof = await proofOf(deps.db, first!, item);
  const out = await holdAccept(
    deps,
    { offerIdx, item, seller, amount: body.amount, now },
    {
      lock: { collectionOffers: [offerIdx] },
      byId: (trx) => collectionOfferById(trx, offerIdx),
      waiting: (trx) => openCollectionAcceptOf(trx, offerIdx, item.item_idx, seller, now),
      reserve: (trx, amount) => reserveCollectionOffer(trx, offerIdx, amount, now),
      insert: (trx, a) => insertCollectionAccept(trx, { offerIdx, itemIdx: item.item_idx, seller, ...a }),
      limits: 'collection_offer_accepts',
    },
    async (offer, held) => {
      const accept = { ...acceptTerms(item, offerIdx, seller, held), itemId: BigInt(item.token_id) };
      return { offer, accept, expiresAt: held.expiresAt, signResult: await chain.sign('CollectionAccept', accept) };
    },
  );
  const money = acceptedMoney(out.offer, item, body.amount, out.accept);
  return {
    acceptId: out.accept.id.toString(),
    amount: body.amount,
    mintAmount: Number(out.accept.mintAmount),
    offerIdx,
    expireDate: out.expiresAt.toISOString(),
    market: chain.market.toLowerCase(),
    accept: money.accept,
    proof: proof as string[],
    signResult: out.signResult,
    symbol: out.offer.symbol,
    price: money.price,
    netProceeds: money.netProceeds,
  };
}
