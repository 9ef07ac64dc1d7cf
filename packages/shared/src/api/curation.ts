/**
 * Home curation (spec 2 "Home"): `/nft/curation/all` and the console's curation and report-queue calls.
 *
 * Sections are data (table `curation_sections`): their type, per-language name, order and visibility. Types 0
 * (featured items), 2 (category tiles) and 5 (tips) show hand-picked entries; 1 (trending collections) and
 * 3 (trending items) are computed from the last 7 days of trades, views and likes (newest first when nothing
 * happened); 4 (new items) are the newest shown items; 6 (auction slider) the items on auction.
 */
import { z } from 'zod';
import { pageFields, text } from './admin';
import { authFields, codeReply, dataReply, flagSchema, listReply } from './common';
import { fileNameSchema, idxSchema } from './collection';
import { TOKEN_SYMBOLS } from '../domain/tokens';

export const CurationType = {
  Featured: 0,
  TrendingCollections: 1,
  Categories: 2,
  TrendingItems: 3,
  NewItems: 4,
  Tips: 5,
  Auction: 6,
} as const;
export type CurationTypeValue = (typeof CurationType)[keyof typeof CurationType];
export const CURATION_TYPES = Object.values(CurationType) as CurationTypeValue[];
/** Types whose entries the console picks by hand (the others are computed). */
export const CURATION_PICKED_TYPES: readonly CurationTypeValue[] = [
  CurationType.Featured,
  CurationType.Categories,
  CurationType.Tips,
];
/** How many entries a computed section shows, and how many a hand-picked one may hold. */
export const CURATION_SECTION_SIZE = 12;
export const CURATION_ENTRIES_MAX = 20;
/** Trending looks back this many days. */
export const TRENDING_DAYS = 7;

const symbol = z.enum(TOKEN_SYMBOLS).nullable();

/** Type 0: a featured item (the carousel). Files under `{cdnUrl}/item/resource|thumbnail/`, the member's under profile. */
export const featuredItemSchema = z.object({
  productIdx: z.number().int(),
  /** 1 image, 2 video/audio. */
  resourceType: z.number().int(),
  itemFileType: z.string(),
  itemFileName: z.string(),
  thumbnailFileName: z.string().nullable(),
  name: z.string(),
  collectionName: z.string(),
  memberId: z.string(),
  memberFileName: z.string().nullable(),
});
/** Type 1: a trending collection. */
export const curationCollectionSchema = z.object({
  collectionIdx: z.number().int(),
  featuredFileName: z.string().nullable(),
  logoFileName: z.string(),
  collectionName: z.string(),
  creatorId: z.string(),
  collectionDescription: z.string(),
  itemCount: z.number().int(),
});
/** Type 2: a category tile; `categoryName` is the route segment of /Marketplace/{categoryName}. */
export const curationCategorySchema = z.object({
  categoryIdx: z.number().int(),
  categoryName: z.string(),
  name: z.string(),
  nameEn: z.string(),
  imageFileName: z.string(),
});
/**
 * Type 5: a tip card linking out; `fileName` is an upload under `{cdnUrl}/curation/` or null. `title`/`detail`
 * are Korean; `titleEn`/`detailEn` English, both or neither (null: the web shows the Korean ones in English too).
 */
export const curationTipSchema = z.object({
  tipIdx: z.number().int(),
  connectUrl: z.string(),
  fileName: z.string().nullable(),
  title: z.string(),
  detail: z.string(),
  titleEn: z.string().nullable(),
  detailEn: z.string().nullable(),
});
/** Types 3, 4, 6: an item card. Prices are wei strings; offers and bids stay null until the trading issues fill them. */
export const curationItemSchema = z.object({
  productIdx: z.number().int(),
  collectionIdx: z.number().int(),
  resourceType: z.number().int(),
  itemFileType: z.string(),
  itemFileName: z.string(),
  thumbnailFileName: z.string().nullable(),
  likeCount: z.number().int(),
  name: z.string(),
  collectionName: z.string(),
  /** 1 multi-edition, 2 single. */
  itemType: z.number().int(),
  totalItemCount: z.number().int(),
  offerMaxPrice: z.string().nullable(),
  offerSymbol: symbol,
  lastPrice: z.string().nullable(),
  lastSymbol: symbol,
  /** 1 fixed price, 2 auction; null when not on sale. */
  saleType: z.number().int().nullable(),
  bidMaxPrice: z.string().nullable(),
  bidSymbol: symbol,
  expireDate: z.string().nullable(),
  minPriceToken: z.string().nullable(),
  minSymbol: symbol,
});
export type FeaturedItem = z.infer<typeof featuredItemSchema>;
export type CurationCollection = z.infer<typeof curationCollectionSchema>;
export type CurationCategory = z.infer<typeof curationCategorySchema>;
export type CurationTip = z.infer<typeof curationTipSchema>;
export type CurationItem = z.infer<typeof curationItemSchema>;

