/**
 * The item detail page's own lists (spec 3 "/NftInfo/{productId}" and section 7): who holds the item, its price
 * history per trade date, its chain information and the other items of its collection. No login; a missing,
 * deleted or non-numeric item answers 258 on each.
 */
import { z } from 'zod';
import { idxSchema, pageNoSchema, pageSizeSchema } from './collection';
import { authFields, dataReply, listReply } from './common';
import { itemCardSchema } from './item';

/** Owner list popup page size, and its cap. */
export const OWNERS_PAGE_SIZE = 20;
export const OWNERS_PAGE_MAX = 100;
/** How many other items of the collection the slider shows at most. */
export const OTHER_ITEMS_SIZE = 12;
export const OTHER_ITEMS_MAX = 24;
/** The price history covers at most this many trade dates (the most recent). */
export const TRADING_DAYS_MAX = 366;
/** Token type of `/nft/info/chain`: 1 ERC-1155, 2 ERC-721 (every item of this marketplace is ERC-1155). */
export const TokenType = { Erc1155: 1, Erc721: 2 } as const;

/**
 * POST /nft/inventory/list/owner: the holders of an item (from the inventory the indexer keeps), most pieces first.
 * A holder that is not a member (a wallet the item was sent to outside the marketplace) has a null name. A piece the
 * Market holds in escrow is shown as its owner's, never the Market's: the seller's while its auction runs
 * (`escrow` 'auction'), the winner's while a settled piece waits to be claimed ('unclaimed'); null otherwise.
 */
export const inventoryOwnerListRequest = z.object({
  productIdx: idxSchema,
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema(OWNERS_PAGE_SIZE, OWNERS_PAGE_MAX),
});
export const itemOwnerSchema = z.object({
  address: z.string(),
  memberIdx: z.number().int().nullable(),
  memberName: z.string().nullable(),
  /** Under `{cdnUrl}/user/profile/`; null for the default picture. */
  memberFileName: z.string().nullable(),
  quantity: z.number().int(),
  escrow: z.enum(['auction', 'unclaimed']).nullable(),
});
export type ItemOwner = z.infer<typeof itemOwnerSchema>;
export const inventoryOwnerListReply = listReply(itemOwnerSchema);

/**
 * POST /nft/trading/list: the item's sales per UTC trade date, oldest first: average, highest and lowest price of
 * one piece in USD (decimal strings floored to 4 places, from each sale's USD value at the time).
 */
export const tradingListRequest = z.object({ productId: idxSchema });
export const tradingStatSchema = z.object({
  /** YYYY-MM-DD (UTC). */
  tradeDate: z.string(),
  avgPrice: z.string(),
  maxPrice: z.string(),
  minPrice: z.string(),
});
export type TradingStat = z.infer<typeof tradingStatSchema>;
export const tradingListReply = listReply(tradingStatSchema);

/** POST /nft/info/chain: where the token lives. `royalty` in percent. */
export const chainInfoRequest = z.object({ productId: idxSchema });
export const chainInfoSchema = z.object({
  contractAddress: z.string(),
  tokenId: z.string(),
  /** 1 ERC-1155, 2 ERC-721. */
  tokenType: z.number().int(),
  blockChain: z.string(),
  chainId: z.number().int(),
  royalty: z.number(),
});
export type ChainInfo = z.infer<typeof chainInfoSchema>;
export const chainInfoReply = dataReply(chainInfoSchema);

/** POST /nft/info/collection/otherItem: other visible items of the item's collection, newest first. */
export const collectionOtherItemsRequest = z.object({
  id: authFields.id.optional(),
  ticketId: authFields.ticketId.optional(),
  productIdx: idxSchema,
  pageSize: pageSizeSchema(OTHER_ITEMS_SIZE, OTHER_ITEMS_MAX),
});
export const collectionOtherItemsReply = listReply(itemCardSchema);
