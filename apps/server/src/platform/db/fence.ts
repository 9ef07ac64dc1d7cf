/**
 * Fenced writes: work run with `fenced(fence, fn)` commits only while the fence holds. When a transaction opened in
 * that context commits, the PostgreSQL driver first runs the fence's check on the same connection, inside the
 * transaction; no row back, it rolls back and throws the fence's error. A write statement sent outside a
 * transaction in that context (an auto-commit INSERT, UPDATE, DELETE, MERGE or raw SQL naming one) is wrapped in a
 * transaction fenced the same way. The jobs leader's lease is the one fence (platform/jobs/leader.ts): its check
 * takes the lease row FOR SHARE, so a takeover waits for such a commit, and commits and takeovers are linearised.
 * Work outside the context, and PGlite (one process, no fence), run as before.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  PostgresDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

export interface Fence {
  /** A statement that returns a row while the fence holds (it may lock that row until the commit). */
  check: { sql: string; parameters: readonly unknown[] };
  /** The fence no longer holds: told so, and returns the error the refused commit throws. */
  lost(): Error;
}

const store = new AsyncLocalStorage<Fence>();

/** Runs `fn` with its commits fenced by `fence` (on a PostgreSQL database `openDb` opened). */
export const fenced = <T>(fence: Fence, fn: () => Promise<T>): Promise<T> => store.run(fence, fn);

/** The statement kinds that write; raw SQL counts as one when it names a write (a `FOR UPDATE` select too: harmless). */
const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const RAW_WRITE = /\b(insert|update|delete|merge)\b/i;
const writes = (q: CompiledQuery) => WRITES.has(q.query.kind) || (q.query.kind === 'RawNode' && RAW_WRITE.test(q.sql));

/** SQLSTATE in_failed_sql_transaction: the transaction already failed; its COMMIT rolls it back anyway. */
const FAILED_TRANSACTION = '25P02';

class FencedConnection implements DatabaseConnection {
  inTransaction = false;
  constructor(readonly inner: DatabaseConnection) {}

  /** Throws the fence's error (the transaction left open for the caller to roll back) when the check finds no row. */
  async check(fence: Fence): Promise<void> {
    let rows: unknown[];
    try {
      rows = (await this.inner.executeQuery(CompiledQuery.raw(fence.check.sql, [...fence.check.parameters]))).rows;
    } catch (err) {
      if ((err as { code?: string }).code === FAILED_TRANSACTION) return;
      throw err;
    }
    if (rows.length === 0) throw fence.lost();
  }

  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    const fence = store.getStore();
    if (!fence || this.inTransaction || !writes(q)) return this.inner.executeQuery<R>(q);
    await this.inner.executeQuery(CompiledQuery.raw('begin'));
    try {
      const result = await this.inner.executeQuery<R>(q);
      await this.check(fence);
      await this.inner.executeQuery(CompiledQuery.raw('commit'));
      return result;
    } catch (err) {
      await this.inner.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
      throw err;
    }
  }

  streamQuery<R>(q: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(q, chunkSize);
  }
}

/** A driver whose commits in a fenced context check the fence first. */
function fenceDriver(driver: Driver): Driver {
  const inner = (c: DatabaseConnection) => (c as FencedConnection).inner;
  return {
    init: () => driver.init(),
    acquireConnection: async () => new FencedConnection(await driver.acquireConnection()),
    releaseConnection: (c) => driver.releaseConnection(inner(c)),
    destroy: () => driver.destroy(),
    async beginTransaction(c: DatabaseConnection, settings: TransactionSettings) {
      await driver.beginTransaction(inner(c), settings);
      (c as FencedConnection).inTransaction = true;
    },
    async commitTransaction(c: DatabaseConnection) {
      const fence = store.getStore();
      // A refused check throws with the transaction still open: the transaction's owner (Kysely) rolls it back.
      if (fence) await (c as FencedConnection).check(fence);
      (c as FencedConnection).inTransaction = false;
      await driver.commitTransaction(inner(c));
    },
    async rollbackTransaction(c: DatabaseConnection) {
      (c as FencedConnection).inTransaction = false;
      await driver.rollbackTransaction(inner(c));
    },
    savepoint: (c, name, compile) => driver.savepoint!(inner(c), name, compile),
    rollbackToSavepoint: (c, name, compile) => driver.rollbackToSavepoint!(inner(c), name, compile),
    releaseSavepoint: (c, name, compile) => driver.releaseSavepoint!(inner(c), name, compile),
  };
}

/** Kysely's PostgreSQL dialect with fenced commits. */
export class FencedPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    return fenceDriver(super.createDriver());
  }
}
