/**
 * `/nft/order/state`: whether one of the caller's own orders has settled, answered from its row in the order book
 * (the reservation sold, the bid in the book, the offer escrowed, the accept used), so the web knows a trade is
 * done by the order's own state. An id that is not a number (or not a hash, for a bid) is refused (5); no
 * such order of the caller's is 8; a bid the indexer has not applied yet is pending.
 */
import {
  OfferAcceptState,
  OfferState,
  OrderKind,
  OrderProgress,
  ReservationState,
  ReturnCode,
  type OrderKindValue,
  type OrderProgressValue,
} from '@att/shared';
import type { Uses } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import type { AuthedMember } from '../../platform/http/auth';
import { orderRowState } from './order-book/order-state';

const HASH = /^0x[0-9a-fA-F]{64}$/;
const NUMBER = /^\d{1,18}$/;

/** Row state -> progress, per kind; a state not named is pending. */
const SETTLED: Record<Exclude<OrderKindValue, 'bid'>, { settled: number[]; lapsed: number[] }> = {
  [OrderKind.Purchase]: {
    settled: [ReservationState.Settled],
    lapsed: [ReservationState.Released, ReservationState.Lapsed],
  },
  [OrderKind.Offer]: {
    settled: [OfferState.Valid, OfferState.Cancelled, OfferState.Acquired, OfferState.ItemDeleted],
    lapsed: [OfferState.Expired],
  },
  [OrderKind.Accept]: { settled: [OfferAcceptState.Used], lapsed: [OfferAcceptState.Expired] },
};

export async function orderState(
  deps: Uses<'db'>,
  member: AuthedMember,
  kind: OrderKindValue,
  id: string,
): Promise<{ state: OrderProgressValue }> {
  if (!(kind === OrderKind.Bid ? HASH : NUMBER).test(id)) throw new AppError(ReturnCode.ValidationFailed);
  const state = await orderRowState(deps.db, kind, id, member.address);
  if (kind === OrderKind.Bid) return { state: state === undefined ? OrderProgress.Pending : OrderProgress.Settled };
  if (state === undefined) throw new AppError(ReturnCode.NoData);
  const rule = SETTLED[kind];
  if (rule.settled.includes(state)) return { state: OrderProgress.Settled };
  if (rule.lapsed.includes(state)) return { state: OrderProgress.Lapsed };
  return { state: OrderProgress.Pending };
}
