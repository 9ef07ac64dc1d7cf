/** Items: publish, edit, delete, hide, unlock, detail, the collection item lists and uploads (spec 2, sections 3-7). */
import { z } from 'zod';
import { API_BASE } from '../domain/constants';
import {
  ITEM_DESC_MAX,
  ITEM_DESC_MAX_LINES,
  ITEM_NAME_MAX,
  ITEM_SUPPLY_MAX,
  ItemOrder,
  PAGE_SIZE_CAPS,
  PAGE_SIZES,
  UNLOCKED_CONTENT_MAX,
  lineCount,
} from '../domain/items';
import { authFields, codeReply, dataReply, flagSchema, listReply, weiSchema } from './common';
import { fileNameSchema, idxSchema, pageNoSchema, pageSizeSchema, searchTextSchema } from './collection';
import { TOKEN_SYMBOLS } from '../domain/tokens';
import { itemTraitSchema, traitFilterSchema, traitsSchema } from './traits';

const optionalAuth = { id: authFields.id.optional(), ticketId: authFields.ticketId.optional() };

export const categoryIdxSchema = z.number().int().min(1).max(1000);
export const productNameSchema = z
  .string()
  .trim()
  .min(1)
  .refine((s) => [...s].length <= ITEM_NAME_MAX, 'productName too long');
export const productDescSchema = z
  .string()
  .default('')
  .refine((s) => [...s].length <= ITEM_DESC_MAX, 'productDesc too long')
  .refine((s) => lineCount(s) <= ITEM_DESC_MAX_LINES, 'productDesc over 5 lines');
const unlockFields = {
  isExistUnlockedContent: flagSchema.default(0),
  unlockedContent: z
    .string()
    .default('')
    .refine((s) => [...s].length <= UNLOCKED_CONTENT_MAX, 'unlockedContent too long'),
};
/** Unlockable content is required when the toggle is on. */
const unlockRule = (b: { isExistUnlockedContent: 0 | 1; unlockedContent: string }) =>
  b.isExistUnlockedContent === 0 || b.unlockedContent.trim().length > 0;

/** Item list filters (collection item list, hidden list). Status/price/coin filters match listings (trading). */
export const itemFilterFields = {
  searchText: searchTextSchema,
  /** 1 buy now, 2 auction, 3 new (published within NEW_ITEM_DAYS), 4 has offers. */
  filterStatus: z.array(z.number().int().min(1).max(4)).max(4).optional(),
  /** 1 USD, 2 ATT, 3 KLAY: the unit of startPrice/endPrice. */
  filterPrice: z.number().int().min(1).max(3).optional(),
  /** Decimal strings in the filterPrice unit. */
  startPrice: z
    .string()
    .regex(/^\d{1,30}(\.\d{1,18})?$/)
    .optional(),
  endPrice: z
    .string()
    .regex(/^\d{1,30}(\.\d{1,18})?$/)
    .optional(),
  filterCoin: z.array(z.enum(TOKEN_SYMBOLS)).max(2).optional(),
  /** 1 multi-edition, 2 single. */
  filterItemType: z.number().int().min(1).max(2).optional(),
  orderType: z.number().int().min(ItemOrder.Newest).max(ItemOrder.Oldest).default(ItemOrder.Newest),
};

/** An item on a card or in a list. File names are under `{cdnUrl}/item/resource/` and `{cdnUrl}/item/thumbnail/`. */
export const itemCardSchema = z.object({
  productId: z.number().int(),
  /** uint256 token id as a decimal string (server-assigned; the creator's address in the high 160 bits). */
  tokenId: z.string(),
  collectionIdx: z.number().int(),
  collectionName: z.string(),
  name: z.string(),
  /** 1 image, 2 video/audio. */
  resourceType: z.number().int(),
  /** File extension: gif, jpg, png, svg, mp4, webm, mp3, wav, ogg. */
  fileFormat: z.string(),
  fileName: z.string(),
  thumbnailFileName: z.string().nullable(),
  category: z.number().int(),
  /** 1 multi-edition, 2 single. */
  itemType: z.number().int(),
  totalItemCount: z.number().int(),
  ownerCount: z.number().int(),
  countHeart: z.number().int(),
  countView: z.number().int(),
  hideState: z.number().int(),
  /** 1 once the token exists on chain. */
  flagMint: z.number().int(),
  creatorId: z.string(),
  /** Last trade price per piece in wei and its coin; null before the first trade. */
  lastPrice: weiSchema.nullable(),
  lastSymbol: z.enum(TOKEN_SYMBOLS).nullable(),
  /** Lowest live listing; null when nothing is on sale. */
  priceAmount: weiSchema.nullable(),
  priceSymbol: z.enum(TOKEN_SYMBOLS).nullable(),
  /** 1 fixed price, 2 auction; null when not on sale. */
  saleType: z.number().int().nullable(),
  createDate: z.string(),
  /** The caller's pieces (0 for anonymous calls). */
  itemCountMine: z.number().int(),
  itemCountOnSaleMine: z.number().int(),
  itemCountReservedMine: z.number().int(),
});
export type ItemCard = z.infer<typeof itemCardSchema>;

