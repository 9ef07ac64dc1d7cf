/**
 * Paging of list queries: page numbers count from 1, so page `pageNo` of `pageSize` rows skips the pages before it.
 * `paginate` reads one page and the total of a filtered query; `whereContains` is the search over named columns.
 */
import { sql, type SelectQueryBuilder, type Simplify, type StringReference } from 'kysely';
import { containsPattern } from './sql-patterns';

export interface PageArgs {
  pageNo: number;
  pageSize: number;
}

/** The OFFSET of a page: the rows of the pages before it. */
export const offsetOf = (page: PageArgs): number => (page.pageNo - 1) * page.pageSize;

/**
 * `q` narrowed to rows where any of `columns` contains `text` (case-insensitive; `%`, `_` and `\` match themselves);
 * `q` itself when the text is blank.
 */
export function whereContains<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  text: string,
  columns: readonly StringReference<DB, TB>[],
): SelectQueryBuilder<DB, TB, O> {
  const trimmed = text.trim();
  if (!trimmed) return q;
  const like = containsPattern(trimmed);
  return q.where(
    sql<boolean>`(${sql.join(
      columns.map((c) => sql`${sql.ref(c)} ilike ${like}`),
      sql` or `,
    )})`,
  );
}

/**
 * One page of `q` and the total of its rows: the count first, then `select` (the columns and the order) limited to
 * the page, each row made into what the page answers by `out` (given its place on the page and the total). `q` holds
 * the joins and the filters both share.
 */
export async function paginate<DB, TB extends keyof DB, O, R, T>(
  q: SelectQueryBuilder<DB, TB, O>,
  page: PageArgs,
  select: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
  out: (row: Simplify<R>, index: number, total: number) => T,
): Promise<{ rows: T[]; total: number }> {
  const counted: { total?: unknown } = await q.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow();
  const total = Number(counted.total);
  const rows = await select(q).limit(page.pageSize).offset(offsetOf(page)).execute();
  return { rows: rows.map((r, i) => out(r, i, total)), total };
}
