/**
 * The member's alert list: what the floating alert told, kept so a member who was offline sees
 * what happened, with an unread count and mark-as-read. Newest first; a retracted alert (its chain event undone by a
 * reorg) is not listed.
 */
import { z } from 'zod';
import { pageNoSchema } from './collection';
import { alertFloorMoveSchema, alertTopBidSchema } from '../domain/alerts';
import { authFields, flagSchema, listReply } from './common';

export const ALERT_LIST_PAGE_SIZE = 20;
/** An alert's id in the list (decimal digits): `/alert/read` marks it and every older one read. */
const alertIdxSchema = z.string().regex(/^[1-9]\d{0,17}$/);

/** POST /alert/list (logged in). */
export const alertListRequest = z.object({
  ...authFields,
  pageNo: pageNoSchema,
  pageSize: z.number().int().min(1).max(100).default(ALERT_LIST_PAGE_SIZE),
});
export const alertListItemSchema = z.object({
  alertIdx: alertIdxSchema,
  /** AlertType (1-7, 9-11; corrections are never listed). */
  type: z.number().int(),
  productIdx: z.number().int().nullable(),
  inquiryIdx: z.number().int().nullable(),
  /** The item's name (null for an inquiry, or an item deleted since). */
  itemName: z.string().nullable(),
  /** An outbid alert (type 9): the bid that outbid the member. */
  topBid: alertTopBidSchema.nullable().optional(),
  /** A floor alert (type 11): the followed collection's move. */
  floorMove: alertFloorMoveSchema.nullable().optional(),
  read: flagSchema,
  /** ISO 8601. */
  createDate: z.string(),
});
export type AlertListItem = z.infer<typeof alertListItemSchema>;
export const alertListReply = listReply(alertListItemSchema).extend({ unreadCount: z.number().int().optional() });

/**
 * POST /alert/read (logged in): marks `upTo` and every older alert read; `alertIdx`: that alert only (the one the
 * member opened from the list); without either, all of them.
 */
export const alertReadRequest = z.object({
  ...authFields,
  upTo: alertIdxSchema.optional(),
  alertIdx: alertIdxSchema.optional(),
});
export const alertReadReply = z.object({ returnCode: z.number().int(), unreadCount: z.number().int().optional() });
