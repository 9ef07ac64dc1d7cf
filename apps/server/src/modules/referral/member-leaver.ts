/**
 * Referral's part of a withdrawal, per coin: a balance above the payout minimum (accrued less paid, on its way and
 * forfeited), or a payout on its way, must be paid first (the monthly payout); a balance at or below the minimum
 * can never be paid, so it does not hold the member back: the withdrawal forfeits it, as a `referral_forfeits` row
 * (payouts subtract it, so the wallet is never paid it should it sign up again) and a `referral.forfeit` audit
 * entry. Accruals, payouts and forfeits are money records kept as trades are; they hold no personal data.
 */
import { PayoutState, REFERRAL_PAYOUT_MIN, type TokenSymbol } from '@att/shared';
import { sql } from 'kysely';
import { auditLeaving, type LeavingMember, type MemberLeaver } from '../accounts';
import type { Trx } from '../schema';

/** The member's balance per coin that is not paid, on its way or forfeited, and whether a payout is on its way. */
async function balances(trx: Trx, memberIdx: number) {
  const r = await sql<{ symbol: TokenSymbol; balance: string; pending: number }>`
    SELECT a.symbol, (a.accrued - coalesce(o.out, 0))::text AS balance, coalesce(o.pending, 0)::int AS pending
    FROM (SELECT symbol, sum(amount) AS accrued FROM referral_accruals WHERE referrer_member_idx = ${memberIdx}
          GROUP BY 1) a
    LEFT JOIN (SELECT symbol, sum(amount) AS out, count(*) FILTER (WHERE state = ${PayoutState.Pending}) AS pending
               FROM (SELECT symbol, amount, state FROM referral_payouts WHERE referrer_member_idx = ${memberIdx}
                       AND state IN (${PayoutState.Pending}, ${PayoutState.Paid})
                     UNION ALL SELECT symbol, amount, 0 FROM referral_forfeits WHERE referrer_member_idx = ${memberIdx}) x
               GROUP BY 1) o ON o.symbol = a.symbol
    ORDER BY a.symbol`.execute(trx);
  return r.rows.map((row) => ({ symbol: row.symbol, balance: BigInt(row.balance), pending: row.pending > 0 }));
}

export const referralLeaver: MemberLeaver = {
  async obligations(trx, m) {
    const open = (await balances(trx, m.memberIdx)).filter((c) => c.pending || c.balance > REFERRAL_PAYOUT_MIN);
    return { 'unpaid-referral-rewards': open.length };
  },

  async forget(trx, m: LeavingMember, now) {
    for (const c of await balances(trx, m.memberIdx)) {
      if (c.balance <= 0n) continue;
      await trx
        .insertInto('referral_forfeits')
        .values({ referrer_member_idx: m.memberIdx, symbol: c.symbol, amount: c.balance.toString(), created_at: now })
        .execute();
      await auditLeaving(
        trx,
        m,
        {
          action: 'referral.forfeit',
          after: { symbol: c.symbol, amount: c.balance.toString(), reason: 'below-payout-minimum' },
        },
        now,
      );
    }
  },
};
