/**
 * Referral rewards, the member's own side (logged in; nobody sees another member's earnings): the summary (the
 * share code, how many members signed up through it, per coin what accrued, what was paid, what is on its way, what was
 * forfeited and the balance) and the ledger (accruals and payouts, newest first, paged).
 */
import { z } from 'zod';
import { TOKEN_SYMBOLS } from '../domain/tokens';
import { pageNoSchema } from './collection';
import { authFields, dataReply, listReply, weiSchema } from './common';

export const REFERRAL_LIST_PAGE_SIZE = 20;

/** POST /referral/summary (logged in). Codes: 0; 27/28/29. */
export const referralSummaryRequest = z.object(authFields);
export const referralCoinSchema = z.object({
  symbol: z.enum(TOKEN_SYMBOLS),
  accrued: weiSchema,
  paid: weiSchema,
  /** Payouts sent, not yet confirmed. */
  pending: weiSchema,
  /** Forfeited when the member withdrew (a balance at or below the payout minimum, which could never be paid). */
  forfeited: weiSchema,
  /** accrued - paid - pending - forfeited (never below 0). */
  balance: weiSchema,
});
export const referralSummarySchema = z.object({
  /** What the member's share links carry as `?ref=` (their user name). */
  code: z.string(),
  referredCount: z.number().int(),
  coins: z.array(referralCoinSchema),
  /** The payout threshold in wei (paid only above it). */
  payoutMin: weiSchema,
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;
export const referralSummaryReply = dataReply(referralSummarySchema);

/** POST /referral/list (logged in): the ledger, newest first. Codes: 0; 5; 27/28/29. */
export const referralListRequest = z.object({
  ...authFields,
  pageNo: pageNoSchema,
  pageSize: z.number().int().min(1).max(100).default(REFERRAL_LIST_PAGE_SIZE),
});
export const referralEntrySchema = z.object({
  /** ReferralEntryKind: 1 accrual, 2 payout. */
  kind: z.number().int(),
  symbol: z.enum(TOKEN_SYMBOLS),
  amount: weiSchema,
  /** An accrual's sale price; null for a payout. */
  salePrice: weiSchema.nullable(),
  /** An accrual's item; null for a payout. */
  productIdx: z.number().int().nullable(),
  itemName: z.string().nullable(),
  /** A payout's PayoutState; null for an accrual. */
  state: z.number().int().nullable(),
  /** The sale's or the payout's transaction (null for a payout not sent yet). */
  txHash: z.string().nullable(),
  /** ISO 8601. */
  createDate: z.string(),
});
export type ReferralEntry = z.infer<typeof referralEntrySchema>;
export const referralListReply = listReply(referralEntrySchema);
