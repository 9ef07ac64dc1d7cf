/**
 * A member leaves: in ONE transaction the member row is locked (of parallel withdrawals exactly one finds it
 * active), every owner module is asked what must end first (any open: nothing is written, the list is the answer),
 * then each module forgets what it holds of the member, accounts scrubs the row to a former member, and the console's
 * audit log records the withdrawal (no destroyed data in it). The profile and banner files are removed after the
 * commit; a failed removal is logged and leaves no personal data in the database.
 */
import { WITHDRAWAL_OBLIGATIONS, WITHDRAWAL_OBLIGATION_TEXT, type WithdrawalObligationLine } from '@att/shared';
import type { Uses } from '../../platform/deps';
import { auditLeaving, type LeavingMember, type MemberLeaver } from './member-leaver';
import { forgetAccount, lockMemberForWithdrawal } from './withdrawal-repository';

export type WithdrawOutcome =
  | { kind: 'withdrawn'; files: string[] }
  | { kind: 'obligations'; lines: WithdrawalObligationLine[] }
  | { kind: 'not-active' };

/** The module parts' open obligations as lines in the shared order (none: empty). */
async function openObligations(
  leavers: readonly MemberLeaver[],
  run: (l: MemberLeaver) => Promise<Partial<Record<string, number>>> | undefined,
): Promise<WithdrawalObligationLine[]> {
  const counts: Partial<Record<string, number>> = {};
  for (const leaver of leavers) {
    const found = (await run(leaver)) ?? {};
    for (const [kind, n] of Object.entries(found)) counts[kind] = (counts[kind] ?? 0) + (n ?? 0);
  }
  return WITHDRAWAL_OBLIGATIONS.filter((kind) => (counts[kind] ?? 0) > 0).map((kind) => ({
    kind,
    count: counts[kind]!,
    ...WITHDRAWAL_OBLIGATION_TEXT[kind],
  }));
}

export async function withdrawMember(
  deps: Uses<'db' | 'now'>,
  leavers: readonly MemberLeaver[],
  memberIdx: number,
): Promise<WithdrawOutcome> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx): Promise<WithdrawOutcome> => {
    const row = await lockMemberForWithdrawal(trx, memberIdx);
    if (!row || row.state !== 'active') return { kind: 'not-active' };
    const m: LeavingMember = { memberIdx: row.memberIdx, address: row.address };
    const lines = await openObligations(leavers, (l) => l.obligations?.(trx, m, now));
    if (lines.length > 0) return { kind: 'obligations', lines };
    for (const leaver of leavers) await leaver.forget?.(trx, m, now);
    await forgetAccount(trx, m, now);
    await auditLeaving(trx, m, { action: 'member.withdraw', after: { state: 'deleted' } }, now);
    const files = [
      ...(row.profileFile ? [`user/profile/${row.profileFile}`] : []),
      ...(row.bannerFile ? [`user/banner/${row.bannerFile}`] : []),
    ];
    return { kind: 'withdrawn', files };
  });
}
