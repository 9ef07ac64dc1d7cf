/**
 * The one way an expiry job ends due rows: in one transaction, select at most `batch` due row ids (oldest first),
 * lock them — through the order book's one lock order (`lockInOrder`, SKIP LOCKED) for listings and offers, or by
 * the due query itself (`FOR UPDATE SKIP LOCKED`, `lock: 'self'`) for rows outside it — and end the ones it holds. A
 * row another transaction holds is skipped, and taken by the next run, so two runners never block or double. The
 * time comes from the caller's clock (the job's `now`, less the grace it allows): `end` rechecks each row by it.
 */
import { sql } from 'kysely';
import type { Database, Db, Trx } from '../../schema';
import { lockInOrder } from './fixed-price/listings';

/** Rows in one of `states` whose deadline `at` passed `before`; their `id` column (a row's, or its parent's). */
export interface DueRows {
  table: keyof Database;
  id: string;
  states: readonly number[];
  /** The deadline column (`expires_at` unless said). */
  at?: string;
  before: Date;
  /** The deadline counts as passed when it equals `before` too. */
  inclusive?: boolean;
}

export interface SweepSpec<T> {
  /** How the due rows are locked: as listings or offers in the one order, or already by the due query. */
  lock: 'listings' | 'offers' | 'collectionOffers' | 'self';
  /** Which rows are due, or a query of their ids (at most `batch`, oldest first). */
  due: DueRows | ((trx: Trx, batch: number) => Promise<string[]>);
  /** Ends the rows this transaction locked (never called with none). */
  end: (trx: Trx, locked: string[]) => Promise<T>;
  /** What a run that ends nothing answers. */
  none: T;
}

async function dueIds(trx: Trx, d: DueRows, batch: number, lockRows: boolean): Promise<string[]> {
  const at = sql.ref(d.at ?? 'expires_at');
  const due = sql`${sql.table(d.table)} WHERE state IN (${sql.join([...d.states])}) AND ${at} ${sql.raw(d.inclusive ? '<=' : '<')} ${d.before}`;
  const { rows } = await (
    lockRows
      ? sql<{
          id: string;
        }>`SELECT ${sql.ref(d.id)}::text AS id FROM ${due} ORDER BY ${at} LIMIT ${batch} FOR UPDATE SKIP LOCKED`
      : sql<{
          id: string;
        }>`SELECT ${sql.ref(d.id)}::text AS id FROM ${due} GROUP BY 1 ORDER BY min(${at}) LIMIT ${batch}`
  ).execute(trx);
  return rows.map((r) => r.id);
}

/** One batch of a sweep, in one transaction. */
export async function sweep<T>(db: Db, spec: SweepSpec<T>, batch: number): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const due =
      typeof spec.due === 'function'
        ? await spec.due(trx, batch)
        : await dueIds(trx, spec.due, batch, spec.lock === 'self');
    if (due.length === 0) return spec.none;
    const locked = spec.lock === 'self' ? due : await lockInOrder(trx, { [spec.lock]: due, skipLocked: true });
    return locked.length === 0 ? spec.none : spec.end(trx, locked);
  });
}
