/**
 * `/nft/offer/accept`: the validator-signed `Accept` of `amount` pieces of the caller's into a valid offer. In one
 * transaction, through the one lock order (the seller's live listings of the item, the offer, their inventory):
 * the offer's state and the seller's free pieces are checked, that part of the offer is held by one conditional
 * UPDATE (never past remaining minus what other accepts hold) and the seller's pieces by the accept (until it is
 * used on chain or its deadline passes: the sweep). The creator's unminted pieces go after the minted ones and are
 * minted by the Market in the same call. Signed inside the transaction (a local key, no network).
 */
import { ACCEPT_LIMITS, OfferState, ReturnCode } from '@att/shared';
import type { Address } from 'viem';
import { AppError } from '../../../platform/http/app-error';
import type { AuthedMember } from '../../../platform/http/auth';
import type { TradingChain } from '../market-chain';
import { holding, inAuction, liveItem, liveListingsOf, lockInOrder, type ItemRow } from '../order-book';
import { signingNow } from '../signing-clock';
import {
  insertAccept,
  offerById,
  openAcceptOf,
  reserveOffer,
  sellerAccepts,
  type OfferRow,
} from '../order-book/offers/offers-repository';
import type { Uses } from '../../../platform/deps';

/** Why an offer cannot be accepted as it stands (undefined: it can). */
function offerRefusal(o: OfferRow | undefined, seller: string, now: Date): AppError | undefined {
  if (!o || o.state === OfferState.Pending || o.state === OfferState.Cancelled)
    return new AppError(ReturnCode.OfferNotFound, 'no such offer on chain');
  if (o.buyer_address === seller) return new AppError(ReturnCode.OwnOffer, 'own offer');
  if (o.state === OfferState.Acquired || o.remaining === 0)
    return new AppError(ReturnCode.SoldOut, 'every piece accepted');
  if (o.state === OfferState.Expired || o.expires_at <= now)
    return new AppError(ReturnCode.TimeExpired, 'offer expired');
  if (o.state === OfferState.ItemDeleted) return new AppError(ReturnCode.ProductNotFound, 'item deleted');
  return undefined;
}

type Trx = Parameters<typeof sellerAccepts>[0];

/**
 * Refuses a new accept past the seller's limits (ACCEPT_LIMITS; read under the seller's lock, so parallel requests
 * cannot pass them): open accepts on too many offers, too many let lapse lately, or one of this offer lapsed moments
 * ago. 108: this member's use is limited for a while (271 would tell them the offer is held by others). Collection
 * offers' accepts are counted apart (`table`).
 */
export async function checkAcceptLimits(
  trx: Trx,
  seller: string,
  offerIdx: string,
  now: Date,
  table?: Parameters<typeof sellerAccepts>[5],
): Promise<void> {
  const L = ACCEPT_LIMITS;
  const since = new Date(now.getTime() - L.lapsedWindowSeconds * 1000);
  const h = await sellerAccepts(trx, seller, offerIdx, now, since, table);
  const why =
    h.otherOffers + 1 > L.openOffers
      ? `accepts open on ${h.otherOffers} offers`
      : h.lapsed >= L.lapsedMax
        ? `${h.lapsed} accepts lapsed in the last ${L.lapsedWindowSeconds / 60} minutes`
        : h.lastLapseHere && now.getTime() - h.lastLapseHere.getTime() < L.relapseCooldownSeconds * 1000
          ? 'an accept of this offer lapsed unsent moments ago'
          : undefined;
  if (why) throw new AppError(ReturnCode.ApiLimited, why);
}

/**
 * Checks the seller's free pieces of the item (their inventory row locked) for an accept of `amount` into an offer
 * with `remaining` left; returns how many of them are the creator's unminted pieces, minted by the accept.
 */
export async function piecesToAccept(
  trx: Trx,
  item: ItemRow,
  seller: string,
  amount: number,
  remaining: number,
): Promise<number> {
  const h = await holding(trx, item, seller);
  if (!h || h.amount === 0) throw new AppError(ReturnCode.NotProductOwner, 'holds none of the item');
  if (h.free <= 0) throw new AppError(ReturnCode.ItemOnSale, 'every piece listed or reserved');
  if (amount > h.free) throw new AppError(ReturnCode.NotProductOwner, 'not enough free pieces');
  if (amount > remaining) throw new AppError(ReturnCode.NotEnoughRemaining, `only ${remaining} left`);
  const mint = Math.max(0, amount - h.mintedFree);
  if (mint > h.unmintedFree) throw new AppError(ReturnCode.NotProductOwner, 'not enough free pieces');
  return mint;
}

