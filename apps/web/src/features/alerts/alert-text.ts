/**
 * What an alert says and what its link offers, by alert type (common.json `alert`): the floating alert and the
 * alert list read them here. An outbid bidder's link offers to bid again (the item page holds the bid button).
 */
import { AlertType, type AlertTypeValue } from '@att/shared';

/** The alert types shown to a member (a correction is never shown: it takes an alert back). */
export type ShownAlertType = Exclude<AlertTypeValue, typeof AlertType.Correction>;

export const alertTextKey = (type: number) => `alert.types.${String(type) as `${ShownAlertType}`}` as const;

export const alertActionKey = (type: number) =>
  type === AlertType.InquiryAnswered
    ? ('alert.viewInquiry' as const)
    : type === AlertType.Outbid
      ? ('alert.bidAgain' as const)
      : ('alert.view' as const);
