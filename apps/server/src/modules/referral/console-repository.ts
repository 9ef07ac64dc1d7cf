/** The referral payouts as the operator console reads them (SQL only; read-only: the payout job alone writes them). */
import type { AdminReferralPayout } from '@att/shared';
import { paginate, whereContains, type PageArgs } from '../../platform/db/paginate';
import { repositoryOf } from '../../platform/db/repository';
import type { Db } from '../schema';

export function createReferralConsoleRepository(db: Db) {
  return {
    /** Every payout, newest first; `searchText` matches the referrer's name, the address paid or the transaction. */
    async payouts(p: PageArgs & { searchText: string }): Promise<{ rows: AdminReferralPayout[]; total: number }> {
      let q = db.selectFrom('referral_payouts as p').leftJoin('members as m', 'm.member_idx', 'p.referrer_member_idx');
      q = whereContains(q, p.searchText, ['m.user_name', 'p.to_address', 'p.tx_hash']);
      return paginate(
        q,
        p,
        (q) =>
          q
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
            .orderBy('p.payout_idx', 'desc'),
        (r) => ({
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
        }),
      );
    },
  };
}

export const referralConsoleRepo = repositoryOf(createReferralConsoleRepository);
