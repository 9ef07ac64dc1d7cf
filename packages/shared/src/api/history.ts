/**
 * Transaction history and rankings (spec 2 sections 3, 7 and 9): the global and per-collection transaction feed,
 * a member's own and another member's history, one item's history, the royalties a creator earned (the Loyalty
 * tab) and the collection ranking. Every reply that pages carries the shared page info plus a keyset cursor.
 */
import { z } from 'zod';
import { TOKEN_SYMBOLS } from '../domain/tokens';
import { HistoryFilter } from '../domain/history';
import { authFields, listReply, pageSchema, usdSchema, weiSchema } from './common';
import { idxSchema, pageNoSchema, pageSizeSchema, searchTextSchema } from './collection';

/** Page sizes (spec 2 section 9) and their caps: a larger pageSize is clamped, never executed. */
export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_PAGE_SIZE_CAP = 100;
export const RANKING_PAGE_SIZE = 100;
export const RANKING_PAGE_SIZE_CAP = 100;
/** totalRecordSize of a history list counts at most this many rows (a feed of millions is not counted per call). */
export const HISTORY_COUNT_CAP = 1_000;

/** Ranking columns (spec 2 section 9): 1 total volume, 2 7-day volume, 3 7-day change, 4 average price, 5 owners, 6 items. */
export const RankColumn = {
  TotalVolume: 1,
  WeekVolume: 2,
  WeekChange: 3,
  AveragePrice: 4,
  Owners: 5,
  Items: 6,
} as const;
export type RankColumnValue = (typeof RankColumn)[keyof typeof RankColumn];
/** rankOrderType: 1 descending, 2 ascending. */
export const RankOrder = { Desc: 1, Asc: 2 } as const;
/** Columns the ranking dropdown offers (the headers sort by every column). */
export const RANK_DROPDOWN_COLUMNS: readonly RankColumnValue[] = [RankColumn.TotalVolume, RankColumn.WeekChange];

const symbolSchema = z.enum(TOKEN_SYMBOLS);
/** A decimal string in the filterPrice unit (USD or whole tokens). */
const priceBoundSchema = z.string().regex(/^\d{1,30}(\.\d{1,18})?$/);
/** The history row after which the next page starts (historyIdx of the last row shown). */
const cursorSchema = z.string().regex(/^\d{1,19}$/);

/** Filters of every history list (spec 2: filterStatus, filterPrice, startPrice, endPrice, filterCollection, filterCoin). */
export const historyFilterFields = {
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema(HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE_CAP),
  /** Keyset paging: rows older than this historyIdx (wins over pageNo when given; the web's 'more' sends it). */
  cursor: cursorSchema.optional(),
  /** Transaction-view groups (HISTORY_FILTER_EVENTS): 1 sell, 2 auction, 3 deal, 4 send; several are OR-ed. */
  filterStatus: z.array(z.number().int().min(HistoryFilter.Sell).max(HistoryFilter.Send)).max(4).optional(),
  /** 1 USD, 2 ATT, 3 KLAY: the unit of startPrice/endPrice (price per piece). */
  filterPrice: z.number().int().min(1).max(3).optional(),
  startPrice: priceBoundSchema.optional(),
  endPrice: priceBoundSchema.optional(),
  filterCollection: z.array(idxSchema).max(100).optional(),
  filterCoin: z.array(symbolSchema).max(2).optional(),
};

/** One event of the history (spec 2 "Transaction event"). Wei amounts are decimal strings. */
export const historyRowSchema = z.object({
  historyIdx: z.string(),
  /** HistoryEvent code 0-28. */
  type: z.number().int(),
  itemIdx: z.number().int(),
  itemName: z.string(),
  collectionIdx: z.number().int(),
  collectionName: z.string(),
  /** Price per piece in wei; null for events without a price. */
  price: weiSchema.nullable(),
  symbol: symbolSchema.nullable(),
  /** USD value of the whole event when it happened, floored to 4 decimals. */
  usdValue: z.string().nullable(),
  from: z.string().nullable(),
  /** The member's user name when the address belongs to one, else null (the web shows a wallet icon + address). */
  fromId: z.string().nullable(),
  fromFileName: z.string().nullable(),
  to: z.string().nullable(),
  toId: z.string().nullable(),
  toFileName: z.string().nullable(),
  /** ISO time. */
  date: z.string(),
  amount: z.number().int(),
  /** Transaction hash, null for off-chain events. */
  txConfirm: z.string().nullable(),
  itemResourceType: z.number().int(),
  itemFileFormat: z.string(),
  itemFileName: z.string(),
  itemThumbnailFileName: z.string().nullable(),
});
export type HistoryRow = z.infer<typeof historyRowSchema>;

