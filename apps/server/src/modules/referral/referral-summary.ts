/** `/referral/summary`: the caller's own share code, how many members signed up through it, and per coin what accrued, was paid, is on its way, was forfeited and is owed. */
import { REFERRAL_PAYOUT_MIN, ReturnCode, type ReferralSummary } from '@att/shared';
import type { Db } from '../schema';
import { referralRepo } from './referral-repository';

export async function referralSummary(
  db: Db,
  member: { memberIdx: number; userName: string },
): Promise<{ returnCode: number; data: ReferralSummary }> {
  const { referred, coins } = await referralRepo(db).summary(member.memberIdx);
  return {
    returnCode: ReturnCode.Success,
    data: {
      code: member.userName,
      referredCount: referred,
      coins: coins.map((c) => {
        const owed = c.accrued - c.paid - c.pending - c.forfeited;
        return {
          symbol: c.symbol,
          accrued: c.accrued.toString(),
          paid: c.paid.toString(),
          pending: c.pending.toString(),
          forfeited: c.forfeited.toString(),
          balance: (owed > 0n ? owed : 0n).toString(),
        };
      }),
      payoutMin: REFERRAL_PAYOUT_MIN.toString(),
    },
  };
}
