/**
 * The checks of a sign-up: a live mail code, names and e-mails taken by verified members, unique violations. They
 * answer in domain terms (`SignUpConflict`); the sign-up use cases turn them into returnCodes.
 */
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { RESIGNUP_AFTER_WITHDRAWAL_MS } from '@att/shared';
import { nameKey } from '../../platform/text/name-skeleton';
import type { Database } from '../schema';
import { emailKeptApart } from './inactive-members-repository';

type Executor = Kysely<Database>;

export interface PendingSignUp {
  address: string;
  userName: string;
  email: string;
  lang: 'ko' | 'en';
  aboutMe: string;
  /** The referrer this sign-up came through (a verified, active member other than itself); undefined keeps the
   * pending sign-up's. */
  referrerIdx?: number;
}

/**
 * Why a sign-up cannot be written: the address already belongs to a verified member, or withdrew less than
 * RESIGNUP_AFTER_WITHDRAWAL_DAYS ago (or was deleted by the operator), or a verified member holds the name / e-mail.
 */
export type SignUpConflict = 'address-verified' | 'withdrawn-recently' | 'name-taken' | 'email-taken';

/** Thrown by a sign-up write that lost to a verified member (a re-check or a unique index inside its transaction). */
export class SignUpConflictError extends Error {
  constructor(readonly conflict: SignUpConflict) {
    super(`sign-up conflict: ${conflict}`);
    this.name = 'SignUpConflictError';
  }
}

/** A pending member whose latest code is still usable. */
export function liveCert(eb: ExpressionBuilder<Database, 'members'>, now: Date) {
  return eb.exists(
    eb
      .selectFrom('email_certs as c')
      .select('c.cert_idx')
      .whereRef('c.member_idx', '=', 'members.member_idx')
      .where('c.voided_at', 'is', null)
      .where('c.used_at', 'is', null)
      .where('c.expires_at', '>', now),
  );
}

/**
 * Whether a verified member (of another address) has this name (or a confusable one) / this e-mail, or an inactive
 * member's kept-apart e-mail is this one.
 */
export async function takenBy(
  db: Executor,
  q: { userName?: string; email?: string; exceptAddress?: string },
): Promise<{ name: boolean; email: boolean }> {
  const verified = () => {
    let b = db.selectFrom('members').select('member_idx').where('email_verified_at', 'is not', null);
    if (q.exceptAddress) b = b.where('address', '<>', q.exceptAddress);
    return b;
  };
  const name =
    q.userName !== undefined &&
    (await verified()
      .where((eb) =>
        eb.or([
          eb(sql<string>`lower(user_name)`, '=', q.userName!.toLowerCase()),
          eb('name_skeleton', '=', nameKey(q.userName!)),
        ]),
      )
      .executeTakeFirst()) !== undefined;
  const email =
    q.email !== undefined &&
    ((await verified()
      .where(sql<string>`lower(email)`, '=', q.email.toLowerCase())
      .executeTakeFirst()) !== undefined ||
      (await emailKeptApart(db, q.email)));
  return { name, email };
}

/** True while a deleted member's wallet must wait before signing up again (always, when no withdrawal time). */
export function withdrawnRecently(m: { state: string; withdrawn_at: Date | null }, now: Date): boolean {
  if (m.state !== 'deleted') return false;
  return m.withdrawn_at === null || now.getTime() - m.withdrawn_at.getTime() < RESIGNUP_AFTER_WITHDRAWAL_MS;
}

export async function checkSignUp(db: Executor, s: PendingSignUp, now: Date): Promise<SignUpConflict | null> {
  const mine = await db
    .selectFrom('members')
    .select(['member_idx', 'email_verified_at', 'state', 'withdrawn_at'])
    .where('address', '=', s.address)
    .executeTakeFirst();
  if (mine && withdrawnRecently(mine, now)) return 'withdrawn-recently';
  // A member who withdrew long enough ago signs up again on their old row (savePending revives it).
  if (mine?.email_verified_at && mine.state !== 'deleted') return 'address-verified';
  const taken = await takenBy(db, { userName: s.userName, email: s.email, exceptAddress: s.address });
  if (taken.name) return 'name-taken';
  if (taken.email) return 'email-taken';
  return null;
}

/** The conflict a unique violation on `members` stands for, or null for any other error. */
export function uniqueViolationConflict(err: unknown): SignUpConflict | null {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  if (e?.code !== '23505') return null;
  const where = `${e.constraint ?? ''} ${e.message ?? ''}`;
  if (where.includes('members_user_name_key') || where.includes('members_name_skeleton_key')) {
    return 'name-taken';
  }
  if (where.includes('members_email_key')) return 'email-taken';
  if (where.includes('members_address_key')) return 'address-verified';
  return null;
}
