/**
 * Inactive members (SQL only; the one writer of `inactive_members`). The notice is claimed by one conditional UPDATE
 * before it is mailed (a second run, or a second instance, finds it claimed); the move of a member's personal data
 * to `inactive_members` and its removal from the live row are one statement over rows locked with SKIP LOCKED; the
 * restore at sign-in is one transaction under the member's row lock.
 */
import { sql, type Kysely } from 'kysely';
import type { Database, Db } from '../schema';

/** Members claimed or moved per statement (a run repeats it until fewer come back). */
export const INACTIVE_BATCH = 200;

export interface NoticeRecipient {
  memberIdx: number;
  userName: string;
  email: string;
  lang: 'ko' | 'en';
  lastSignInAt: Date;
}

/** Active, verified members whose data is in their live row. */
const liveMembers = sql`m.state = 'active' AND m.email_verified_at IS NOT NULL AND m.inactive_at IS NULL`;

/**
 * Claims the notices due (last sign-in at or before `signedInBy`, no notice yet) by marking them sent at `now`;
 * the caller mails them and releases a claim whose mail failed.
 */
export async function claimNotices(db: Db, signedInBy: Date, now: Date): Promise<NoticeRecipient[]> {
  const r = await sql<NoticeRecipient>`
    UPDATE members m SET inactive_notice_at = ${now}
    WHERE m.member_idx IN (
      SELECT m.member_idx FROM members m
      WHERE ${liveMembers} AND m.inactive_notice_at IS NULL AND m.last_sign_in_at <= ${signedInBy}
      ORDER BY m.member_idx LIMIT ${INACTIVE_BATCH} FOR UPDATE SKIP LOCKED)
    AND m.inactive_notice_at IS NULL
    RETURNING m.member_idx AS "memberIdx", m.user_name AS "userName", m.email, m.lang,
              m.last_sign_in_at AS "lastSignInAt"`.execute(db);
  return r.rows;
}

/** A notice whose mail failed is due again (only the claim of this run: a sign-in since has cleared it anyway). */
export async function releaseNotice(db: Db, memberIdx: number, claimedAt: Date): Promise<void> {
  await db
    .updateTable('members')
    .set({ inactive_notice_at: null })
    .where('member_idx', '=', memberIdx)
    .where('inactive_notice_at', '=', claimedAt)
    .execute();
}

/**
 * Moves the personal data of members who last signed in at or before `signedInBy` and were told at or before
 * `noticedBy` into `inactive_members`, and clears it from their live row (their used sign-up codes, which name the
 * e-mail, are deleted), in one statement. Returns the members moved.
 */
export async function moveInactive(db: Db, signedInBy: Date, noticedBy: Date, now: Date): Promise<number[]> {
  const r = await sql<{ member_idx: number }>`
    WITH due AS (
      SELECT m.member_idx, m.email, m.about_me, m.profile_file, m.banner_file, m.flag_email FROM members m
      WHERE ${liveMembers} AND m.last_sign_in_at <= ${signedInBy} AND m.inactive_notice_at <= ${noticedBy}
      ORDER BY m.member_idx LIMIT ${INACTIVE_BATCH} FOR UPDATE SKIP LOCKED
    ), kept AS (
      INSERT INTO inactive_members (member_idx, email, about_me, profile_file, banner_file, flag_email, moved_at)
      SELECT member_idx, email, about_me, profile_file, banner_file, flag_email, ${now} FROM due
      ON CONFLICT (member_idx) DO NOTHING
      RETURNING member_idx
    ), used_codes AS (
      DELETE FROM email_certs c USING kept WHERE c.member_idx = kept.member_idx
    )
    UPDATE members m SET email = 'inactive-' || m.member_idx || '@inactive.invalid', about_me = '',
           profile_file = NULL, banner_file = NULL, flag_email = 0, inactive_at = ${now}, updated_at = ${now}
    FROM kept WHERE m.member_idx = kept.member_idx
    RETURNING m.member_idx`.execute(db);
  return r.rows.map((x) => x.member_idx);
}

/**
 * A sign-in: in one transaction, an inactive member's data goes back into their live row (the e-mail only if no
 * other member verified it meanwhile, which sign-up refuses, so only a race leaves the stand-in), and the member's
 * last sign-in is now, with no notice pending. Returns whether data was restored.
 */
export async function restoreAtSignIn(db: Db, memberIdx: number, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('members')
      .select('inactive_at')
      .where('member_idx', '=', memberIdx)
      .forUpdate()
      .executeTakeFirst();
    const signedIn = { last_sign_in_at: now, inactive_notice_at: null, inactive_at: null };
    const kept = row?.inactive_at
      ? await trx.deleteFrom('inactive_members').where('member_idx', '=', memberIdx).returningAll().executeTakeFirst()
      : undefined;
    if (!kept) {
      await trx.updateTable('members').set(signedIn).where('member_idx', '=', memberIdx).execute();
      return false;
    }
    const taken = await trx
      .selectFrom('members')
      .select('member_idx')
      .where(sql<string>`lower(email)`, '=', kept.email.toLowerCase())
      .where('email_verified_at', 'is not', null)
      .where('member_idx', '<>', memberIdx)
      .executeTakeFirst();
    await trx
      .updateTable('members')
      .set({
        ...signedIn,
        ...(taken ? {} : { email: kept.email, flag_email: kept.flag_email }),
        about_me: kept.about_me,
        profile_file: kept.profile_file,
        banner_file: kept.banner_file,
        updated_at: now,
      })
      .where('member_idx', '=', memberIdx)
      .execute();
    return true;
  });
}

/** Whether an inactive member's kept-apart e-mail is this one (sign-up keeps it theirs for their return). */
export async function emailKeptApart(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('inactive_members')
    .select('member_idx')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}
