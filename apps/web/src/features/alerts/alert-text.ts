/**
 * What an alert says and what its link offers, by alert type (common.json `alert`): the floating alert and the
 * alert list read them here. An outbid bidder's link offers to bid again (the item page holds the bid button).
 */
import { AlertType, type AlertTopBid, type AlertTypeValue } from '@att/shared';
import type { TFunction } from 'i18next';
import { formatPrice } from '../../lib/format';

/** The alert types shown to a member (a correction is never shown: it takes an alert back). */
export type ShownAlertType = Exclude<AlertTypeValue, typeof AlertType.Correction>;

export const alertTextKey = (type: number) => `alert.types.${String(type) as `${ShownAlertType}`}` as const;

/** An outbid alert's new top bid in words ("현재 최고 입찰가 1.5 KLAY"), from its integer wei; '' without one. */
export const alertTopBidText = (t: TFunction, topBid: AlertTopBid | null | undefined) =>
  topBid ? t('alert.topBid', { price: formatPrice(topBid.price, topBid.symbol) }) : '';

export const alertActionKey = (type: number) =>
  type === AlertType.InquiryAnswered
    ? ('alert.viewInquiry' as const)
    : type === AlertType.Outbid
      ? ('alert.bidAgain' as const)
      : ('alert.view' as const);
