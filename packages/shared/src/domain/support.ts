/**
 * Support desk rules (spec 3, sections 2, 5 and 9): page sizes, the inquiry form's limits and checks, the
 * notice and FAQ search types, and the operator console's limits.
 */

/** A notice or FAQ entry is shown to members only when published. */
export const PublishState = { Hidden: 0, Published: 1 } as const;
/** An inquiry waits until an operator answers it. */
export const InquiryState = { Waiting: 0, Answered: 1 } as const;

/** Notice list: 10 per page, 10 page links. */
export const NOTICE_PAGE_SIZE = 10;
export const NOTICE_PAGE_LINKS = 10;
/** Inquiry list: 7 per page, 5 page links. */
export const INQUIRY_PAGE_SIZE = 7;
export const INQUIRY_PAGE_LINKS = 5;
/** Operator console tables. */
export const ADMIN_PAGE_SIZE = 20;

export const INQUIRY_TITLE_MAX = 100;
export const INQUIRY_MESSAGE_MAX = 1000;
/** A member may send at most this many inquiries per INQUIRY_WINDOW_MS (then 26, retry later). */
export const INQUIRY_LIMIT = 10;
export const INQUIRY_WINDOW_MS = 60 * 60 * 1000;

/** Console-authored HTML (notice bodies, FAQ answers, inquiry replies), in characters before sanitizing. */
export const SUPPORT_HTML_MAX = 10_000;
export const NOTICE_TITLE_MAX = 200;
export const FAQ_TITLE_MAX = 200;
/** Search types of the notice and FAQ search: 1 title, 2 content. */
export const SEARCH_TYPES = [1, 2] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Notice listType 2 is pinned (shown as 공지). */
export const NOTICE_LIST_TYPE = { normal: 1, pinned: 2 } as const;
/** Inquiry state: 0 waiting, 1 answered. */
export const INQUIRY_STATE = { waiting: 0, answered: 1 } as const;

/** A non-forced notice popup dismissed "for 24 hours" comes back after this long. */
export const NOTICE_POPUP_SNOOZE_MS = 24 * 60 * 60 * 1000;

export type InquiryError = 'titleRequired' | 'titleTooLong' | 'messageRequired' | 'messageTooLong';

/** The inquiry form's checks, in the spec's order (title first). Lengths count characters, not UTF-16 units. */
export function checkInquiry(title: string, message: string): InquiryError | null {
  const t = title.trim();
  const m = message.trim();
  if (!t) return 'titleRequired';
  if ([...t].length > INQUIRY_TITLE_MAX) return 'titleTooLong';
  if (!m) return 'messageRequired';
  if ([...m].length > INQUIRY_MESSAGE_MAX) return 'messageTooLong';
  return null;
}

/** Numbered pagination: the group of `links` page numbers that holds `pageNo`. */
export function pageGroup(pageNo: number, pageCount: number, links: number): number[] {
  if (pageCount < 1) return [];
  const current = Math.min(Math.max(1, pageNo), pageCount);
  const first = Math.floor((current - 1) / links) * links + 1;
  const last = Math.min(pageCount, first + links - 1);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** Pages needed for `total` rows (at least 1, so an empty list reads "page 1/1"). */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
