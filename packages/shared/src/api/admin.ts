/**
 * The operator console's API (`/admin/...`; our design, the spec shows no admin side). Every call is logged in
 * (`id` + ticket) by a wallet on the operator allow-list: 27/28/29 for a bad ticket, 2 for a member who is not
 * an operator. Every write is recorded in the audit log (who, what, when, before and after).
 */
import { z } from 'zod';
import { ADMIN_PAGE_SIZE, FAQ_TITLE_MAX, NOTICE_TITLE_MAX, SUPPORT_HTML_MAX } from '../domain/support';
import { authFields, codeReply, dataReply, flagSchema, listReply, weiSchema } from './common';
import { idxSchema, pageNoSchema, searchTextSchema } from './collection';
import { faqCategorySchema, langSchema, noticeSchema } from './support';
import { TOKEN_SYMBOLS } from '../domain/tokens';

/** Paging and search fields of every console list. */
export const pageFields = {
  ...authFields,
  pageNo: pageNoSchema.default(1),
  pageSize: z.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE),
  searchText: searchTextSchema,
};
/** A required text, trimmed, 1-max characters after trimming. */
export const text = (max: number) =>
  z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().min(1).max(max));
const html = z.string().min(1).max(SUPPORT_HTML_MAX);
/** Written back into the reply of a save: the row's index. */
const savedReply = dataReply(z.object({ idx: z.number().int() }));

/** POST /admin/me: who the operator is (the console asks it first). */
export const adminMeRequest = z.object(authFields);
export const adminMeReply = dataReply(z.object({ id: z.string(), address: z.string() }));

/** POST /admin/notice/list: every notice, hidden ones too, newest first. */
export const adminNoticeListRequest = z.object({ ...pageFields, lang: langSchema.optional() });
export const adminNoticeListReply = listReply(noticeSchema);

/**
 * POST /admin/notice/save: creates (no noticeIdx) or edits a notice. A forced popup must be a popup (5).
 * Codes: 8 no such notice.
 */
export const adminNoticeSaveRequest = z
  .object({
    ...authFields,
    noticeIdx: idxSchema.optional(),
    lang: langSchema,
    title: text(NOTICE_TITLE_MAX),
    message: html,
    listType: z.union([z.literal(1), z.literal(2)]),
    flagPopup: flagSchema,
    flagForce: flagSchema,
    state: flagSchema,
  })
  .refine((n) => n.flagForce === 0 || n.flagPopup === 1, {
    message: 'a forced notice is a popup',
    path: ['flagForce'],
  });
export const adminNoticeSaveReply = savedReply;

/** POST /admin/faq/category/save: creates or renames a FAQ category. Codes: 8 no such category. */
export const adminFaqCategorySaveRequest = z.object({
  ...authFields,
  faqCategoryIdx: idxSchema.optional(),
  name: text(50),
  nameEn: text(50),
  sortOrder: z.number().int().min(0).max(10_000),
});
export const adminFaqCategorySaveReply = savedReply;
export const adminFaqCategoryListRequest = z.object(authFields);
export const adminFaqCategoryListReply = listReply(faqCategorySchema.extend({ sortOrder: z.number().int() }));

export const adminFaqSchema = z.object({
  faqIdx: z.number().int(),
  categoryIdx: z.number().int(),
  categoryName: z.string(),
  lang: langSchema,
  title: z.string(),
  message: z.string(),
  sortOrder: z.number().int(),
  state: flagSchema,
  updateDate: z.string(),
});
export type AdminFaq = z.infer<typeof adminFaqSchema>;
/** POST /admin/faq/list: every FAQ item, hidden ones too. */
export const adminFaqListRequest = z.object({ ...pageFields, categoryIdx: idxSchema.optional() });
export const adminFaqListReply = listReply(adminFaqSchema);
/** POST /admin/faq/save: creates or edits a FAQ item. Codes: 8 no such item or category. */
export const adminFaqSaveRequest = z.object({
  ...authFields,
  faqIdx: idxSchema.optional(),
  categoryIdx: idxSchema,
  lang: langSchema,
  title: text(FAQ_TITLE_MAX),
  message: html,
  sortOrder: z.number().int().min(0).max(10_000).default(0),
  state: flagSchema,
});
export const adminFaqSaveReply = savedReply;

export const adminInquirySchema = z.object({
  inquiryIdx: z.number().int(),
  memberIdx: z.number().int(),
  memberId: z.string(),
  title: z.string(),
  message: z.string(),
  state: flagSchema,
  reply: z.string().nullable(),
  createDate: z.string(),
  replyDate: z.string().nullable(),
  repliedBy: z.string().nullable(),
});
export type AdminInquiry = z.infer<typeof adminInquirySchema>;
/** POST /admin/inquiry/list: inquiries of every member; `state` 0 keeps the waiting ones. */
export const adminInquiryListRequest = z.object({ ...pageFields, state: flagSchema.optional() });
export const adminInquiryListReply = listReply(adminInquirySchema);
/**
 * POST /admin/inquiry/reply: answers (or corrects the answer of) an inquiry; the member gets an alert.
 * Codes: 8 no such inquiry.
 */
