/**
 * Which of a collection's live offers an item page shows: the best one per coin (ATT first), then the member's own
 * ones, each once, in that order. Pure, so it is tested without a page.
 */
import { type CollectionOfferRow, TOKEN_SYMBOLS, type TokenSymbol } from '@att/shared';

export interface CollectionOffers {
  list: readonly CollectionOfferRow[];
  best: Partial<Record<TokenSymbol, CollectionOfferRow | null>>;
}

/** The best offer per coin, ATT first, leaving out the coins with none. */
export function bestOffers(data: CollectionOffers): CollectionOfferRow[] {
  return TOKEN_SYMBOLS.flatMap((symbol) => data.best[symbol] ?? []);
}

/** The best per coin, then the member's own live offers (by wallet address), each once. */
export function itemPageOffers(data: CollectionOffers, address: string | null): CollectionOfferRow[] {
  const own = address ? data.list.filter((r) => r.buyerAddress.toLowerCase() === address.toLowerCase()) : [];
  const rows = [...bestOffers(data), ...own];
  return rows.filter((row, i) => rows.findIndex((r) => r.offerIdx === row.offerIdx) === i);
}