const sectionBase = { curationIdx: z.number().int(), name: z.string(), nameEn: z.string() };
export const curationSectionSchema = z.discriminatedUnion('curationType', [
  z.object({ ...sectionBase, curationType: z.literal(0), dataList: z.array(featuredItemSchema) }),
  z.object({ ...sectionBase, curationType: z.literal(1), dataList: z.array(curationCollectionSchema) }),
  z.object({ ...sectionBase, curationType: z.literal(2), dataList: z.array(curationCategorySchema) }),
  z.object({ ...sectionBase, curationType: z.literal(3), dataList: z.array(curationItemSchema) }),
  z.object({ ...sectionBase, curationType: z.literal(4), dataList: z.array(curationItemSchema) }),
  z.object({ ...sectionBase, curationType: z.literal(5), dataList: z.array(curationTipSchema) }),
  z.object({ ...sectionBase, curationType: z.literal(6), dataList: z.array(curationItemSchema) }),
]);
export type CurationSection = z.infer<typeof curationSectionSchema>;
/** POST /nft/curation/all (no login, empty body): the visible sections in their order. */
export const curationAllReply = listReply(curationSectionSchema);

// ---- Console -------------------------------------------------------------------------------------------------

/** One hand-picked entry as the console shows it (`label` names the item, category or tip). */
export const adminCurationEntrySchema = z.object({
  entryIdx: z.number().int(),
  sortOrder: z.number().int(),
  productIdx: z.number().int().nullable(),
  categoryIdx: z.number().int().nullable(),
  title: z.string().nullable(),
  detail: z.string().nullable(),
  titleEn: z.string().nullable(),
  detailEn: z.string().nullable(),
  connectUrl: z.string().nullable(),
  fileName: z.string().nullable(),
  label: z.string(),
});
export type AdminCurationEntry = z.infer<typeof adminCurationEntrySchema>;
export const adminCurationSectionSchema = z.object({
  curationIdx: z.number().int(),
  curationType: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  sortOrder: z.number().int(),
  visible: flagSchema,
  entries: z.array(adminCurationEntrySchema),
  updateDate: z.string(),
});
export type AdminCurationSection = z.infer<typeof adminCurationSectionSchema>;

/** POST /admin/curation/list: every section (hidden ones too) in order, with its entries; searchText matches names. */
export const adminCurationListRequest = z.object(pageFields);
export const adminCurationListReply = listReply(adminCurationSectionSchema);

/** POST /admin/curation/save: creates (no curationIdx) or renames / shows / hides a section. Codes: 8 no such section. */
export const adminCurationSaveRequest = z.object({
  ...authFields,
  curationIdx: idxSchema.optional(),
  curationType: z.number().int().min(0).max(6),
  name: text(50),
  nameEn: text(50),
  visible: flagSchema,
});
export const adminCurationSaveReply = dataReply(z.object({ idx: z.number().int() }));

/** POST /admin/curation/move: swaps a section with its neighbour above (-1) or below (1). Codes: 8; 20 already first/last. */
export const adminCurationMoveRequest = z.object({
  ...authFields,
  curationIdx: idxSchema,
  direction: z.union([z.literal(-1), z.literal(1)]),
});
export const adminCurationMoveReply = codeReply;

