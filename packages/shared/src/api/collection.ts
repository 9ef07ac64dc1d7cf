/** Collections: register, update, delete, info, the owner's list, filter lists and image uploads (spec 2, section 7). */
import { z } from 'zod';
import {
  COLLECTION_DESC_MAX,
  COLLECTION_NAME_MAX,
  CollectionFilterType,
  PAGE_SIZE_CAPS,
  PAGE_SIZES,
  ROYALTY_MAX_PERCENT,
  SEARCH_TEXT_MAX,
} from '../domain/items';
import { authFields, codeReply, dataReply, listReply, usdSchema, weiSchema } from './common';

/** A positive database index (collectionIdx, productId). */
export const idxSchema = z.number().int().min(1).max(2_147_483_647);
/** pageNo from 1; pageSize from 1, clamped (not refused) to the cap. */
export const pageNoSchema = z.number().int().min(1).max(1_000_000).default(1);
export const pageSizeSchema = (fallback: number, cap: number) =>
  z
    .number()
    .int()
    .min(1)
    .default(fallback)
    .transform((n) => Math.min(n, cap));
export const searchTextSchema = z.string().max(SEARCH_TEXT_MAX).default('');
/** A file name returned by an upload endpoint (server-made: random stem and extension). */
export const fileNameSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}\.[a-z0-9]{2,4}$/, 'fileName');

/**
 * Royalty in percent: 0-10 with at most 2 decimals. The server answers 272 when over 10, 252 when otherwise
 * wrong (negative, not a number, more decimals).
 */
export const royaltySchema = z
  .number()
  .min(0)
  .max(ROYALTY_MAX_PERCENT)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, 'royalty has more than 2 decimals');

const nameSchema = z
  .string()
  .trim()
  .min(1)
  .refine((s) => [...s].length <= COLLECTION_NAME_MAX, 'collectionName too long');
const descSchema = z
  .string()
  .default('')
  .refine((s) => [...s].length <= COLLECTION_DESC_MAX, 'collectionDesc too long');

/** A collection as its pages show it. Image fields are file names under `{cdnUrl}/collection/{logo|banner|featured}/`. */
const perCoin = <T extends z.ZodType>(v: T) => z.object({ ATT: v, KLAY: v, usd: usdSchema.nullable() });

/**
 * A collection's figures, the same wherever they are shown (collection page, ranking, home cards): counts, the
 * floor (lowest live listing unit price) per coin in wei and its lowest USD value, and the all-time traded volume
 * per coin in wei and in USD (the ranking's total).
 */
export const collectionStatsSchema = z.object({
  itemCount: z.number().int(),
  ownerCount: z.number().int(),
  floor: perCoin(weiSchema.nullable()),
  volume: perCoin(weiSchema).extend({ usd: usdSchema }),
});
export type CollectionStats = z.infer<typeof collectionStatsSchema>;

export const collectionSchema = z.object({
  collectionIdx: z.number().int(),
  collectionName: z.string(),
  description: z.string(),
  /** Owner's user name. */
  memberId: z.string(),
  memberIdx: z.number().int(),
  memberFileName: z.string().nullable(),
  logo: z.string(),
  banner: z.string().nullable(),
  featured: z.string().nullable(),
  /** Percent (0-10, 2 decimals). */
  royalty: z.number(),
  /** Items not deleted (hidden ones included). */
  itemCount: z.number().int(),
  /** Distinct holders of at least one piece. */
  ownerCount: z.number().int(),
  /** Lowest live listing price per piece in ATT wei (`stats.floor.ATT`); null while nothing is on sale in ATT. */
  floorPrice: weiSchema.nullable(),
  /** Traded volume in ATT wei (`stats.volume.ATT`; the web shows it floored to 4 decimals). */
  volumeTrade: weiSchema,
  createDate: z.string(),
  /** Every figure per coin and in USD (the server always sends it; optional for clients built before it). */
  stats: collectionStatsSchema.optional(),
});
export type Collection = z.infer<typeof collectionSchema>;