/** Everything the detail, edit page and owner menu need. */
export const itemDetailSchema = itemCardSchema.extend({
  description: z.string(),
  collectionLogo: z.string(),
  creatorIdx: z.number().int(),
  creatorAddress: z.string(),
  creatorFileName: z.string().nullable(),
  /** Royalty of the collection at publish time, percent. */
  royalty: z.number(),
  isExistUnlockedContent: z.number().int(),
  /** Pieces of all holders on sale / reserved. */
  onSaleCount: z.number().int(),
  reservedCount: z.number().int(),
  /** Edit rules (spec 2 "Item card actions"): the creator is the only owner, never traded, nothing on sale. */
  editable: z.boolean(),
  /** Delete rules: editable and not minted. */
  deletable: z.boolean(),
  /** The ERC-1155 metadata JSON of this token. */
  metadataUrl: z.string(),
  /** The Items contract. */
  contractAddress: z.string(),
  /** 1 when the caller likes the item (0 for anonymous calls). */
  likeState: z.number().int(),
  /** The item's traits in their order, each with how many of the collection's shown items share its value. */
  traits: z.array(itemTraitSchema).optional(),
  /** The collection's shown items (the base of each trait's share). */
  collectionItemCount: z.number().int().optional(),
});
export type ItemDetail = z.infer<typeof itemDetailSchema>;

/**
 * POST /nft/register (logged in): the create-item payload. Files come from /nft/upload/resource and
 * /nft/upload/thumbnail by the same member; the thumbnail is required for video/audio resources.
 * Codes: 0 (data.productId, data.tokenId); 254 no such collection; 250 not own collection; 81 resource or
 * thumbnail not uploaded by this member or already used; 5 invalid (name, description, lines, supply,
 * thumbnail missing for media, unknown category, flagFreezeMetadata not 0, traits out of their limits: more than 20,
 * a type or value too long or empty, a number out of range or under its maximum, a type twice); 6 missing; 27/28/29.
 */
export const itemRegisterRequest = z
  .object({
    ...authFields,
    fileName: fileNameSchema,
    thumbnailFileName: fileNameSchema.nullish(),
    category: categoryIdxSchema,
    productName: productNameSchema,
    productDesc: productDescSchema,
    ...unlockFields,
    totalSupply: z.number().int().min(1).max(ITEM_SUPPLY_MAX),
    flagFreezeMetadata: z.literal(0).default(0),
    collectionIdx: idxSchema,
    traits: traitsSchema.optional(),
  })
  .refine(unlockRule, { path: ['unlockedContent'], message: 'unlockedContent required' });
export type ItemRegisterRequest = z.input<typeof itemRegisterRequest>;
export const itemRegisterReply = dataReply(z.object({ productId: z.number().int(), tokenId: z.string() }));

/**
 * POST /nft/update (logged in): the update-item payload; fileName / productThumbnailFileName null keep the files.
 * totalSupply is read-only (a different value -> 5). Codes: 0; 258 no such item; 274 not the creator or not the
 * only owner; 273 pieces on sale or reserved; 282 traded; 250 target collection not own; 254; 81; 5; 6; 27/28/29.
 */
export const itemUpdateRequest = z
  .object({
    ...authFields,
    productId: idxSchema,
    fileName: fileNameSchema.nullish(),
    productThumbnailFileName: fileNameSchema.nullish(),
    category: categoryIdxSchema,
    productName: productNameSchema,
    productDesc: productDescSchema,
    ...unlockFields,
    hideState: flagSchema.optional(),
    totalSupply: z.number().int().min(1).max(ITEM_SUPPLY_MAX).optional(),
    collectionIdx: idxSchema.optional(),
    /** Replaces the item's traits; absent keeps them. */
    traits: traitsSchema.optional(),
  })
  .refine(unlockRule, { path: ['unlockedContent'], message: 'unlockedContent required' });
export type ItemUpdateRequest = z.input<typeof itemUpdateRequest>;
export const itemUpdateReply = codeReply;

