/** The order options of each grid (values are the request's orderType). */
import { ItemOrder, MarketOrder, SEARCH_RELEVANCE } from '@att/shared';

export type OrderLabelKey =
  'relevance' | 'newest' | 'popular' | 'closing' | 'viewed' | 'oldest' | 'mostBids' | 'fewestBids';

export const MARKET_ORDER_OPTIONS: { value: number; key: OrderLabelKey }[] = [
  { value: MarketOrder.Newest, key: 'newest' },
  { value: MarketOrder.Popular, key: 'popular' },
  { value: MarketOrder.ClosingSoon, key: 'closing' },
  { value: MarketOrder.MostViewed, key: 'viewed' },
  { value: MarketOrder.Oldest, key: 'oldest' },
  { value: MarketOrder.MostBids, key: 'mostBids' },
  { value: MarketOrder.FewestBids, key: 'fewestBids' },
];
export const SEARCH_ORDER_OPTIONS = [
  { value: SEARCH_RELEVANCE, key: 'relevance' as OrderLabelKey },
  ...MARKET_ORDER_OPTIONS,
];
export const PROFILE_ORDER_OPTIONS: { value: number; key: OrderLabelKey }[] = [
  { value: ItemOrder.Newest, key: 'newest' },
  { value: ItemOrder.Popular, key: 'popular' },
  { value: ItemOrder.MostViewed, key: 'viewed' },
  { value: ItemOrder.Oldest, key: 'oldest' },
];
/** The collection page's AllItem and Hide tabs: the same four (spec 2, section 9: search and collection orders). */
export const COLLECTION_ORDER_OPTIONS = PROFILE_ORDER_OPTIONS;
