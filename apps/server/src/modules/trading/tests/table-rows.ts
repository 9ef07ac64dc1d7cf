/** A table's rows as comparable plain values (dates as ISO text, ids as strings), for before/after comparisons. */
import type { Kysely } from 'kysely';
import type { Database } from '../../schema';

/** Rows of `table` ordered by `order`, without the `omit` columns (write times by default: an undo is a new write). */
export const tableRows =
  (db: Kysely<Database>) =>
  async (table: string, order: string[], omit: string[] = ['updated_at']) =>
    (await order.reduce((q, o) => q.orderBy(o as never), db.selectFrom(table as never).selectAll()).execute()).map(
      (r) =>
        Object.fromEntries(
          Object.entries(r as Record<string, unknown>)
            .filter(([k]) => !omit.includes(k))
            .map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v === null ? null : String(v)]),
        ),
    );
