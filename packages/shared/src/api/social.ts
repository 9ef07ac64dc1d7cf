/**
 * Likes, likers and reports (spec 2 "Own profile", sections 3-9; spec 3 like and report); the offer lists are in offers.ts.
 *
 * Likes are idempotent: /nft/like on a liked item answers 263 and /nft/cancelLike on an unliked one 262, both with
 * the item's current `likeState` and `countHeart` in `data`, so a double click never moves the count twice.
 */
import { z } from 'zod';
import { LIKERS_PAGE_MAX, LIKERS_PAGE_SIZE, REPORT_MESSAGE_MAX } from '../domain/social';
import { idxSchema, pageNoSchema, pageSizeSchema } from './collection';
import { authFields, codeReply, dataReply, flagSchema, listReply } from './common';

/** POST /nft/like and /nft/cancelLike (logged in). Codes: 0; 258 no such item; 262 not liked; 263 already liked. */
export const likeRequest = z.object({ ...authFields, productIdx: idxSchema });
export const likeStateSchema = z.object({ likeState: flagSchema, countHeart: z.number().int() });
export type LikeState = z.infer<typeof likeStateSchema>;
export const likeReply = dataReply(likeStateSchema);

/** POST /nft/like/member/list: who liked an item, newest like first. Codes: 0; 258 no such item. */
export const likeMemberListRequest = z.object({
  productIdx: idxSchema,
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema(LIKERS_PAGE_SIZE, LIKERS_PAGE_MAX),
});
export const likerSchema = z.object({
  memberIdx: z.number().int(),
  memberName: z.string(),
  /** Under `{cdnUrl}/user/profile/`; null for the default picture. */
  memberFileName: z.string().nullable(),
  /** Pieces of the item the liker holds. */
  quantity: z.number().int(),
  likeDate: z.string(),
});
export type Liker = z.infer<typeof likerSchema>;
export const likeMemberListReply = listReply(likerSchema);

/** POST /support/report/category: `name` in the request's language (ko by default), and both names. */
export const reportCategoryRequest = z.object({ lang: z.enum(['ko', 'en']).optional() });
export const reportCategorySchema = z.object({
  categoryIdx: z.number().int(),
  name: z.string(),
  nameKo: z.string(),
  nameEn: z.string(),
});
export type ReportCategory = z.infer<typeof reportCategorySchema>;
export const reportCategoryReply = listReply(reportCategorySchema);

/**
 * POST /support/report/register (logged in). type 1 collection, 2 member, 3 item; message 1-1000 characters after
 * trimming (5; 6 when absent). Codes: 0; 261 no such category; 254/255/258 no such collection/member/item;
 * 290 an open report by this member on this target exists; 26 too many reports in an hour; 108 too many a minute.
 */
export const reportMessageSchema = z
  .string()
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .min(1)
      .refine((s) => [...s].length <= REPORT_MESSAGE_MAX, 'too long'),
  );
export const reportRegisterRequest = z.object({
  ...authFields,
  reportCategoryIdx: idxSchema,
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  targetIdx: idxSchema,
  message: reportMessageSchema,
});
export const reportRegisterReply = codeReply;