/** An accept's deadline: the reservation period, never past the offer's own expiry. */
export const acceptDeadline = (deps: Uses<'config'>, now: Date, offerExpiresAt: Date): Date =>
  new Date(Math.min(now.getTime() + deps.config.trading.reservationSeconds * 1000, offerExpiresAt.getTime()));

export async function acceptOffer(
  deps: Uses<'db' | 'now' | 'config'>,
  chain: TradingChain,
  member: AuthedMember,
  body: { offerIdx: number; amount: number },
) {
  const seller = member.address.toLowerCase() as Address;
  const offerIdx = String(body.offerIdx);
  const now = await signingNow(deps, chain);
  const first = await offerById(deps.db, offerIdx);
  const early = offerRefusal(first, seller, now);
  if (early) throw early;
  const item = await liveItem(deps.db, first!.item_idx);
  if (!item) throw new AppError(ReturnCode.ProductNotFound, 'item deleted');
  /** The validator's `Accept` of the accept row (signed inside the transaction: a local key, no network). */
  const signedAccept = async (
    offer: OfferRow,
    a: { acceptId: string; amount: number; mint: number; expiresAt: Date },
  ) => {
    const accept = {
      id: BigInt(a.acceptId),
      offerId: BigInt(offerIdx),
      seller,
      amount: BigInt(a.amount),
      mintAmount: BigInt(a.mint),
      editionSize: BigInt(a.mint > 0 ? item.total_supply : 0),
      royaltyBps: BigInt(a.mint > 0 ? item.royalty_bps : 0),
      expiry: BigInt(Math.floor(a.expiresAt.getTime() / 1000)),
    };
    return { offer, accept, expiresAt: a.expiresAt, signResult: await chain.sign('Accept', accept) };
  };
  const out = await deps.db.transaction().execute(async (trx) => {
    await lockInOrder(trx, {
      acceptor: seller,
      listings: await liveListingsOf(trx, item.item_idx, seller),
      offers: [offerIdx],
    });
    const o = await offerById(trx, offerIdx);
    const refused = offerRefusal(o, seller, now);
    if (refused) throw refused;
    if (await inAuction(trx, item.item_idx)) throw new AppError(ReturnCode.ItemInAuction, 'the item is in auction');
    // The seller asking again (a wallet that failed, a second tab) gets the accept that waits to be sent, not a second one.
    const waiting = await openAcceptOf(trx, offerIdx, seller, now);
    if (waiting) {
      if (waiting.amount !== body.amount)
        throw new AppError(
          ReturnCode.InstanceAwaitingTrade,
          `an accept of ${waiting.amount} of this offer waits to be sent`,
        );
      return signedAccept(o!, {
        acceptId: String(waiting.accept_id),
        amount: waiting.amount,
        mint: waiting.mint_amount,
        expiresAt: new Date(waiting.expires_at),
      });
    }
    await checkAcceptLimits(trx, seller, offerIdx, now);
    const mint = await piecesToAccept(trx, item, seller, body.amount, o!.remaining);
    const reserved = await reserveOffer(trx, offerIdx, body.amount, now);
    if (!reserved) throw new AppError(ReturnCode.InstanceAwaitingTrade, 'the rest is held by other accepts');
    const expiresAt = acceptDeadline(deps, now, reserved.expires_at);
    const acceptId = await insertAccept(trx, {
      offerIdx,
      itemIdx: item.item_idx,
      seller,
      amount: body.amount,
      mintAmount: mint,
      expiresAt,
    });
    return signedAccept(reserved, { acceptId, amount: body.amount, mint, expiresAt });
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
    accept: Object.fromEntries(
      Object.entries(out.accept).map(([k, v]) => [k, typeof v === 'bigint' ? v.toString() : v]),
    ) as Record<keyof typeof out.accept, string>,
    signResult: out.signResult,
    symbol: out.offer.symbol,
    price: price.toString(),
    netProceeds: (price - fee - royalty).toString(),
  };
}
