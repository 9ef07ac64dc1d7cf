/** Paging of every list (spec: `pageNo` from 1, `pageSize`; replies carry `page {totalRecordSize, pageNo, pageCount}`). */
export interface Page {
  totalRecordSize: number;
  pageNo: number;
  pageCount: number;
}

/** The reply's page object for `total` rows. */
export function pageOf(total: number, pageNo: number, pageSize: number): Page {
  return { totalRecordSize: total, pageNo, pageCount: pageSize > 0 ? Math.ceil(total / pageSize) : 0 };
}

/** The row offset of a 1-based page. */
export const offsetOf = (pageNo: number, pageSize: number): number => Math.max(0, pageNo - 1) * pageSize;