/** An external link for a tip: http(s) only (never `javascript:`). */
export const connectUrlSchema = z
  .string()
  .trim()
  .max(500)
  .url()
  .refine((u) => /^https?:\/\//i.test(u), 'http or https');

/** A tip's English title and text: both or neither (the home falls back to the Korean pair); the missing one is named. */
function tipEnglishPair(b: { titleEn?: string; detailEn?: string }, ctx: z.RefinementCtx) {
  if (b.titleEn !== undefined && b.detailEn === undefined)
    ctx.addIssue({ code: 'custom', path: ['detailEn'], message: 'detailEn goes with titleEn' });
  if (b.detailEn !== undefined && b.titleEn === undefined)
    ctx.addIssue({ code: 'custom', path: ['titleEn'], message: 'titleEn goes with detailEn' });
}

/**
 * POST /admin/curation/entry/add: adds an entry at the end of a hand-picked section: `productIdx` for a featured
 * section (type 0), `categoryIdx` for a category section (2), `title`/`detail`/`connectUrl`/`fileName` for a tip (5)
 * with an optional English pair `titleEn`/`detailEn` (both or neither).
 * Codes: 8 no such section, item or category; 6 an English title without its text (or the reverse); 5 wrong kind
 * of entry for the section or section full; 10 already there.
 */
export const adminCurationEntryAddRequest = z
  .object({
    ...authFields,
    curationIdx: idxSchema,
    productIdx: idxSchema.optional(),
    categoryIdx: idxSchema.optional(),
    title: text(60).optional(),
    detail: text(200).optional(),
    titleEn: text(60).optional(),
    detailEn: text(200).optional(),
    connectUrl: connectUrlSchema.optional(),
    fileName: fileNameSchema.nullish(),
  })
  .superRefine(tipEnglishPair);
export const adminCurationEntryAddReply = adminCurationSaveReply;

/**
 * POST /admin/curation/entry/update: rewrites a tip's texts and link (the image stays): the Korean title and text,
 * the English pair (both or neither; leaving both out clears it), the link. Codes: 8 no such entry; 5 not a tip;
 * 6 half an English pair.
 */
export const adminCurationTipUpdateRequest = z
  .object({
    ...authFields,
    entryIdx: idxSchema,
    title: text(60),
    detail: text(200),
    titleEn: text(60).optional(),
    detailEn: text(200).optional(),
    connectUrl: connectUrlSchema,
  })
  .superRefine(tipEnglishPair);
export const adminCurationTipUpdateReply = codeReply;

/** POST /admin/curation/entry/remove: removes an entry. Codes: 8 no such entry. */
export const adminCurationEntryRemoveRequest = z.object({ ...authFields, entryIdx: idxSchema });
export const adminCurationEntryRemoveReply = codeReply;

export const ReportState = { Open: 0, Actioned: 1, Dismissed: 2 } as const;

export const adminReportSchema = z.object({
  reportIdx: z.number().int(),
  /** 1 collection, 2 member, 3 item. */
  type: z.number().int(),
  targetIdx: z.number().int(),
  /** The collection, member or item name (null when it no longer exists). */
  targetName: z.string().nullable(),
  /** Whether the target is hidden (item, collection) or blocked (member) now. */
  targetHidden: z.boolean(),
  categoryName: z.string(),
  categoryNameEn: z.string(),
  reporterId: z.string(),
  message: z.string(),
  /** 0 open, 1 actioned, 2 dismissed. */
  state: z.number().int(),
  handledBy: z.string().nullable(),
  handledDate: z.string().nullable(),
  createDate: z.string(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;
/** POST /admin/report/list: the report queue, newest first; `state` filters; searchText matches message or reporter. */
export const adminReportListRequest = z.object({ ...pageFields, state: z.number().int().min(0).max(2).optional() });
export const adminReportListReply = listReply(adminReportSchema);

/**
 * POST /admin/report/handle: acts on an open report and marks it handled: `hide` hides the reported item or
 * collection (state 1), `block` blocks the reported member (state 1; the member gets 43), `dismiss` closes it
 * (state 2). Codes: 8 no such report or target; 20 already handled; 5 the action does not fit the report type;
 * 2 an operator's own account.
 */
export const adminReportHandleRequest = z.object({
  ...authFields,
  reportIdx: idxSchema,
  action: z.enum(['hide', 'block', 'dismiss']),
});
export const adminReportHandleReply = codeReply;
