/** Paging of list queries: page numbers count from 1, so page `pageNo` of `pageSize` rows skips the pages before it. */
export interface PageArgs {
  pageNo: number;
  pageSize: number;
}

/** The OFFSET of a page: the rows of the pages before it. */
export const offsetOf = (page: PageArgs): number => (page.pageNo - 1) * page.pageSize;
