/**
 * Sign-up with e-mail verification: a pending member (email_verified_at IS NULL) plus its mail codes
 * (email_certs, stored hashed). A pending member holds its name and e-mail only while a code is live; a stale
 * pending member of another address is removed when someone else claims the name or e-mail.
 */
import {
  CERT_REQUEST_LIMIT,
  CERT_REQUEST_WINDOW_MS,
  EMAIL_CERT_MAX_ATTEMPTS,
  ReturnCode,
  type ReturnCodeValue,
} from '@att/shared';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database, Db } from '../db/database';
import { AppError } from '../errors';
import { sha256 } from '../services/secrets';

export interface PendingSignUp {
  address: string;
  userName: string;
  email: string;
  lang: 'ko' | 'en';
  aboutMe: string;
}

type Executor = Kysely<Database>;

/** A pending member whose latest code is still usable. */
function liveCert(eb: ExpressionBuilder<Database, 'members'>, now: Date) {
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

async function checkSignUp(db: Executor, s: PendingSignUp, now: Date): Promise<ReturnCodeValue | null> {
  const mine = await db
    .selectFrom('members')
    .select(['member_idx', 'email_verified_at'])
    .where('address', '=', s.address)
    .executeTakeFirst();
  if (mine?.email_verified_at) return ReturnCode.AddressExists;

  const holds = (column: 'user_name' | 'email', value: string) =>
    db
      .selectFrom('members')
      .select('member_idx')
      .where(sql<string>`lower(${sql.ref(column)})`, '=', value.toLowerCase())
      .where('address', '<>', s.address)
      .where((eb) => eb.or([eb('email_verified_at', 'is not', null), liveCert(eb, now)]))
      .executeTakeFirst();
  if (await holds('user_name', s.userName)) return ReturnCode.AlreadyExists;
  if (await holds('email', s.email)) return ReturnCode.EmailExists;

  const since = new Date(now.getTime() - CERT_REQUEST_WINDOW_MS);
  const counts = await db
    .selectFrom('email_certs')
    .select([
      sql<number>`count(*) FILTER (WHERE address = ${s.address})::int`.as('byAddress'),
      sql<number>`count(*) FILTER (WHERE lower(email) = ${s.email.toLowerCase()})::int`.as('byEmail'),
    ])
    .where('created_at', '>', since)
    .where((eb) => eb.or([eb('address', '=', s.address), eb(sql<string>`lower(email)`, '=', s.email.toLowerCase())]))
    .executeTakeFirstOrThrow();
  if (counts.byAddress >= CERT_REQUEST_LIMIT || counts.byEmail >= CERT_REQUEST_LIMIT) {
    return ReturnCode.TooManyCertRequests;
  }
  return null;
}

function uniqueViolationCode(err: unknown): ReturnCodeValue | null {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  if (e?.code !== '23505') return null;
  const where = `${e.constraint ?? ''} ${e.message ?? ''}`;
  if (where.includes('members_user_name_key')) return ReturnCode.AlreadyExists;
  if (where.includes('members_email_key')) return ReturnCode.EmailExists;
  if (where.includes('members_address_key')) return ReturnCode.AddressExists;
  return null;
}

export type ExistStatus =
  | { code: typeof ReturnCode.AlreadyExists | typeof ReturnCode.AccountNotFound | typeof ReturnCode.TimeExpired }
  | { code: typeof ReturnCode.AccountBlocked | typeof ReturnCode.AccountDeleted }
  | { code: typeof ReturnCode.EarlierRequestExists; email: string };

export function createSignUpsRepository(db: Db) {
  return {
    /** Read-only checks before a mail is sent: null when the sign-up may go ahead, else the returnCode. */
    check(s: PendingSignUp, now: Date): Promise<ReturnCodeValue | null> {
      return checkSignUp(db, s, now);
    },

    /**
     * Writes the pending member and its new code in one transaction: re-checks, removes stale pending members
     * holding the name or e-mail, creates or updates this address's pending member, voids its older codes.
     */
    async savePending(s: PendingSignUp, code: string, expiresAt: Date, now: Date): Promise<number> {
      try {
        return await db.transaction().execute(async (trx) => {
          // Serialize sign-ups of one address (and keep concurrent ones from racing the checks).
          await sql`SELECT pg_advisory_xact_lock(hashtext(${`signup:${s.address}`}))`.execute(trx);
          const blocked = await checkSignUp(trx, s, now);
          if (blocked !== null) throw new AppError(blocked);

          await trx
            .deleteFrom('members')
            .where('address', '<>', s.address)
            .where('email_verified_at', 'is', null)
            .where((eb) =>
              eb.or([
                eb(sql<string>`lower(user_name)`, '=', s.userName.toLowerCase()),
                eb(sql<string>`lower(email)`, '=', s.email.toLowerCase()),
              ]),
            )
            .where((eb) => eb.not(liveCert(eb, now)))
            .execute();

          const existing = await trx
            .selectFrom('members')
            .select('member_idx')
            .where('address', '=', s.address)
            .forUpdate()
            .executeTakeFirst();
          let memberIdx: number;
          if (existing) {
            memberIdx = existing.member_idx;
            await trx
              .updateTable('members')
              .set({ user_name: s.userName, email: s.email, lang: s.lang, about_me: s.aboutMe, updated_at: now })
              .where('member_idx', '=', memberIdx)
              .execute();
            await trx
              .updateTable('email_certs')
              .set({ voided_at: now })
              .where('member_idx', '=', memberIdx)
              .where('voided_at', 'is', null)
              .where('used_at', 'is', null)
              .execute();
          } else {
            const row = await trx
              .insertInto('members')
              .values({
                user_name: s.userName,
                address: s.address,
                email: s.email,
                lang: s.lang,
                about_me: s.aboutMe,
                profile_file: null,
                banner_file: null,
                created_at: now,
                updated_at: now,
              })
              .returning('member_idx')
              .executeTakeFirstOrThrow();
            memberIdx = row.member_idx;
          }
          await trx
            .insertInto('email_certs')
            .values({
              member_idx: memberIdx,
              address: s.address,
              email: s.email,
              code_hash: sha256(code),
              expires_at: expiresAt,
              created_at: now,
            })
            .execute();
          return memberIdx;
        });
      } catch (err) {
        const code = uniqueViolationCode(err);
        if (code !== null) throw new AppError(code);
        throw err;
      }
    },

    /**
     * Checks a mail code for the pending member of `address`. Answers 0 (now verified), 41, 11, 25, 85 or 114;
     * a wrong code counts an attempt (committed even though the answer is an error).
     */
    async verify(address: string, email: string, code: string, now: Date): Promise<ReturnCodeValue> {
      return db.transaction().execute(async (trx) => {
        const member = await trx
          .selectFrom('members')
          .select(['member_idx', 'email', 'email_verified_at'])
          .where('address', '=', address)
          .forUpdate()
          .executeTakeFirst();
        if (!member) return ReturnCode.AccountNotFound;
        if (member.email_verified_at) return ReturnCode.AlreadyProcessed;
        if (member.email.toLowerCase() !== email.toLowerCase()) return ReturnCode.AccountNotFound;

        const latest = await trx
          .selectFrom('email_certs')
          .selectAll()
          .where('member_idx', '=', member.member_idx)
          .orderBy('cert_idx', 'desc')
          .limit(1)
          .forUpdate()
          .executeTakeFirst();
        if (!latest) return ReturnCode.AccountNotFound;
        if (latest.attempts >= EMAIL_CERT_MAX_ATTEMPTS) return ReturnCode.TooManyWrongRequests;

        const hash = sha256(code);
        if (hash === latest.code_hash) {
          if (latest.voided_at || latest.used_at || latest.expires_at <= now) return ReturnCode.TimeExpired;
          await trx.updateTable('email_certs').set({ used_at: now }).where('cert_idx', '=', latest.cert_idx).execute();
          await trx
            .updateTable('members')
            .set({ email_verified_at: now, updated_at: now })
            .where('member_idx', '=', member.member_idx)
            .execute();
          return ReturnCode.Success;
        }
        const older = await trx
          .selectFrom('email_certs')
          .select('cert_idx')
          .where('member_idx', '=', member.member_idx)
          .where('code_hash', '=', hash)
          .executeTakeFirst();
        if (older) return ReturnCode.TimeExpired;
        await trx
          .updateTable('email_certs')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('cert_idx', '=', latest.cert_idx)
          .execute();
        return ReturnCode.WrongCertNumber;
      });
    },

    /** /user/exist: 42 verified, 41 unknown, 13 pending with a live code (and its e-mail), 85 pending but expired. */
    async existStatus(address: string, now: Date): Promise<ExistStatus> {
      const m = await db
        .selectFrom('members')
        .select((eb) => ['email', 'email_verified_at', 'state', liveCert(eb, now).as('live')])
        .where('address', '=', address)
        .executeTakeFirst();
      if (!m) return { code: ReturnCode.AccountNotFound };
      if (m.state === 'blocked') return { code: ReturnCode.AccountBlocked };
      if (m.state === 'deleted') return { code: ReturnCode.AccountDeleted };
      if (m.email_verified_at) return { code: ReturnCode.AlreadyExists };
      return m.live ? { code: ReturnCode.EarlierRequestExists, email: m.email } : { code: ReturnCode.TimeExpired };
    },
  };
}

export type SignUpsRepository = ReturnType<typeof createSignUpsRepository>;
