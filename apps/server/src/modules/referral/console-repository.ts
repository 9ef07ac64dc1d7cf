/** The referral payouts as the operator console reads them (SQL only; read-only: the payout job alone writes them). */
import type { AdminReferralPayout } from '@att/shared';
import { offsetOf, type PageArgs } from '../../platform/db/paginate';
import { repositoryOf } from '../../platform/db/repository';
import { containsPattern } from '../../platform/db/sql-patterns';
import type { Db } from '../schema';

export function createReferralConsoleRepository(db: Db) {
  return {
    /** Every payout, newest first; `searchText` matches the referrer's name, the address paid or the transaction. */
    async payouts(p: PageArgs & { searchText: string }): Promise<{ rows: AdminReferralPayout[]; total: number }> {
      let q = db.selectFrom('referral_payouts as p').leftJoin('members as m', 'm.member_idx', 'p.referrer_member_idx');
      const text = p.searchText.trim();
      if (text) {
        const like = containsPattern(text);
        q = q.where((eb) =>
          eb.or([eb('m.user_name', 'ilike', like), eb('p.to_address', 'ilike', like), eb('p.tx_hash', 'ilike', like)]),
        );
      }
      const { total } = await q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
      const rows = await q
        .select([
          'p.payout_idx',
          'm.user_name',
          'p.to_address',
          'p.symbol',
          'p.amount',
          'p.state',
          'p.period',
          'p.tx_hash',
          'p.created_at',
          'p.paid_at',
        ])
        .orderBy('p.payout_idx', 'desc')
        .limit(p.pageSize)
        .offset(offsetOf(p))
        .execute();
      return {
        total: Number(total),
        rows: rows.map((r) => ({
          payoutIdx: String(r.payout_idx),
          referrer: r.user_name,
          toAddress: r.to_address,
          symbol: r.symbol,
          amount: String(r.amount),
          state: r.state,
          period: r.period,
          txHash: r.tx_hash,
          createDate: new Date(r.created_at).toISOString(),
          paidDate: r.paid_at ? new Date(r.paid_at).toISOString() : null,
        })),
      };
    },
  };
}

export const referralConsoleRepo = repositoryOf(createReferralConsoleRepository);
