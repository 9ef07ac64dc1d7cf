/** The checks of a sign-up: a live mail code, names and e-mails taken by verified members, unique violations. */
import { ReturnCode, type ReturnCodeValue } from '@att/shared';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { nameKey } from '../../platform/text/name-skeleton';
import type { Database } from '../schema';

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

/** 42 when a verified member (of another address) has this name or a confusable one, 223 for the e-mail. */
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
    (await verified().where(sql<string>`lower(email)`, '=', q.email.toLowerCase()).executeTakeFirst()) !== undefined;
  return { name, email };
}

export async function checkSignUp(db: Executor, s: PendingSignUp): Promise<ReturnCodeValue | null> {
  const mine = await db
    .selectFrom('members')
    .select(['member_idx', 'email_verified_at'])
    .where('address', '=', s.address)
    .executeTakeFirst();
  if (mine?.email_verified_at) return ReturnCode.AddressExists;
  const taken = await takenBy(db, { userName: s.userName, email: s.email, exceptAddress: s.address });
  if (taken.name) return ReturnCode.AlreadyExists;
  if (taken.email) return ReturnCode.EmailExists;
  return null;
}

export function uniqueViolationCode(err: unknown): ReturnCodeValue | null {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  if (e?.code !== '23505') return null;
  const where = `${e.constraint ?? ''} ${e.message ?? ''}`;
  if (where.includes('members_user_name_key') || where.includes('members_name_skeleton_key')) {
    return ReturnCode.AlreadyExists;
  }
  if (where.includes('members_email_key')) return ReturnCode.EmailExists;
  if (where.includes('members_address_key')) return ReturnCode.AddressExists;
  return null;
}
