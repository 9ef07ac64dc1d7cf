/**
 * The referral module's jobs, run by the leader:
 * - `referral.accrue` (every INDEXER_POLL_MS, at least a second): accrues the sales the indexer applied whose
 *   buyer was referred, and drops those a reorg undid (referral-repository `accrue`);
 * - `referral.payouts` (hourly; with a payout key): settles payouts an earlier run left open, then pays each
 *   referrer's balance per coin above the threshold once per calendar month (pay-referrers.ts). It accrues first,
 *   so a payout includes every sale applied so far. Hourly, so a month's payouts go out in its first hour and a
 *   run killed midway is finished within the hour; the month in each row keeps it to one.
 */
import type { JobDefinition } from '../../platform/jobs/job';
import { REORG_DEPTH } from '../trading';
import type { ReferralPayer } from './pay-referrers';
import { referralRepo } from './referral-repository';
import type { Uses } from '../../platform/deps';

export const ACCRUE_JOB = 'referral.accrue';
export const PAYOUT_JOB = 'referral.payouts';
export const PAYOUT_EVERY_MS = 60 * 60 * 1000;

export function referralJobs(deps: Uses<'db' | 'config'>, payer: ReferralPayer | undefined): JobDefinition[] {
  const accrue = () => referralRepo(deps.db).accrue(deps.config.chainId, REORG_DEPTH);
  return [
    { name: ACCRUE_JOB, everyMs: Math.max(deps.config.trading.pollMs, 1000), run: async () => void (await accrue()) },
    ...(payer
      ? [
          {
            name: PAYOUT_JOB,
            everyMs: PAYOUT_EVERY_MS,
            run: async ({ now }: { now: Date }) => {
              await accrue();
              await payer.run(now);
            },
          },
        ]
      : []),
  ];
}
