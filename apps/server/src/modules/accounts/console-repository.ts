/**
 * The accounts module's operator writes (the member list, blocking). Every write runs in one transaction with its audit-log row
 * (console's `audit`: operator, action, target, before and after), so no change happens without its record.
 * Writes return the saved row's index, or null when the row to edit does not exist; the route picks the code.
 */
import type { AdminMember } from '@att/shared';
import type { Transaction } from 'kysely';
import { repositoryOf } from '../../platform/db/repository';
import { audit, plain, type Operator, type Page } from '../console';
import { paginate, whereContains } from '../../platform/db/paginate';
import type { Database, Db } from '../schema';
import type { MemberState } from './tables';

/**
 * Blocks or unblocks a member inside the caller's transaction, with its audit row (the member list and the
 * report queue both use it). null: no such member; 'deleted': a deleted member stays deleted; else the address.
 */
export async function setMemberBlockedIn(
  trx: Transaction<Database>,
  op: Operator,
  memberIdx: number,
  blocked: boolean,
  now: Date,
): Promise<string | null | 'deleted'> {
  const before = await trx
    .selectFrom('members')
    .select(['member_idx', 'user_name', 'address', 'state'])
    .where('member_idx', '=', memberIdx)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return null;
  if (before.state === 'deleted') return 'deleted';
  const state: MemberState = blocked ? 'blocked' : 'active';
  await trx.updateTable('members').set({ state, updated_at: now }).where('member_idx', '=', memberIdx).execute();
  await audit(
    trx,
    op,
    {
      action: blocked ? 'member.block' : 'member.unblock',
      targetType: 'member',
      targetIdx: memberIdx,
      before: plain(before),
      after: { ...plain(before), state },
    },
    now,
  );
  return before.address;
}

export function createAccountsConsoleRepository(db: Db) {
  return {
    async listMembers(p: Page): Promise<{ rows: AdminMember[]; total: number }> {
      let q = db.selectFrom('members').where('email_verified_at', 'is not', null);
      q = whereContains(q, p.searchText, ['user_name', 'address', 'email']);
      return paginate(
        q,
        p,
        (q) =>
          q
            .select(['member_idx', 'user_name', 'address', 'email', 'state', 'created_at'])
            .orderBy('member_idx', 'desc'),
        (r) => ({
          memberIdx: r.member_idx,
          id: r.user_name,
          address: r.address,
          email: r.email,
          state: r.state,
          createDate: r.created_at.toISOString(),
        }),
      );
    },

    /**
     * Blocks or unblocks a member in one statement that only touches active/blocked members.
     * null: no such member; 'deleted': a deleted member stays deleted; otherwise the member's address.
     */
    async setMemberBlocked(
      op: Operator,
      memberIdx: number,
      blocked: boolean,
      now: Date,
    ): Promise<string | null | 'deleted'> {
      return db.transaction().execute((trx) => setMemberBlockedIn(trx, op, memberIdx, blocked, now));
    },
  };
}

export const accountsConsoleRepo = repositoryOf(createAccountsConsoleRepository);