/** POST /nft/delete (logged in). Codes: 0; 258; 274 not creator/only owner; 273 on sale; 282 traded or minted; 27/28/29. */
export const itemDeleteRequest = z.object({ ...authFields, productId: idxSchema });
export const itemDeleteReply = dataReply(z.object({ collectionIdx: z.number().int() }));

/**
 * POST /nft/hide and /nft/hideCancel (logged in, the hide payload). The creator hides the item everywhere
 * (collection Hide tab); another holder hides it from their own profile. Codes: 0; 258; 274 neither creator nor
 * holder; 27/28/29.
 */
export const itemHideRequest = z.object({ ...authFields, productId: idxSchema });
export const itemHideReply = codeReply;

/** POST /nft/unlock (logged in): the unlockable content, for holders only. Codes: 0; 258; 274 holds no piece; 8 none. */
export const itemUnlockRequest = z.object({ ...authFields, productId: idxSchema });
export const itemUnlockReply = dataReply(z.object({ unlockedContent: z.string() }));

/**
 * POST /nft/detail (public; id + ticketId optional, adding the caller's counts). Hidden items answer too (the
 * page shows them to their owner); deleted ones -> 258. Counts one view per call. Codes: 0; 258; 27/28/29 when
 * a ticket is given but wrong.
 */
export const itemDetailRequest = z.object({ ...optionalAuth, productId: idxSchema });
/** A deleted item answers 258 with `deleteState: 1` (spec 3: productInfo.deleteState; the page says 'deleted item'). */
export const itemDetailReply = dataReply(itemDetailSchema).extend({ deleteState: z.literal(1).optional() });

/**
 * POST /nft/info/list (id + ticketId optional): recent items of a collection (home tab), not hidden.
 * pageSize 100 (cap 500). Codes: 0; 254.
 */
export const itemRecentListRequest = z.object({
  ...optionalAuth,
  collectionIdx: idxSchema,
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema(PAGE_SIZES.recentItems, PAGE_SIZE_CAPS.items),
  orderType: z.number().int().min(ItemOrder.Newest).max(ItemOrder.Oldest).default(ItemOrder.Newest),
});
export const itemListReply = listReply(itemCardSchema);

/** POST /nft/info/collection/Item (id + ticketId optional): all shown items of a collection. Codes: 0; 254; 5. */
export const collectionItemListRequest = z.object({
  ...optionalAuth,
  collectionIdx: idxSchema,
  ...itemFilterFields,
  traits: traitFilterSchema.optional(),
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema(PAGE_SIZES.collectionItems, PAGE_SIZE_CAPS.items),
});

/** POST /nft/info/collection/hideItem (logged in, collection owner): hidden items. Codes: 0; 254; 250; 27/28/29. */
export const collectionHiddenItemListRequest = z.object({
  ...authFields,
  collectionIdx: idxSchema,
  ...itemFilterFields,
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema(PAGE_SIZES.collectionItems, PAGE_SIZE_CAPS.items),
});

/**
 * Upload endpoints (multipart, field `file`, the ticket in the path and/or an Authorization: Bearer header):
 * reply data.fileName (and data.fileFormat, data.resourceType for item files). Codes: 0; 81 no file part;
 * 5 wrong type by content (or a disguised file) or over the limit; 27/28/29.
 */
export const itemUploadReply = dataReply(
  z.object({ fileName: z.string(), fileFormat: z.string(), resourceType: z.number().int() }),
);

/** GET {publicOrigin}/attnftmarket/api/v1/nft/metadata/{id} (id as 64 hex digits, ERC-1155 `{id}`, or decimal): ERC-1155 metadata JSON. */
export const itemMetadataSchema = z.object({
  name: z.string(),
  description: z.string(),
  image: z.string(),
  animation_url: z.string().optional(),
  external_url: z.string(),
  properties: z.object({
    collection: z.string(),
    collectionIdx: z.number().int(),
    creator: z.string(),
    creatorAddress: z.string(),
    editionSize: z.number().int(),
    category: z.string(),
    fileFormat: z.string(),
  }),
  /** The item's traits as OpenSea reads them (absent when it has none). */
  attributes: z
    .array(
      z.object({
        trait_type: z.string(),
        value: z.union([z.string(), z.number()]),
        display_type: z.literal('number').optional(),
        max_value: z.number().optional(),
      }),
    )
    .optional(),
});
export type ItemMetadata = z.infer<typeof itemMetadataSchema>;
/** Path of the metadata endpoint (GET, the one non-POST API path). The contract's uri is `{publicOrigin}{path}/{id}`. */
export const METADATA_PATH = `${API_BASE}/nft/metadata`;