export const adminInquiryReplyRequest = z.object({ ...authFields, inquiryIdx: idxSchema, reply: html });
export const adminInquiryReplyReply = codeReply;

/** POST /admin/category/save: creates (no categoryIdx) or edits a marketplace category. Codes: 8; 10 code taken. */
export const adminCategorySaveRequest = z.object({
  ...authFields,
  categoryIdx: idxSchema.optional(),
  code: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    .max(40),
  name: text(50),
  nameEn: text(50),
  sortOrder: z.number().int().min(0).max(10_000),
});
export const adminCategorySaveReply = savedReply;

/** A USD price per whole token: up to 12 integer and 18 fraction digits, above zero. */
export const usdPriceSchema = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,18})?$/)
  .refine((s) => /[1-9]/.test(s), 'must be above zero');
/** POST /admin/token/price: sets the USD price of ATT or KLAY that /config/token/info serves. */
export const adminTokenPriceRequest = z.object({ ...authFields, symbol: z.enum(TOKEN_SYMBOLS), price: usdPriceSchema });
export const adminTokenPriceReply = codeReply;

/** Platform fee in percent, 0-10 with up to 2 decimals. */
export const platformFeeSchema = z
  .string()
  .regex(/^\d{1,2}(\.\d{1,2})?$/)
  .refine((s) => Number(s) <= 10, 'at most 10%');
/** Won a dollar for the KRW estimates: a decimal with up to 4 decimals, above 0 and at most 100,000. */
export const krwPerUsdSchema = z
  .string()
  .regex(/^\d{1,6}(\.\d{1,4})?$/)
  .refine((s) => Number(s) > 0 && Number(s) <= 100_000, 'above 0, at most 100,000');
/** POST /admin/config/krw: the won-a-dollar rate /config/front shows with the time it was set (audited). */
export const adminKrwRateRequest = z.object({ ...authFields, krwPerUsd: krwPerUsdSchema });
export const adminKrwRateReply = codeReply;

/** POST /admin/config/fee: the platform fee /config/front and /config/nft/info show. */
export const adminFeeRequest = z.object({ ...authFields, platformFee: platformFeeSchema });
export const adminFeeReply = codeReply;

/** POST /admin/config/inactive: turns the keeping apart of inactive members' personal data on or off (audited). */
export const adminInactiveMembersRequest = z.object({ ...authFields, on: z.boolean() });
export const adminInactiveMembersReply = codeReply;

export const adminMemberSchema = z.object({
  memberIdx: z.number().int(),
  id: z.string(),
  address: z.string(),
  email: z.string(),
  state: z.enum(['active', 'blocked', 'deleted']),
  createDate: z.string(),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;
/** POST /admin/member/list: search by user name, wallet address or e-mail. */
export const adminMemberListRequest = z.object(pageFields);
export const adminMemberListReply = listReply(adminMemberSchema);
/**
 * POST /admin/member/block: `block` 1 blocks (every logged-in call of that member answers 43), 0 unblocks.
 * Codes: 8 no such member; 20 a deleted member; 2 an operator's own account.
 */
export const adminMemberBlockRequest = z.object({ ...authFields, memberIdx: idxSchema, block: flagSchema });
export const adminMemberBlockReply = codeReply;

export const auditSchema = z.object({
  auditIdx: z.number().int(),
  operator: z.string(),
  operatorId: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetIdx: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createDate: z.string(),
});
export type AuditEntry = z.infer<typeof auditSchema>;
/** POST /admin/audit/list: the audit log, newest first; searchText matches action, target or operator. */
export const adminAuditListRequest = z.object(pageFields);
export const adminAuditListReply = listReply(auditSchema);

/** A referral payout as the console shows it (read-only: the payout job alone writes them). */
export const adminReferralPayoutSchema = z.object({
  payoutIdx: z.string(),
  /** The referrer's user name, and the address paid. */
  referrer: z.string().nullable(),
  toAddress: z.string(),
  symbol: z.enum(TOKEN_SYMBOLS),
  amount: weiSchema,
  /** PayoutState: 1 being paid, 2 paid, 3 failed (owed again). */
  state: z.number().int(),
  /** The month it pays, YYYY-MM. */
  period: z.string(),
  txHash: z.string().nullable(),
  createDate: z.string(),
  paidDate: z.string().nullable(),
});
export type AdminReferralPayout = z.infer<typeof adminReferralPayoutSchema>;
/** POST /admin/referral/payout/list: referral payouts, newest first; searchText matches the referrer, the address or the transaction. */
export const adminReferralPayoutListRequest = z.object(pageFields);
export const adminReferralPayoutListReply = listReply(adminReferralPayoutSchema);
