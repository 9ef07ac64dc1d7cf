/**
 * Which of a collection's live offers an item page shows: the best one per coin (ATT first), then the trait offers
 * covering the item, then the member's own ones, each once, in that order. Pure, so it is tested without a page.
 */
import { type CollectionOfferRow, TOKEN_SYMBOLS, type TokenSymbol, type TraitFilter } from '@att/shared';

export interface CollectionOffers {
  list: readonly CollectionOfferRow[];
  best: Partial<Record<TokenSymbol, CollectionOfferRow | null>>;
}

/** The best offer per coin, ATT first, leaving out the coins with none. */
export function bestOffers(data: CollectionOffers): CollectionOfferRow[] {
  return TOKEN_SYMBOLS.flatMap((symbol) => data.best[symbol] ?? []);
}

/**
 * The best per coin, then the trait offers of the list (the item page asks for the offers covering its item), then
 * the member's own live offers (by wallet address), each once.
 */
export function itemPageOffers(data: CollectionOffers, address: string | null): CollectionOfferRow[] {
  const own = address ? data.list.filter((r) => r.buyerAddress.toLowerCase() === address.toLowerCase()) : [];
  const rows = [...bestOffers(data), ...data.list.filter((r) => (r.traits ?? []).length > 0), ...own];
  return rows.filter((row, i) => rows.findIndex((r) => r.offerIdx === row.offerIdx) === i);
}

/** A trait offer's filter as one line: "Color: Red, Blue · Hat: Cap" (empty for an offer on every item). */
export function traitsText(traits: TraitFilter | null | undefined): string {
  return (traits ?? []).map((f) => `${f.traitType}: ${f.values.join(', ')}`).join(' · ');
}
