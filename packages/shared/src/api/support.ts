/**
 * Support desk, members' side (spec 3, sections 2 and 7; the popup form of spec 2): notices, FAQ, 1:1 inquiries.
 * Bodies of notices, FAQ answers and replies are HTML, sanitized by the server when saved (SAFE_HTML_OPTIONS)
 * and again by the web when shown.
 */
import { z } from 'zod';
import { INQUIRY_MESSAGE_MAX, INQUIRY_PAGE_SIZE, INQUIRY_TITLE_MAX, NOTICE_PAGE_SIZE } from '../domain/support';
import { idxSchema, pageNoSchema, searchTextSchema } from './collection';
import { authFields, codeReply, dataReply, flagSchema, listReply } from './common';

export const langSchema = z.enum(['ko', 'en']);
export const searchTypeSchema = z.union([z.literal(1), z.literal(2)]);

/**
 * POST /support/notice/list, in the spec's two forms:
 * - `{type: 1}`: the popup notices (published, flagPopup 1), forced ones first; `list` only.
 * - `{pageNo, pageSize, searchType, searchText}`: published notices, pinned (listType 2) first, then newest;
 *   `list` and `page`.
 * `lang` (our addition) keeps notices of one language; without it every language is listed.
 */
export const noticeListRequest = z.object({
  type: z.literal(1).optional(),
  pageNo: pageNoSchema.default(1),
  pageSize: z.number().int().min(1).max(100).default(NOTICE_PAGE_SIZE),
  searchType: searchTypeSchema.default(1),
  searchText: searchTextSchema.default(''),
  lang: langSchema.optional(),
});
export const noticeSchema = z.object({
  idx: z.number().int(),
  /** Row number in the list (newest highest); 0 in the popup form. */
  no: z.number().int(),
  /** 1 normal, 2 pinned (공지). */
  listType: z.union([z.literal(1), z.literal(2)]),
  /** Spec 2's `type`: the same value as listType. */
  type: z.number().int(),
  lang: langSchema,
  title: z.string(),
  /** Sanitized HTML. */
  message: z.string(),
  /** 1 published, 0 hidden (members only ever see 1). */
  state: flagSchema,
  flagPopup: flagSchema,
  flagForce: flagSchema,
  /** ISO 8601; the list shows its first 10 characters. */
  createDate: z.string(),
  updateDate: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;
export const noticeListReply = listReply(noticeSchema);

/** POST /support/notice/info. Codes: 8 no such published notice. */
export const noticeInfoRequest = z.object({ noticeIdx: idxSchema });
export const noticeInfoReply = dataReply(noticeSchema);

/** POST /support/faq/category: every FAQ category, in the console's order. */
export const faqCategorySchema = z.object({
  faqCategoryIdx: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
});
export type FaqCategory = z.infer<typeof faqCategorySchema>;
export const faqCategoryReply = listReply(faqCategorySchema);

/** POST /support/faq/list: published FAQ items; searchType 1 title, 2 content. */
export const faqListRequest = z.object({
  filterCategoryIdx: idxSchema.nullable().default(null),
  searchType: searchTypeSchema.default(1),
  searchText: searchTextSchema.default(''),
  lang: langSchema.optional(),
});
export const faqItemSchema = z.object({
  faqIdx: z.number().int(),
  categoryIdx: z.number().int(),
  categoryName: z.string(),
  categoryNameEn: z.string(),
  lang: langSchema,
  title: z.string(),
  /** Sanitized HTML. */
  message: z.string(),
});
export type FaqItem = z.infer<typeof faqItemSchema>;
export const faqListReply = listReply(faqItemSchema);

/** POST /support/inquiry/list (logged in): the member's own inquiries, newest first. */
export const inquiryListRequest = z.object({
  ...authFields,
  pageNo: pageNoSchema.default(1),
  pageSize: z.number().int().min(1).max(100).default(INQUIRY_PAGE_SIZE),
});
export const inquirySchema = z.object({
  inquiryIdx: z.number().int(),
  title: z.string(),
  message: z.string(),
  /** 0 waiting, 1 answered. */
  state: flagSchema,
  /** Sanitized HTML, or null while waiting. */
  reply: z.string().nullable(),
  createDate: z.string(),
  replyDate: z.string().nullable(),
});
export type Inquiry = z.infer<typeof inquirySchema>;
export const inquiryListReply = listReply(inquirySchema);

/**
 * POST /support/inquiry/register (logged in). Title 1-100 and message 1-1000 characters after trimming
 * (5 otherwise, 6 when absent). Codes: 26 too many inquiries in an hour.
 */
const trimmedText = (max: number) =>
  z
    .string()
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1)
        .refine((s) => [...s].length <= max, 'too long'),
    );
export const inquiryRegisterRequest = z.object({
  ...authFields,
  title: trimmedText(INQUIRY_TITLE_MAX),
  message: trimmedText(INQUIRY_MESSAGE_MAX),
});
export const inquiryRegisterReply = codeReply;
