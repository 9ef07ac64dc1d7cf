/**
 * `/nft/collection/offer/accept`: the validator-signed `CollectionAccept` of `amount` pieces of the caller's item into a
 * valid collection offer, checked as an item offer's accept is: in one transaction, through the one lock order (the
 * seller's live listings of the item, the collection offer, their inventory), the offer's state, the item's
 * collection and the seller's free pieces are checked, that part of the offer is held by one conditional UPDATE
 * (never past remaining minus what other accepts hold) and the seller's pieces by the accept (until it is used on
 * chain or its deadline passes: the sweep). The creator's unminted pieces go after the minted ones and are minted by
 * the Market in the same call. Signed inside the transaction (a local key, no network).
 */
import { OfferState, ReturnCode } from '@att/shared';
import type { Address } from 'viem';
import { AppError } from '../../../platform/http/app-error';
import type { AuthedMember } from '../../../platform/http/auth';
import type { Uses } from '../../../platform/deps';
import type { TradingChain } from '../market-chain';
import { inAuction, liveItem, liveListingsOf, lockInOrder } from '../order-book';
import { acceptDeadline, checkAcceptLimits, piecesToAccept } from '../offers/accept-offer';
import { signingNow } from '../signing-clock';
import {
  collectionOfferById,
  insertCollectionAccept,
  openCollectionAcceptOf,
  reserveCollectionOffer,
  type CollectionOfferRow,
} from '../order-book/collection-offers/collection-offers-repository';

/** Why an offer cannot be accepted as it stands (undefined: it can). */
function offerRefusal(o: CollectionOfferRow | undefined, seller: string, now: Date): AppError | undefined {
  if (!o || o.state === OfferState.Pending || o.state === OfferState.Cancelled)
    return new AppError(ReturnCode.OfferNotFound, 'no such collection offer on chain');
  if (o.buyer_address === seller) return new AppError(ReturnCode.OwnOffer, 'own offer');
  if (o.state === OfferState.Acquired || o.remaining === 0)
    return new AppError(ReturnCode.SoldOut, 'every piece accepted');
  if (o.state === OfferState.Expired || o.expires_at <= now)
    return new AppError(ReturnCode.TimeExpired, 'offer expired');
  return undefined;
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
  if (item.collection_idx !== first!.collection_idx)
    throw new AppError(ReturnCode.NoAuthority, 'the item is not of the offer’s collection');
  const signed = async (
    offer: CollectionOfferRow,
    a: { acceptId: string; amount: number; mint: number; expiresAt: Date },
  ) => {
    const accept = {
      id: BigInt(a.acceptId),
      offerId: BigInt(offerIdx),
      seller,
      itemId: BigInt(item.token_id),
      amount: BigInt(a.amount),
      mintAmount: BigInt(a.mint),
      editionSize: BigInt(a.mint > 0 ? item.total_supply : 0),
      royaltyBps: BigInt(a.mint > 0 ? item.royalty_bps : 0),
      expiry: BigInt(Math.floor(a.expiresAt.getTime() / 1000)),
    };
    return { offer, accept, expiresAt: a.expiresAt, signResult: await chain.sign('CollectionAccept', accept) };
  };
  const out = await deps.db.transaction().execute(async (trx) => {
    await lockInOrder(trx, {
      acceptor: seller,
      listings: await liveListingsOf(trx, item.item_idx, seller),
      collectionOffers: [offerIdx],
    });
    const o = await collectionOfferById(trx, offerIdx);
    const refused = offerRefusal(o, seller, now);
    if (refused) throw refused;
    if (await inAuction(trx, item.item_idx)) throw new AppError(ReturnCode.ItemInAuction, 'the item is in auction');
    // The seller asking again (a wallet that failed, a second tab) gets the accept that waits to be sent.
    const waiting = await openCollectionAcceptOf(trx, offerIdx, item.item_idx, seller, now);
    if (waiting) {
      if (waiting.amount !== body.amount)
        throw new AppError(ReturnCode.InstanceAwaitingTrade, `an accept of ${waiting.amount} waits to be sent`);
      return signed(o!, {
        acceptId: String(waiting.accept_id),
        amount: waiting.amount,
        mint: waiting.mint_amount,
        expiresAt: new Date(waiting.expires_at),
      });
    }
    await checkAcceptLimits(trx, seller, offerIdx, now, 'collection_offer_accepts');
    const mint = await piecesToAccept(trx, item, seller, body.amount, o!.remaining);
    const reserved = await reserveCollectionOffer(trx, offerIdx, body.amount, now);
    if (!reserved) throw new AppError(ReturnCode.InstanceAwaitingTrade, 'the rest is held by other accepts');
    const expiresAt = acceptDeadline(deps, now, reserved.expires_at);
    const acceptId = await insertCollectionAccept(trx, {
      offerIdx,
      itemIdx: item.item_idx,
      seller,
      amount: body.amount,
      mintAmount: mint,
      expiresAt,
    });
    return signed(reserved, { acceptId, amount: body.amount, mint, expiresAt });
  });
  const price = BigInt(out.offer.unit_price) * BigInt(body.amount);
  const fee = (price * BigInt(out.offer.fee_bps)) / 10_000n;
  const royalty = (price * BigInt(item.royalty_bps)) / 10_000n;
  return {
    acceptId: out.accept.id.toString(),
    amount: body.amount,
    mintAmount: Number(out.accept.mintAmount),
    offerIdx,
    expireDate: out.expiresAt.toISOString(),
    market: chain.market.toLowerCase(),
    accept: Object.fromEntries(
      Object.entries(out.accept).map(([k, v]) => [k, typeof v === 'bigint' ? v.toString() : v]),
    ) as Record<keyof typeof out.accept, string>,
    proof: [] as string[],
    signResult: out.signResult,
    symbol: out.offer.symbol,
    price: price.toString(),
    netProceeds: (price - fee - royalty).toString(),
  };
}
