/**
 * Item grids outside the collection page (spec 2, sections 3-9): the marketplace, search and the profile item
 * lists (own, other member's, liked, hidden). One filter vocabulary and one card shape for every grid.
 */
import { z } from 'zod';
import { ItemOrder } from '../domain/items';
import { authFields, listReply } from './common';
import { idxSchema, pageNoSchema, searchTextSchema } from './collection';
import { itemCardSchema, itemFilterFields } from './item';
import { TOKEN_SYMBOLS } from '../domain/tokens';

/** Marketplace orders: 1 newest, 2 popular, 3 closing soon, 4 most viewed, 5 oldest, 6 most bids, 7 fewest bids. */
export const MarketOrder = {
  Newest: 1,
  Popular: 2,
  ClosingSoon: 3,
  MostViewed: 4,
  Oldest: 5,
  MostBids: 6,
  FewestBids: 7,
} as const;
export type MarketOrderValue = (typeof MarketOrder)[keyof typeof MarketOrder];
export const MARKET_ORDERS = [1, 2, 3, 4, 5, 6, 7] as const;
/** Search orders: 0 relevance (the default), then the marketplace orders. */
export const SEARCH_RELEVANCE = 0;
/** Profile, liked and hidden lists: 1 latest, 2 popular, 3 most viewed, 4 oldest (ItemOrder). */
export const PROFILE_ORDERS = [ItemOrder.Newest, ItemOrder.Popular, ItemOrder.MostViewed, ItemOrder.Oldest] as const;

/** Page sizes of the grids and the caps the server clamps to (a pageSize of 10^9 becomes the cap). */
export const ITEM_LIST_PAGE = { market: 20, marketCap: 100, profile: 500, profileCap: 500 } as const;

/** A page size: at least 1, the grid's default when absent, clamped to the cap. */
const pageSize = (fallback: number, cap: number) =>
  z
    .number()
    .int()
    .min(1)
    .default(fallback)
    .transform((n) => Math.min(n, cap));

/** Filters of the marketplace and search (adds category and collections to the collection-page filters). */
const marketFilterFields = {
  filterStatus: itemFilterFields.filterStatus,
  filterPrice: itemFilterFields.filterPrice,
  startPrice: itemFilterFields.startPrice,
  endPrice: itemFilterFields.endPrice,
  filterCoin: itemFilterFields.filterCoin,
  filterItemType: itemFilterFields.filterItemType,
  /** Category index; 0 or absent = every category. */
  filterCategory: z.number().int().min(0).max(1000).optional(),
  /** Collection indexes (any of them). */
  filterCollection: z.array(idxSchema).max(100).optional(),
};

/**
 * POST /nft/instance/list (public; id + ticketId optional, adding the caller's counts): every shown item of the
 * live collections. pageSize 20 (cap 100). orderType 1-7 (MarketOrder). A USD price range converts with the
 * configured token prices per coin. Codes: 0; 5 bad filter or order; 6 missing.
 */
export const marketItemListRequest = z.object({
  id: authFields.id.optional(),
  ticketId: authFields.ticketId.optional(),
  ...marketFilterFields,
  pageNo: pageNoSchema,
  pageSize: pageSize(ITEM_LIST_PAGE.market, ITEM_LIST_PAGE.marketCap),
  orderType: z.number().int().min(1).max(7).default(MarketOrder.Newest),
});

/**
 * POST /nft/info/searchList (public): the marketplace filters plus searchText (Korean and English item and
 * collection names, partial words; every word must appear). orderType 0 (default) ranks by relevance; 1-7 as
 * the marketplace. An empty searchText lists everything. Codes: 0; 5; 6.
 */
export const searchItemListRequest = marketItemListRequest.extend({
  searchText: searchTextSchema,
  orderType: z.number().int().min(0).max(7).default(SEARCH_RELEVANCE),
});

/** Filters of the profile grids (spec 2 call table): search, status, price, collections, coin and the order. */
const profileFilterFields = {
  searchText: searchTextSchema,
  filterStatus: itemFilterFields.filterStatus,
  filterPrice: itemFilterFields.filterPrice,
  startPrice: itemFilterFields.startPrice,
  endPrice: itemFilterFields.endPrice,
  filterCollection: z.array(idxSchema).max(100).optional(),
  filterCoin: itemFilterFields.filterCoin,
  orderType: z.number().int().min(ItemOrder.Newest).max(ItemOrder.Oldest).default(ItemOrder.Newest),
  pageNo: pageNoSchema,
  pageSize: pageSize(ITEM_LIST_PAGE.profile, ITEM_LIST_PAGE.profileCap),
};

/** POST /nft/info/allList (logged in): the caller's items (pieces held, not hidden by them). Codes: 0; 5; 27/28/29. */
export const ownItemListRequest = z.object({ ...authFields, ...profileFilterFields });
/** POST /nft/info/allList/other (public): a member's items. Codes: 0; 5; 6; 255 no such member. */
export const otherItemListRequest = z.object({
  id: authFields.id.optional(),
  ticketId: authFields.ticketId.optional(),
  memberIdx: idxSchema,
  ...profileFilterFields,
});
/** POST /nft/like/list (logged in): the caller's liked items. Codes: 0; 5; 27/28/29. */
export const ownLikeListRequest = ownItemListRequest;
/** POST /nft/like/list/other (public): a member's liked items. Codes: 0; 5; 6; 255. */
export const otherLikeListRequest = otherItemListRequest;
/** POST /nft/hide/list (logged in): items the caller hid (as creator or as holder). Codes: 0; 5; 27/28/29. */
export const hiddenItemListRequest = ownItemListRequest;

/** The marketplace's fields of an item (spec 2 "Marketplace item"), beside the card. */
export const marketItemSchema = itemCardSchema.extend({
  productInfoVO: z.object({
    pdResourceType: z.number().int(),
    pdThumbnailFileName: z.string().nullable(),
    pdName: z.string(),
    pdCountHeart: z.number().int(),
  }),
  fileType: z.string(),
  /** Pieces left on the cheapest live listing (0 when nothing is on sale). */
  remainCount: z.number().int(),
  /** Coin of the bids on an auction (null otherwise). */
  bidMaxSymbol: z.enum(TOKEN_SYMBOLS).nullable(),
  /** The top bid of a live auction, wei (null before any bid and when not on auction). */
  bidMaxPrice: z.string().nullable(),
  /** Seller of the cheapest live listing (null when not on sale or the seller is not a member). */
  sellerName: z.string().nullable(),
  /** When the cheapest live listing or the live auction ends (ISO; an auction's end moves with late bids), null when not on sale. */
  saleExpireDate: z.string().nullable(),
  bidCount: z.number().int(),
  offerCount: z.number().int(),
});
export type MarketItem = z.infer<typeof marketItemSchema>;
export const marketItemListReply = listReply(marketItemSchema);
