/**
 * The one way an expiry job ends due rows: in one transaction, select at most `batch` due row ids (oldest first),
 * lock them — through the order book's one lock order (`lockInOrder`, SKIP LOCKED) for listings and offers, or by
 * the due query itself (`FOR UPDATE SKIP LOCKED`, `lock: 'self'`) for rows outside it — and end the ones it holds. A
 * row another transaction holds is skipped, and taken by the next run, so two runners never block or double. The
 * time comes from the caller's clock (the job's `now`, less the grace it allows): `end` rechecks each row by it.
 */
import type { Db, Trx } from '../../schema';
import { lockInOrder } from './fixed-price/listings';

export interface SweepSpec<T> {
  /** How the due rows are locked: as listings or offers in the one order, or already by the due query. */
  lock: 'listings' | 'offers' | 'self';
  /** The due row ids (at most `batch`, oldest first; with `lock: 'self'`, selected FOR UPDATE SKIP LOCKED). */
  due: (trx: Trx, batch: number) => Promise<string[]>;
  /** Ends the rows this transaction locked (never called with none). */
  end: (trx: Trx, locked: string[]) => Promise<T>;
  /** What a run that ends nothing answers. */
  none: T;
}

/** One batch of a sweep, in one transaction. */
export async function sweep<T>(db: Db, spec: SweepSpec<T>, batch: number): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const due = await spec.due(trx, batch);
    if (due.length === 0) return spec.none;
    const locked = spec.lock === 'self' ? due : await lockInOrder(trx, { [spec.lock]: due, skipLocked: true });
    return locked.length === 0 ? spec.none : spec.end(trx, locked);
  });
}
