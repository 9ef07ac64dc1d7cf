/** Pure helpers of the history and ranking views: explorer links, USD and percent texts, event icon kinds. */
import { HistoryEvent } from '@att/shared';

/** The explorer page of a transaction (`{klayScanUrl}/tx/{hash}`); null without a hash or a safe explorer URL. */
export function explorerTxUrl(klayScanUrl: string | undefined, txHash: string | null): string | null {
  if (!txHash || !/^0x[0-9a-fA-F]{64}$/.test(txHash) || !klayScanUrl) return null;
  try {
    const base = new URL(klayScanUrl);
    if (base.protocol !== 'https:' && base.protocol !== 'http:') return null;
    return `${base.toString().replace(/\/$/, '')}/tx/${txHash}`;
  } catch {
    return null;
  }
}

/** A decimal string with thousands separators in the whole part ("1234567.5" -> "1,234,567.5"). */
export function groupDigits(value: string): string {
  const neg = value.startsWith('-');
  const [whole = '0', frac] = (neg ? value.slice(1) : value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}

/** "$1,234.5" from a USD decimal string. */
export const formatUsd = (value: string) => `$${groupDigits(value)}`;

/** "+12.5%" / "-3%" / "0%" from a percent decimal string. */
export function formatChange(value: string): string {
  if (value === '0') return '0%';
  return `${value.startsWith('-') ? '' : '+'}${groupDigits(value)}%`;
}

/** Icon of an event type (spec 2 names icons for 0, 2, 3, 4, 7, 9, 10, 11, 12, 15, 16, 17, 19, 20, 21, 25, 28). */
export type EventIconKind = 'mint' | 'sale' | 'transfer' | 'cancel' | 'auction' | 'bid' | 'refund' | 'win' | 'offer' | 'accept' | 'burn' | 'create' | 'dot';
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
