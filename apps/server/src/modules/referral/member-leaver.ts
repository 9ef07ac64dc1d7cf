/**
 * Referral's part of a withdrawal: a member with rewards accrued but not yet paid (per coin) must wait for the
 * monthly payout first. Accruals and payouts are money records kept as trades are; they hold no personal data.
 */
import { PayoutState } from '@att/shared';
import { sql } from 'kysely';
import type { MemberLeaver } from '../accounts';

export const referralLeaver: MemberLeaver = {
  async obligations(trx, m) {
    const accrued = await trx
      .selectFrom('referral_accruals')
      .select(['symbol', sql<string>`sum(amount)::text`.as('sum')])
      .where('referrer_member_idx', '=', m.memberIdx)
      .groupBy('symbol')
      .execute();
    const paid = await trx
      .selectFrom('referral_payouts')
      .select(['symbol', sql<string>`sum(amount)::text`.as('sum')])
      .where('referrer_member_idx', '=', m.memberIdx)
      .where('state', '=', PayoutState.Paid)
      .groupBy('symbol')
      .execute();
    const paidOf = (symbol: string) => BigInt(paid.find((p) => p.symbol === symbol)?.sum ?? 0);
    return { 'unpaid-referral-rewards': accrued.filter((a) => BigInt(a.sum) > paidOf(a.symbol)).length };
  },
};
