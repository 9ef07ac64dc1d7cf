/** Likes, reports and the profile's offer lists: limits shared by the server and the web (spec 2, sections 3-9). */

/** Report target types: 1 collection, 2 member, 3 item. */
export const ReportType = { Collection: 1, Member: 2, Item: 3 } as const;
export type ReportTypeValue = (typeof ReportType)[keyof typeof ReportType];

/** A report's message: 1 to 1000 characters (after trimming). */
export const REPORT_MESSAGE_MAX = 1000;
/** Reports a member may file per REPORT_WINDOW_MS (then 26), on top of the per-client perMinute limit. */
export const REPORT_LIMIT = 10;
export const REPORT_WINDOW_MS = 60 * 60 * 1000;
/** Requests a minute per client on /support/report/register (108 past it). */
export const REPORT_PER_MINUTE = 20;

/** The item page's likers popup: page size and cap. */
export const LIKERS_PAGE_SIZE = 20;
export const LIKERS_PAGE_MAX = 100;

/** The profile's offer lists: 10 a page (also the cap), paginator groups of 10 page numbers. */
export const OFFER_PAGE_SIZE = 10;
export const PAGINATOR_GROUP = 10;
