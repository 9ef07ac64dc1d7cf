/**
 * `/nft/instance/purchase`: reserves `quantity` pieces of a listing for the caller (the order book's one
 * conditional UPDATE) and returns the validator's `Buy` over it, signed inside the reservation's transaction (a
 * local key: no network), so a reservation is kept only when its signature goes to the buyer.
 *
 * A new reservation is refused past the buyer's limits (checkBuyerLimits). A second tab or a reload of the same
 * purchase gets the buyer's open reservation of the same quantity back (same id and expiry, so the same Buy)
 * instead of a second one that would hold more pieces — but only while its Buy id is unspent on chain: one mined
 * and not yet indexed would revert. That chain read happens before the transaction opens (a slow node must never
 * hold the listing's lock, or on PGlite the only connection); a reservation that appears between the read and the
 * lock is read from the chain on the next attempt.
 */
import { MarketIdKind, RESERVATION_LIMITS, ReturnCode } from '@att/shared';
import { marketAbi, type Listing } from '@att/contracts';
import type { Address, Hex } from 'viem';
import { AppError } from '../../platform/http/app-error';
import type { AuthedMember } from '../../platform/http/auth';
import { listingOf, toMessage } from './listing-terms';
import type { TradingChain } from './market-chain';
import {
  buyerHolds,
  type ListingRow,
  lockInOrder,
  openReservationOf,
  reserve,
  type ReserveRefusal,
} from './order-book';
import { signingNow } from './signing-clock';
import type { Uses } from '../../platform/deps';

/** A buyer's open reservation is handed back to a second request only with this much time left to sign and send. */
const REUSE_MIN_LEFT_S = 60;
const ATTEMPTS = 3;

const REFUSALS: Record<ReserveRefusal, { code: number; why: string }> = {
  noListing: { code: ReturnCode.NoInstanceOnSale, why: 'no such listing' },
  soldOut: { code: ReturnCode.SoldOut, why: 'sold out' },
  expired: { code: ReturnCode.TimeExpired, why: 'listing expired' },
  withdrawn: { code: ReturnCode.NotOnSale, why: 'listing withdrawn' },
  ownListing: { code: ReturnCode.NoAuthority, why: 'cannot buy own listing' },
  notEnough: { code: ReturnCode.NotEnoughRemaining, why: 'not enough pieces left' },
  heldByOthers: { code: ReturnCode.InstanceAwaitingTrade, why: 'pieces reserved by other buyers' },
};

/** Whether the Market has spent the Buy id `id` (a node that does not answer: 133, before any transaction opens). */
async function buyIdSpent(chain: TradingChain, id: bigint): Promise<boolean> {
  return chain.client.readContract({
    address: chain.market,
    abi: marketAbi,
    functionName: 'isIdUsed',
    args: [MarketIdKind.Buy, id],
  });
}

/**
 * Refuses a new reservation past the buyer's limits (RESERVATION_LIMITS; read under the buyer's lock, so parallel
 * requests cannot pass them): too many listings or pieces held at once, too many reservations let lapse lately,
 * or this listing's own lapse too recent. 108: it is this member's use that is limited for a while, not the
 * listing (271 would tell the hoarder the pieces are someone else's).
 */
async function checkBuyerLimits(
  trx: Parameters<typeof buyerHolds>[0],
  buyer: string,
  listingIdx: string,
  quantity: number,
  now: Date,
): Promise<void> {
  const L = RESERVATION_LIMITS;
  const h = await buyerHolds(trx, buyer, listingIdx, now, new Date(now.getTime() - L.lapsedWindowSeconds * 1000));
  const why =
    h.otherListings + 1 > L.openListings
      ? `reservations held on ${h.otherListings} listings`
      : h.pieces + quantity > L.openPieces
        ? `${h.pieces} pieces held reserved`
        : h.lapsed >= L.lapsedMax
          ? `${h.lapsed} reservations lapsed in the last ${L.lapsedWindowSeconds / 60} minutes`
          : h.lastLapseHere && now.getTime() - h.lastLapseHere.getTime() < L.relistCooldownSeconds * 1000
            ? 'a reservation of this listing lapsed unused moments ago'
            : undefined;
  if (why) throw new AppError(ReturnCode.ApiLimited, why);
}

export interface Reserved {
  row: ListingRow;
  listing: Listing;
  reservationId: bigint;
  expiresAt: Date;
  signResult: Hex;
}

export const RETRY = Symbol('retry');

/** What one reservation step needs: the app, the chain, the buyer (lower case) and the signing time. */
export interface ReserveContext {
  deps: Uses<'db' | 'now' | 'config'>;
  chain: TradingChain;
  buyer: Address;
  now: Date;
}

/** A buyer's open reservation of the listing that a repeat may get back, and whether its Buy is unspent on chain. */
export interface ReuseCandidate {
  id: string | undefined;
  unspent: boolean;
}

