/**
 * The contract between a withdrawal and the modules that hold something of the member: each owner module exports
 * one `MemberLeaver` (its "what must end first" reads, its "forget this member" writes on its own tables), and the
 * composition root hands them to the accounts module. Both run inside the withdrawal's one transaction: database
 * work only, no network call.
 */
import type { WithdrawalObligation } from '@att/shared';
import { audit } from '../console';
import type { Trx } from '../schema';

/** The member who is leaving (their address stays: it is public on chain). */
export interface LeavingMember {
  memberIdx: number;
  address: string;
}

export interface MemberLeaver {
  /** How many of each obligation the member still has open in this module (0 or absent: none). */
  obligations?: (trx: Trx, m: LeavingMember, now: Date) => Promise<Partial<Record<WithdrawalObligation, number>>>;
  /** Destroys the personal data this module holds of the member. */
  forget?: (trx: Trx, m: LeavingMember, now: Date) => Promise<void>;
}

/** An audit-log entry of the leaving member's own act (they are its actor; it holds no destroyed data). */
export async function auditLeaving(trx: Trx, m: LeavingMember, entry: { action: string; after: unknown }, now: Date) {
  await audit(
    trx,
    { address: m.address, memberIdx: m.memberIdx },
    { action: entry.action, targetType: 'member', targetIdx: m.memberIdx, before: null, after: entry.after },
    now,
  );
}
