/**
 * The operator console's SQL. Every write runs in one transaction with its audit-log row (operator, action,
 * target, before and after as JSON), so no change happens without its record. Writes return the saved row's
 * index, or null when the row to edit does not exist; the route turns that into a code.
 */
import type { AuditEntry } from '@att/shared';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../schema';
import { repositoryOf } from '../../platform/db/repository';
import { paginate, whereContains, type PageArgs } from '../../platform/db/paginate';

export interface Operator {
  memberIdx: number;
  address: string;
}

export interface Page extends PageArgs {
  searchText: string;
}

export async function audit(
  trx: Transaction<Database>,
  op: Operator,
  entry: { action: string; targetType: string; targetIdx: string | number; before: unknown; after: unknown },
  now: Date,
) {
  await trx
    .insertInto('audit_log')
    .values({
      operator_address: op.address,
      operator_member_idx: op.memberIdx,
      action: entry.action,
      target_type: entry.targetType,
      target_idx: String(entry.targetIdx),
      before: entry.before === null || entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === null || entry.after === undefined ? null : JSON.stringify(entry.after),
      created_at: now,
    })
    .execute();
}

/** Row values as the audit log shows them (dates as ISO strings). */
export function plain<T extends object>(row: T | undefined): Record<string, unknown> | null {
  if (!row) return null;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
}

/** Inserts a row with its audit entry (nothing before, the row after). */
export async function insertAudited<R extends object, K extends keyof R & string>(
  trx: Transaction<Database>,
  op: Operator,
  now: Date,
  what: { action: string; targetType: string; key: K },
  insert: () => Promise<R>,
): Promise<R> {
  const row = await insert();
  await audit(
    trx,
    op,
    {
      action: what.action,
      targetType: what.targetType,
      targetIdx: String(row[what.key]),
      before: null,
      after: plain(row),
    },
    now,
  );
  return row;
}

/** Updates a row read (and locked) first, with its audit entry before and after; null when there is no such row. */
export async function updateAudited<R extends object>(
  trx: Transaction<Database>,
  op: Operator,
  now: Date,
  what: { action: string; targetType: string; targetIdx: string | number | undefined },
  io: { read: () => Promise<R | undefined>; write: () => Promise<R> },
): Promise<R | null> {
  const before = await io.read();
  if (!before) return null;
  const after = await io.write();
  await audit(
    trx,
    op,
    {
      action: what.action,
      targetType: what.targetType,
      targetIdx: String(what.targetIdx),
      before: plain(before),
      after: plain(after),
    },
    now,
  );
  return after;
}

export function createConsoleRepository(db: Db) {
  return {
    async listAudit(p: Page): Promise<{ rows: AuditEntry[]; total: number }> {
      let q = db.selectFrom('audit_log as a').leftJoin('members as m', 'm.member_idx', 'a.operator_member_idx');
      q = whereContains(q, p.searchText, [
        'a.action',
        'a.target_type',
        'a.target_idx',
        'a.operator_address',
        'm.user_name',
      ]);
      return paginate(
        q,
        p,
        (q) =>
          q
            .select([
              'a.audit_idx',
              'a.operator_address',
              'm.user_name',
              'a.action',
              'a.target_type',
              'a.target_idx',
              'a.before',
              'a.after',
              'a.created_at',
            ])
            .orderBy('a.audit_idx', 'desc'),
        (r) => ({
          auditIdx: Number(r.audit_idx),
          operator: r.operator_address,
          operatorId: r.user_name,
          action: r.action,
          targetType: r.target_type,
          targetIdx: r.target_idx,
          before: r.before ?? null,
          after: r.after ?? null,
          createDate: r.created_at.toISOString(),
        }),
      );
    },
  };
}

export type ConsoleRepository = ReturnType<typeof createConsoleRepository>;

/** The console repository of a database (built once per handle). */
export const consoleRepo = repositoryOf(createConsoleRepository);
