/**
 * `/nft/offer/accept`: the validator-signed `Accept` of `amount` pieces of the caller's into a valid offer. In one
 * transaction, through the one lock order (the seller's live listings of the item, the offer, their inventory):
 * the offer's state and the seller's free pieces are checked, that part of the offer is held by one conditional
 * UPDATE (never past remaining minus what other accepts hold) and the seller's pieces by the accept (until it is
 * used on chain or its deadline passes: the sweep). The creator's unminted pieces go after the minted ones and are
 * minted by the Market in the same call. Signed inside the transaction (a local key, no network).
 */
import { OfferState, ReturnCode, SaleType } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import type { Address } from 'viem';
import { AppError } from '../../../platform/http/app-error';
import type { AuthedMember } from '../../../platform/http/auth';
import type { TradingChain } from '../market-chain';
import { holding, liveItem, liveListingsOf, lockInOrder } from '../order-book';
import { signingNow } from '../signing-clock';
import { insertAccept, offerById, reserveOffer, type OfferRow } from './offers-repository';

/** Why an offer cannot be accepted as it stands (undefined: it can). */
function offerRefusal(o: OfferRow | undefined, seller: string, now: Date): AppError | undefined {
  if (!o || o.state === OfferState.Pending || o.state === OfferState.Cancelled) return new AppError(ReturnCode.OfferNotFound, 'no such offer on chain');
  if (o.buyer_address === seller) return new AppError(ReturnCode.OwnOffer, 'own offer');
  if (o.state === OfferState.Acquired || o.remaining === 0) return new AppError(ReturnCode.SoldOut, 'every piece accepted');
  if (o.state === OfferState.Expired || o.expires_at <= now) return new AppError(ReturnCode.TimeExpired, 'offer expired');
  if (o.state === OfferState.ItemDeleted) return new AppError(ReturnCode.ProductNotFound, 'item deleted');
  return undefined;
}

export async function acceptOffer(app: FastifyInstance, chain: TradingChain, member: AuthedMember, body: { offerIdx: number; amount: number }) {
  const seller = member.address.toLowerCase() as Address;
  const offerIdx = String(body.offerIdx);
  const now = await signingNow(app, chain);
  const first = await offerById(app.db, offerIdx);
  const early = offerRefusal(first, seller, now);
  if (early) throw early;
  const item = await liveItem(app.db, first!.item_idx);
  if (!item) throw new AppError(ReturnCode.ProductNotFound, 'item deleted');
  const out = await app.db.transaction().execute(async (trx) => {
    await lockInOrder(trx, { listings: await liveListingsOf(trx, item.item_idx, seller), offers: [offerIdx] });
    const o = await offerById(trx, offerIdx);
    const refused = offerRefusal(o, seller, now);
    if (refused) throw refused;
    const it = await trx.selectFrom('items').select('sale_type').where('item_idx', '=', item.item_idx).executeTakeFirstOrThrow();
    if (it.sale_type === SaleType.Auction) throw new AppError(ReturnCode.ItemInAuction, 'the item is in auction');
    const h = await holding(trx, item, seller);
    if (!h || h.amount === 0) throw new AppError(ReturnCode.NotProductOwner, 'holds none of the item');
    if (h.free <= 0) throw new AppError(ReturnCode.ItemOnSale, 'every piece listed or reserved');
    if (body.amount > h.free) throw new AppError(ReturnCode.NotProductOwner, 'not enough free pieces');
    if (body.amount > o!.remaining) throw new AppError(ReturnCode.NotEnoughRemaining, `only ${o!.remaining} left`);
    const mint = Math.max(0, body.amount - h.mintedFree);
    if (mint > h.unmintedFree) throw new AppError(ReturnCode.NotProductOwner, 'not enough free pieces');
    const reserved = await reserveOffer(trx, offerIdx, body.amount, now);
    if (!reserved) throw new AppError(ReturnCode.InstanceAwaitingTrade, 'the rest is held by other accepts');
    const expiresAt = new Date(Math.min(now.getTime() + app.config.trading.reservationSeconds * 1000, reserved.expires_at.getTime()));
    const acceptId = await insertAccept(trx, { offerIdx, itemIdx: item.item_idx, seller, amount: body.amount, mintAmount: mint, expiresAt });
    const accept = {
      id: BigInt(acceptId),
      offerId: BigInt(offerIdx),
      seller,
      amount: BigInt(body.amount),
      mintAmount: BigInt(mint),
      editionSize: BigInt(mint > 0 ? item.total_supply : 0),
      royaltyBps: BigInt(mint > 0 ? item.royalty_bps : 0),
      expiry: BigInt(Math.floor(expiresAt.getTime() / 1000)),
    };
    return { offer: reserved, accept, expiresAt, signResult: await chain.sign('Accept', accept) };
  });
  const price = BigInt(out.offer.unit_price) * BigInt(body.amount);
  const fee = (price * BigInt(out.offer.fee_bps)) / 10_000n;
  const royalty = (price * BigInt(item.royalty_bps)) / 10_000n;
  return {
    aodId: out.accept.id.toString(),
    aodAmount: body.amount,
    aodMintAmount: Number(out.accept.mintAmount),
    aodSigId: offerIdx,
    aodExpired: out.expiresAt.toISOString(),
    market: chain.market.toLowerCase(),
    accept: Object.fromEntries(Object.entries(out.accept).map(([k, v]) => [k, typeof v === 'bigint' ? v.toString() : v])) as Record<keyof typeof out.accept, string>,
    signResult: out.signResult,
    symbol: out.offer.symbol,
    price: price.toString(),
    netProceeds: (price - fee - royalty).toString(),
  };
}