/** Page info of the history lists: spec 2's fields plus the cursor of the next page (null at the end). */
export const historyPageSchema = pageSchema.extend({
  pageSize: z.number().int(),
  listCount: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

function historyListReply<T extends z.ZodType>(row: T) {
  return z.object({ returnCode: z.number().int(), list: z.array(row).optional(), page: historyPageSchema.optional() });
}

/**
 * POST /nft/info/transaction/all: the global feed, or one collection's with collectionIdx (254 when it does not
 * exist: the web shows '잘못된 접근 입니다.' and goes to /). Codes: 0; 254; 5 bad filter; 3 bad body.
 */
export const transactionAllRequest = z.object({ ...historyFilterFields, collectionIdx: idxSchema.optional() });
export type TransactionAllRequest = z.input<typeof transactionAllRequest>;
export const transactionListReply = historyListReply(historyRowSchema);

/** POST /nft/info/transaction/mine (logged in): events where the caller's wallet is the sender or receiver. */
export const transactionMineRequest = z.object({ ...authFields, ...historyFilterFields });
export type TransactionMineRequest = z.input<typeof transactionMineRequest>;

/** POST /nft/info/transaction/other: another member's events. Codes: 0; 255 no such member. */
export const transactionOtherRequest = z.object({ ...historyFilterFields, memberIdx: idxSchema });
export type TransactionOtherRequest = z.input<typeof transactionOtherRequest>;

/** POST /nft/info/transaction: one item's history (the item page). Codes: 0; 258 no such item. */
export const transactionItemRequest = z.object({
  productIdx: idxSchema,
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema(HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE_CAP),
  cursor: cursorSchema.optional(),
});
export type TransactionItemRequest = z.input<typeof transactionItemRequest>;

/** A royalty the caller earned as creator (spec 2 "Loyalty row"). */
export const royaltyRowSchema = z.object({
  historyIdx: z.string(),
  itemIdx: z.number().int(),
  itemName: z.string(),
  collectionIdx: z.number().int(),
  /** Price per piece in wei. */
  price: weiSchema,
  symbol: symbolSchema,
  amount: z.number().int(),
  /** The item's royalty in percent (2 decimals). */
  royaltyPercent: z.number(),
  date: z.string(),
  /** Royalty earned in wei of `symbol`. */
  royalty: weiSchema,
});
export type RoyaltyRow = z.infer<typeof royaltyRowSchema>;

/**
 * POST /nft/info/user/royalty (logged in): royalties on trades of the caller's items, newest first; searchText
 * matches the item name, filterCollection / filterCoin narrow. Codes: 0; 27/28/29.
 */
export const royaltyListRequest = z.object({
  ...authFields,
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema(HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE_CAP),
  cursor: cursorSchema.optional(),
  searchText: searchTextSchema,
  filterCollection: z.array(idxSchema).max(100).optional(),
  filterCoin: z.array(symbolSchema).max(2).optional(),
});
export type RoyaltyListRequest = z.input<typeof royaltyListRequest>;
export const royaltyListReply = historyListReply(royaltyRowSchema);

/** One ranked collection (spec 2 "Ranking row"); amounts in USD. */
export const rankingRowSchema = z.object({
  no: z.number().int(),
  collectionIdx: z.number().int(),
  collectionName: z.string(),
  /** The collection's logo file name. */
  collectionFileName: z.string(),
  totalTrade: usdSchema,
  weekTrade: usdSchema,
  /** Percent change of the last 7 days' volume against the 7 days before (2 decimals); null without a previous week. */
  weekChange: z.string().nullable(),
  /** Volume / pieces traded, all time; '0' without trades. */
  averagePrice: usdSchema,
  owners: z.number().int(),
  itemCount: z.number().int(),
});
export type RankingRow = z.infer<typeof rankingRowSchema>;

/** POST /nft/ranking/list: page 100 (capped), column 1-6, 1 desc / 2 asc. Codes: 0; 5. */
export const rankingListRequest = z.object({
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema(RANKING_PAGE_SIZE, RANKING_PAGE_SIZE_CAP),
  rankOrderColumn: z.number().int().min(RankColumn.TotalVolume).max(RankColumn.Items).default(RankColumn.TotalVolume),
  rankOrderType: z.number().int().min(RankOrder.Desc).max(RankOrder.Asc).default(RankOrder.Desc),
});
export type RankingListRequest = z.input<typeof rankingListRequest>;
export const rankingListReply = listReply(rankingRowSchema);
