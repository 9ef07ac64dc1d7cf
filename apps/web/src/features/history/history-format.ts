/** Pure helpers of the history and ranking views: percent texts, event icon kinds (amounts and links: lib/format). */
import { HistoryEvent } from '@att/shared';
import { groupDigits } from '../../lib/format';

/** "+12.5%" / "-3%" / "0%" from a percent decimal string. */
export function formatChange(value: string): string {
  if (value === '0') return '0%';
  return `${value.startsWith('-') ? '' : '+'}${groupDigits(value)}%`;
}

/** Icon of an event type (spec 2 names icons for 0, 2, 3, 4, 7, 9, 10, 11, 12, 15, 16, 17, 19, 20, 21, 25, 28). */
export type EventIconKind =
  | 'mint'
  | 'sale'
  | 'transfer'
  | 'cancel'
  | 'auction'
  | 'bid'
  | 'refund'
  | 'win'
  | 'offer'
  | 'accept'
  | 'burn'
  | 'create'
  | 'dot';
const ICONS: Partial<Record<number, EventIconKind>> = {
  [HistoryEvent.Mint]: 'mint',
  [HistoryEvent.Sale]: 'sale',
  [HistoryEvent.Transfer]: 'transfer',
  [HistoryEvent.ListCancel]: 'cancel',
  [HistoryEvent.AuctionStart]: 'auction',
  [HistoryEvent.Bid]: 'bid',
  [HistoryEvent.BidCancel]: 'cancel',
  [HistoryEvent.BidRefund]: 'refund',
  [HistoryEvent.AuctionWin]: 'win',
  [HistoryEvent.Offer]: 'offer',
  [HistoryEvent.OfferCancel]: 'cancel',
  [HistoryEvent.OfferAccept]: 'accept',
  [HistoryEvent.OfferDecline]: 'cancel',
  [HistoryEvent.LazyMintSale]: 'sale',
  [HistoryEvent.Burn]: 'burn',
  [HistoryEvent.Purchase]: 'sale',
  [HistoryEvent.Create]: 'create',
};
export const eventIcon = (type: number): EventIconKind => ICONS[type] ?? 'dot';
