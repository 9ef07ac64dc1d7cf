/**
 * What an alert says and what its link offers, by alert type (common.json `alert`): the floating alert and the
 * alert list read them here. An outbid bidder's link offers to bid again (the item page holds the bid button); a
 * floor alert's opens the collection.
 */
import { AlertType, floorMovePercent, type AlertFloorMove, type AlertTopBid, type AlertTypeValue } from '@att/shared';
import type { TFunction } from 'i18next';
import { formatPrice } from '../../lib/format';

/** The alert types shown to a member (a correction is never shown: it takes an alert back). */
export type ShownAlertType = Exclude<AlertTypeValue, typeof AlertType.Correction>;

export const alertTextKey = (type: number) => `alert.types.${String(type) as `${ShownAlertType}`}` as const;

/** An outbid alert's new top bid in words ("현재 최고 입찰가 1.5 KLAY"), from its integer wei; '' without one. */
export const alertTopBidText = (t: TFunction, topBid: AlertTopBid | null | undefined) =>
  topBid ? t('alert.topBid', { price: formatPrice(topBid.price, topBid.symbol) }) : '';

/** A floor alert's move in words ("Moon 바닥가 10 ATT → 8 ATT (-20.0%)"); '' without one. */
export const alertFloorMoveText = (t: TFunction, m: AlertFloorMove | null | undefined) =>
  m
    ? t('alert.floorMove', {
        name: m.collectionName,
        from: formatPrice(m.from, m.symbol),
        to: formatPrice(m.to, m.symbol),
        change: floorMovePercent(m),
      })
    : '';

export const alertActionKey = (type: number) =>
  type === AlertType.InquiryAnswered
    ? ('alert.viewInquiry' as const)
    : type === AlertType.Outbid
      ? ('alert.bidAgain' as const)
      : type === AlertType.FloorMove
        ? ('alert.viewCollection' as const)
        : ('alert.view' as const);

/** The page an alert opens: the inquiry list, a floor alert's collection, or the item (null: none). */
export function alertPath(a: {
  type: number;
  productIdx?: number | null;
  floorMove?: AlertFloorMove | null;
}): string | null {
  if (a.type === AlertType.InquiryAnswered) return '/Inquiry';
  if (a.type === AlertType.FloorMove) return a.floorMove ? `/Collection/${a.floorMove.collectionIdx}` : null;
  return a.productIdx !== null && a.productIdx !== undefined ? `/NftInfo/${a.productIdx}` : null;
}