/** Read before the transaction opens (the chain read must never hold a lock). */
export async function reuseCandidate(
  ctx: ReserveContext,
  listingIdx: string,
  quantity: number,
): Promise<ReuseCandidate> {
  const candidate = await openReservationOf(ctx.deps.db, listingIdx, ctx.buyer, quantity, ctx.now, REUSE_MIN_LEFT_S);
  const unspent = candidate ? !(await buyIdSpent(ctx.chain, BigInt(candidate.reservation_id))) : false;
  return { id: candidate ? String(candidate.reservation_id) : undefined, unspent };
}

/**
 * Reserves `quantity` pieces of the listing for the buyer inside `trx` (the caller holds the buyer's and the
 * listing's locks: `lockInOrder`), or hands back the buyer's open reservation the candidate read found unspent, and
 * signs its Buy. RETRY: the buyer's reservations changed since the candidate was read. A refusal throws its code.
 */
export async function reserveOne(
  trx: Parameters<typeof buyerHolds>[0],
  ctx: ReserveContext,
  listingIdx: string,
  quantity: number,
  candidate: ReuseCandidate,
): Promise<Reserved | typeof RETRY> {
  const { buyer, now, chain } = ctx;
  const sign = async (row: ListingRow, tokenId: string, reservationId: bigint, expiresAt: Date): Promise<Reserved> => {
    const expiry = BigInt(Math.floor(expiresAt.getTime() / 1000));
    const signResult = await chain.sign('Buy', {
      listingHash: row.listing_hash as Hex,
      buyer,
      amount: BigInt(quantity),
      id: reservationId,
      expiry,
    });
    return { row, listing: listingOf(row, tokenId), reservationId, expiresAt, signResult };
  };
  const tokenOf = async (itemIdx: number) =>
    (await trx.selectFrom('items').select('token_id').where('item_idx', '=', itemIdx).executeTakeFirstOrThrow())
      .token_id;
  const mine = await openReservationOf(trx, listingIdx, buyer, quantity, now, REUSE_MIN_LEFT_S);
  if (mine && String(mine.reservation_id) !== candidate.id) return RETRY;
  if (mine && candidate.unspent) {
    const row = await trx
      .selectFrom('listings')
      .selectAll()
      .where('listing_idx', '=', listingIdx)
      .executeTakeFirstOrThrow();
    return sign(row, await tokenOf(row.item_idx), BigInt(mine.reservation_id), new Date(mine.reserved_until));
  }
  await checkBuyerLimits(trx, buyer, listingIdx, quantity, now);
  const res = await reserve(trx, {
    listingIdx,
    buyer,
    quantity,
    now,
    holdSeconds: ctx.deps.config.trading.reservationSeconds,
  });
  if ('refused' in res) {
    const { code, why } = REFUSALS[res.refused];
    throw new AppError(code as never, res.remaining !== undefined ? `only ${res.remaining} left` : why);
  }
  return sign(res.listing, await tokenOf(res.listing.item_idx), BigInt(res.reservationId), res.until);
}

/** A reservation as the wire carries it (`buyNft`'s and `buyNfts`' arguments). */
export function reservedWire(r: Reserved, buyer: Address, quantity: number) {
  return {
    psdId: r.reservationId.toString(),
    psdExpired: r.expiresAt.toISOString(),
    listing: toMessage(r.listing),
    sellerSignature: r.row.signature as string,
    reservation: {
      buyer,
      amount: String(quantity),
      id: r.reservationId.toString(),
      expiry: BigInt(Math.floor(r.expiresAt.getTime() / 1000)).toString(),
    },
    signResult: r.signResult,
    totalPrice: (BigInt(r.row.unit_price) * BigInt(quantity)).toString(),
  };
}

export async function reservePurchase(
  deps: Uses<'db' | 'now' | 'config'>,
  chain: TradingChain,
  member: AuthedMember,
  instanceId: number,
  quantity: number,
) {
  const buyer = member.address.toLowerCase() as Address;
  const listingIdx = String(instanceId);
  const ctx: ReserveContext = { deps, chain, buyer, now: await signingNow(deps, chain) };
  let out: Reserved | undefined;
  for (let attempt = 0; attempt < ATTEMPTS && !out; attempt++) {
    const candidate = await reuseCandidate(ctx, listingIdx, quantity);
    const r = await deps.db.transaction().execute(async (trx) => {
      await lockInOrder(trx, { buyer, listings: [listingIdx] });
      return reserveOne(trx, ctx, listingIdx, quantity, candidate);
    });
    if (r !== RETRY) out = r;
  }
  if (!out) throw new AppError(ReturnCode.InstanceAwaitingTrade, 'the buyer’s reservations kept changing');
  const { psdId, psdExpired, ...rest } = reservedWire(out, buyer, quantity);
  return { psdId, psdExpired, market: chain.market.toLowerCase(), ...rest };
}
