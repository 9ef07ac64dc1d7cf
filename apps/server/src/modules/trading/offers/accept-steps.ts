/**
 * The steps an accept of an item offer and of a collection offer share: why an offer cannot be accepted, the seller's
 * limits and free pieces, and `holdAccept`, the transaction that holds part of the offer and the seller's pieces for
 * one validator-signed accept. In one transaction, through the one lock order (the seller's live listings of the item,
 * the offer, their inventory): the offer's state, the item's auction and the seller's free pieces are checked, that
 * part of the offer is held by one conditional UPDATE (never past remaining minus what other accepts hold) and the
 * seller's pieces by the accept (until it is used on chain or its deadline passes: the sweep). The creator's unminted
 * pieces go after the minted ones and are minted by the Market in the same call. Signed inside the transaction (a
 * local key, no network).
 */
import { ACCEPT_LIMITS, OfferState, ReturnCode } from '@att/shared';
import type { Address } from 'viem';
import { AppError } from '../../../platform/http/app-error';
import type { Uses } from '../../../platform/deps';
import { holding, inAuction, liveListingsOf, lockInOrder, type ItemRow, type LockRequest } from '../order-book';
import { sellerAccepts } from '../order-book/offers/offers-repository';

type Trx = Parameters<typeof sellerAccepts>[0];

/** What the steps read of an offer of either kind. */
export interface AcceptableOffer {
  state: number;
  buyer_address: string;
  remaining: number;
  expires_at: Date;
  unit_price: string;
  fee_bps: number;
}

/** Why an offer cannot be accepted as it stands (undefined: it can). */
export function offerRefusal(o: AcceptableOffer | undefined, seller: string, now: Date): AppError | undefined {
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

/**
 * Refuses a new accept past the seller's limits (ACCEPT_LIMITS; read under the seller's lock, so parallel requests
 * cannot pass them): open accepts on too many offers, too many let lapse lately, or one of this offer lapsed moments
 * ago. 108: this member's use is limited for a while (271 would tell them the offer is held by others). Collection
 * offers' accepts are counted apart (`table`).
 */
async function checkAcceptLimits(
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
async function piecesToAccept(
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
const acceptDeadline = (deps: Uses<'config'>, now: Date, offerExpiresAt: Date): Date =>
  new Date(Math.min(now.getTime() + deps.config.trading.reservationSeconds * 1000, offerExpiresAt.getTime()));

/** An accept the steps hold (or found waiting), as the validator signs it. */
export interface HeldAccept {
  acceptId: string;
  amount: number;
  mint: number;
  expiresAt: Date;
}

/** One kind of offer's order-book calls, for its offer `offerIdx`. */
export interface OfferBook<O extends AcceptableOffer> {
  /** The offer's lock in the one order (`offers` or `collectionOffers`). */
  lock: Pick<LockRequest, 'offers' | 'collectionOffers'>;
  byId(trx: Trx): Promise<O | undefined>;
  /** The seller's open accept of the offer (with the item) that waits to be sent. */
  waiting(trx: Trx): Promise<{ accept_id: unknown; amount: number; mint_amount: number; expires_at: Date } | undefined>;
  reserve(trx: Trx, amount: number): Promise<O | undefined>;
  insert(trx: Trx, a: { amount: number; mintAmount: number; expiresAt: Date }): Promise<string>;
  /** Where the seller's accepts of this kind are counted (ACCEPT_LIMITS). */
  limits?: Parameters<typeof sellerAccepts>[5];
}

/**
 * Holds `amount` pieces of the seller's item for an accept of the offer (or finds the accept of that amount that waits
 * to be sent) and signs it with `sign`, in one transaction.
 */
export async function holdAccept<O extends AcceptableOffer, S>(
  deps: Uses<'db' | 'now' | 'config'>,
  a: { offerIdx: string; item: ItemRow; seller: string; amount: number; now: Date },
  book: OfferBook<O>,
  sign: (offer: O, held: HeldAccept) => Promise<S>,
): Promise<S> {
  const { offerIdx, item, seller, amount, now } = a;
  return deps.db.transaction().execute(async (trx) => {
    await lockInOrder(trx, {
      acceptor: seller,
      listings: await liveListingsOf(trx, item.item_idx, seller),
      ...book.lock,
    });
    const o = await book.byId(trx);
    const refused = offerRefusal(o, seller, now);
    if (refused) throw refused;
    if (await inAuction(trx, item.item_idx)) throw new AppError(ReturnCode.ItemInAuction, 'the item is in auction');
    // The seller asking again (a wallet that failed, a second tab) gets the accept that waits to be sent.
    const waiting = await book.waiting(trx);
    if (waiting) {
      if (waiting.amount !== amount)
        throw new AppError(ReturnCode.InstanceAwaitingTrade, `an accept of ${waiting.amount} waits to be sent`);
      return sign(o!, {
        acceptId: String(waiting.accept_id),
        amount: waiting.amount,
        mint: waiting.mint_amount,
        expiresAt: new Date(waiting.expires_at),
      });
    }
    await checkAcceptLimits(trx, seller, offerIdx, now, book.limits);
    const mint = await piecesToAccept(trx, item, seller, amount, o!.remaining);
    const reserved = await book.reserve(trx, amount);
    if (!reserved) throw new AppError(ReturnCode.InstanceAwaitingTrade, 'the rest is held by other accepts');
    const expiresAt = acceptDeadline(deps, now, reserved.expires_at);
    const acceptId = await book.insert(trx, { amount, mintAmount: mint, expiresAt });
    return sign(reserved, { acceptId, amount, mint, expiresAt });
  });
}

/** The signed terms' common part of an accept of the item: its mint fields only when it mints. */
export const acceptTerms = (item: ItemRow, offerIdx: string, seller: Address, h: HeldAccept) => ({
  id: BigInt(h.acceptId),
  offerId: BigInt(offerIdx),
  seller,
  amount: BigInt(h.amount),
  mintAmount: BigInt(h.mint),
  editionSize: BigInt(h.mint > 0 ? item.total_supply : 0),
  royaltyBps: BigInt(h.mint > 0 ? item.royalty_bps : 0),
  expiry: BigInt(Math.floor(h.expiresAt.getTime() / 1000)),
});

/** The accept's price, what the seller receives after the fee and the item's royalty, and its terms as strings. */
export function acceptedMoney<T extends Record<string, bigint | string>>(
  offer: AcceptableOffer,
  item: ItemRow,
  amount: number,
  accept: T,
) {
  const price = BigInt(offer.unit_price) * BigInt(amount);
  const fee = (price * BigInt(offer.fee_bps)) / 10_000n;
  const royalty = (price * BigInt(item.royalty_bps)) / 10_000n;
  return {
    accept: Object.fromEntries(
      Object.entries(accept).map(([k, v]) => [k, typeof v === 'bigint' ? v.toString() : v]),
    ) as Record<keyof T, string>,
    price: price.toString(),
    netProceeds: (price - fee - royalty).toString(),
  };
}