/** A collection in filter and picker lists. */
export const collectionEntrySchema = z.object({
  collectionIdx: z.number().int(),
  collectionName: z.string(),
  logo: z.string(),
});
export type CollectionEntry = z.infer<typeof collectionEntrySchema>;

/**
 * POST /nft/collection/register (logged in). Files come from the upload endpoints (logo required).
 * Codes: 0 (data.collectionIdx); 253 name taken (case-insensitive, among live collections); 252 royalty wrong;
 * 272 royalty over 10; 81 a file name that this member did not upload for that slot, or already used;
 * 6 missing field; 5 invalid; 27/28/29.
 */
export const collectionRegisterRequest = z.object({
  ...authFields,
  collectionName: nameSchema,
  collectionDesc: descSchema,
  royalty: royaltySchema,
  logoFileName: fileNameSchema,
  bannerFileName: fileNameSchema.nullish(),
  featuredFileName: fileNameSchema.nullish(),
});
export type CollectionRegisterRequest = z.input<typeof collectionRegisterRequest>;
export const collectionRegisterReply = dataReply(z.object({ collectionIdx: z.number().int() }));

/**
 * POST /nft/collection/update (logged in): same fields plus collectionIdx; a file name null/absent keeps the
 * current image. Codes: 0; 254 no such collection; 250 not the owner; 253; 252; 272; 81; 5; 6; 27/28/29.
 */
export const collectionUpdateRequest = z.object({
  ...authFields,
  collectionIdx: idxSchema,
  collectionName: nameSchema,
  collectionDesc: descSchema,
  royalty: royaltySchema,
  logoFileName: fileNameSchema.nullish(),
  bannerFileName: fileNameSchema.nullish(),
  featuredFileName: fileNameSchema.nullish(),
});
export type CollectionUpdateRequest = z.input<typeof collectionUpdateRequest>;
export const collectionUpdateReply = codeReply;

/** POST /nft/collection/delete (logged in). Codes: 0; 254; 250; 283 has items; 251 has sales; 27/28/29. */
export const collectionDeleteRequest = z.object({ ...authFields, collectionIdx: idxSchema });
export const collectionDeleteReply = codeReply;

/** POST /nft/collection/info (public). Codes: 0; 254 no such (or deleted) collection; 5/6. */
export const collectionInfoRequest = z.object({ collectionIdx: idxSchema });
export const collectionInfoReply = dataReply(collectionSchema);

/**
 * POST /nft/collection/list/mine (logged in): own collections, newest first (order "1"), name filter.
 * pageSize 100 (9999 in item forms), clamped to 9999. Codes: 0; 27/28/29.
 */
export const collectionListMineRequest = z.object({
  ...authFields,
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema(PAGE_SIZES.collections, PAGE_SIZE_CAPS.collections),
  order: z.string().max(2).optional(),
  searchText: searchTextSchema,
  lang: z.enum(['ko', 'en']).optional(),
});
export const collectionListMineReply = listReply(collectionSchema);

/**
 * POST /nft/collection/userPage/list (public): the collections of a member's profile filter. type 0: collections
 * the member owns or holds items of; 1: of the member's offers; 2: of liked items (both empty until those issues).
 * Codes: 0; 255 no such member.
 */
export const collectionUserPageListRequest = z.object({
  memberId: z.string().min(1).max(64),
  searchText: searchTextSchema,
  type: z
    .union([
      z.literal(CollectionFilterType.Default),
      z.literal(CollectionFilterType.OffersMade),
      z.literal(CollectionFilterType.Liked),
    ])
    .default(0),
});
export const collectionUserPageListReply = listReply(collectionEntrySchema);

/** POST /nft/collection/marketplace/list (public): collections for the marketplace filter, by name, at most 500. */
export const collectionMarketplaceListRequest = z.object({ searchText: searchTextSchema });
export const collectionMarketplaceListReply = listReply(collectionEntrySchema);
