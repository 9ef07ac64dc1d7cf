/**
 * Sign-up with e-mail verification: a pending member (email_verified_at IS NULL) plus its mail codes
 * (email_certs, stored hashed).
 *
 * Only verified members hold a user name, its confusable skeleton, or an e-mail (partial unique indexes of
 * 0002_hardening). A pending, unverified sign-up never blocks another wallet: several may name the same e-mail
 * or name, and the first verification wins (the others' verification answers 42/223). A pending sign-up expires
 * with its code (24 h); stale ones are purged.
 */
import { EMAIL_CERT_MAX_ATTEMPTS } from '@att/shared';
import { sql } from 'kysely';
import type { Db } from '../schema';
import { nameKey } from '../../platform/text/name-skeleton';
import { sha256 } from '../../platform/secrets';
import { repositoryOf } from '../../platform/db/repository';
import {
  checkSignUp,
  liveCert,
  SignUpConflictError,
  takenBy,
  uniqueViolationConflict,
  withdrawnRecently,
  type PendingSignUp,
  type SignUpConflict,
} from './signup-checks';

export type { PendingSignUp, SignUpConflict };

/** What savePending wrote, so a failed mail can undo it. */
export interface SavedPending {
  memberIdx: number;
  codeHash: string;
  /** The pending member's fields before, or null when savePending created it. */
  before: {
    user_name: string;
    name_skeleton: string;
    email: string;
    lang: 'ko' | 'en';
    about_me: string;
    referrer_member_idx: number | null;
    state: 'active' | 'blocked' | 'deleted';
    email_verified_at: Date | null;
    withdrawn_at: Date | null;
    updated_at: Date;
  } | null;
  at: Date;
}

/** Where an address stands in signing up: unknown, blocked / deleted, verified, pending with a live code, or expired. */
export type ExistStatus =
  { state: 'unknown' | 'blocked' | 'deleted' | 'verified' | 'expired' } | { state: 'pending'; email: string };

/**
 * What checking a mail code found: verified now; no such pending sign-up; already verified; too many wrong codes;
 * an ended (used, voided, expired or older) code; a wrong code (counted); or a verified member took the name / e-mail.
 */
export type VerifyOutcome =
  'verified' | 'no-sign-up' | 'already-verified' | 'too-many-attempts' | 'code-ended' | 'wrong-code' | SignUpConflict;

export function createSignUpsRepository(db: Db) {
  return {
    /** Read-only checks before a send slot is reserved: null when the sign-up may go ahead, else the conflict. */
    check(s: PendingSignUp, now: Date): Promise<SignUpConflict | null> {
      return checkSignUp(db, s, now);
    },

    /** Is this name (or a confusable one) / e-mail held by a verified member? */
    taken(q: { userName?: string; email?: string }): Promise<{ name: boolean; email: boolean }> {
      return takenBy(db, q);
    },

    /** This address's pending (unverified) sign-up, or 'verified', or undefined. */
    async pendingOf(address: string): Promise<PendingSignUp | 'verified' | undefined> {
      const m = await db
        .selectFrom('members')
        .select(['user_name', 'email', 'lang', 'about_me', 'email_verified_at', 'state'])
        .where('address', '=', address)
        .executeTakeFirst();
      if (!m) return undefined;
      if (m.email_verified_at) return 'verified';
      return { address, userName: m.user_name, email: m.email, lang: m.lang, aboutMe: m.about_me };
    },

    /**
     * Writes the pending member and its new code in one transaction: re-checks, creates or updates this
     * address's pending member, voids its older codes. Throws SignUpConflictError when a check fails.
     */
    async savePending(s: PendingSignUp, code: string, expiresAt: Date, now: Date): Promise<SavedPending> {
      try {
        return await db.transaction().execute(async (trx) => {
          // Serialize sign-ups of one address.
          await sql`SELECT pg_advisory_xact_lock(hashtext(${`signup:${s.address}`}))`.execute(trx);
          const blocked = await checkSignUp(trx, s, now);
          if (blocked !== null) throw new SignUpConflictError(blocked);

          const fields = {
            user_name: s.userName,
            name_skeleton: nameKey(s.userName),
            email: s.email,
            lang: s.lang,
            about_me: s.aboutMe,
            updated_at: now,
            ...(s.referrerIdx !== undefined ? { referrer_member_idx: s.referrerIdx } : {}),
          };
          const existing = await trx
            .selectFrom('members')
            .select([
              'member_idx',
              'user_name',
              'name_skeleton',
              'email',
              'lang',
              'about_me',
              'referrer_member_idx',
              'state',
              'email_verified_at',
              'withdrawn_at',
              'updated_at',
            ])
            .where('address', '=', s.address)
            .forUpdate()
            .executeTakeFirst();
          let memberIdx: number;
          if (existing) {
            memberIdx = existing.member_idx;
            // A former member (withdrawn long enough ago) becomes a pending sign-up again on the same row.
            const revived =
              existing.state === 'deleted'
                ? { state: 'active' as const, email_verified_at: null, withdrawn_at: null }
                : {};
            await trx
              .updateTable('members')
              .set({ ...fields, ...revived })
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
              .values({ ...fields, address: s.address, profile_file: null, banner_file: null, created_at: now })
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
          let before: SavedPending['before'] = null;
          if (existing) {
            const { member_idx: _idx, ...fieldsBefore } = existing;
            before = fieldsBefore;
          }
          return { memberIdx, codeHash: sha256(code), before, at: now };
        });
      } catch (err) {
        const conflict = uniqueViolationConflict(err);
        if (conflict !== null) throw new SignUpConflictError(conflict);
        throw err;
      }
    },

    /**
     * Undoes a savePending whose mail could not be sent, in one transaction: the new code goes, a member created
     * by it goes, an updated one gets its previous fields and codes back. Nothing half-written remains.
     */
    async undoPending(saved: SavedPending): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('email_certs').where('code_hash', '=', saved.codeHash).execute();
        if (!saved.before) {
          await trx
            .deleteFrom('members')
            .where('member_idx', '=', saved.memberIdx)
            .where('email_verified_at', 'is', null)
            .execute();
          return;
        }
        await trx
          .updateTable('members')
          .set(saved.before)
          .where('member_idx', '=', saved.memberIdx)
          .where('email_verified_at', 'is', null)
          .execute();
        await trx
          .updateTable('email_certs')
          .set({ voided_at: null })
          .where('member_idx', '=', saved.memberIdx)
          .where('voided_at', '=', saved.at)
          .execute();
      });
    },

    /**
     * Checks a mail code for the pending member of `address`; a wrong code counts an attempt (committed even though
     * the answer is a refusal). The verifying UPDATE is guarded by the partial unique indexes, so of two
     * parallel verifications of one name or e-mail exactly one wins.
     */
    async verify(address: string, email: string, code: string, now: Date): Promise<VerifyOutcome> {
      try {
        return await db.transaction().execute(async (trx) => {
          const member = await trx
            .selectFrom('members')
            .select(['member_idx', 'user_name', 'email', 'email_verified_at'])
            .where('address', '=', address)
            .forUpdate()
            .executeTakeFirst();
          if (!member) return 'no-sign-up';
          if (member.email_verified_at) return 'already-verified';
          if (member.email.toLowerCase() !== email.toLowerCase()) return 'no-sign-up';

          const latest = await trx
            .selectFrom('email_certs')
            .selectAll()
            .where('member_idx', '=', member.member_idx)
            .orderBy('cert_idx', 'desc')
            .limit(1)
            .forUpdate()
            .executeTakeFirst();
          if (!latest) return 'no-sign-up';
          if (latest.attempts >= EMAIL_CERT_MAX_ATTEMPTS) return 'too-many-attempts';

          const hash = sha256(code);
          if (hash === latest.code_hash) {
            if (latest.voided_at || latest.used_at || latest.expires_at <= now) return 'code-ended';
            const taken = await takenBy(trx, {
              userName: member.user_name,
              email: member.email,
              exceptAddress: address,
            });
            if (taken.name) return 'name-taken';
            if (taken.email) return 'email-taken';
            await trx
              .updateTable('email_certs')
              .set({ used_at: now })
              .where('cert_idx', '=', latest.cert_idx)
              .execute();
            await trx
              .updateTable('members')
              .set({ email_verified_at: now, updated_at: now })
              .where('member_idx', '=', member.member_idx)
              .execute();
            return 'verified';
          }
          const older = await trx
            .selectFrom('email_certs')
            .select('cert_idx')
            .where('member_idx', '=', member.member_idx)
            .where('code_hash', '=', hash)
            .executeTakeFirst();
          if (older) return 'code-ended';
          await trx
            .updateTable('email_certs')
            .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
            .where('cert_idx', '=', latest.cert_idx)
            .execute();
          return 'wrong-code';
        });
      } catch (err) {
        const conflict = uniqueViolationConflict(err);
        if (conflict !== null) return conflict;
        throw err;
      }
    },

    /** Where `address` stands in signing up (a pending one with a live code carries its e-mail). */
    async existStatus(address: string, now: Date): Promise<ExistStatus> {
      const m = await db
        .selectFrom('members')
        .select((eb) => ['email', 'email_verified_at', 'state', 'withdrawn_at', liveCert(eb, now).as('live')])
        .where('address', '=', address)
        .executeTakeFirst();
      if (!m) return { state: 'unknown' };
      if (m.state === 'blocked') return { state: 'blocked' };
      if (m.state === 'deleted') return withdrawnRecently(m, now) ? { state: 'deleted' } : { state: 'unknown' };
      if (m.email_verified_at) return { state: 'verified' };
      return m.live ? { state: 'pending', email: m.email } : { state: 'expired' };
    },

    /** Housekeeping: pending sign-ups whose codes all ended over a day ago hold nothing; drop them. */
    async purgeStale(now: Date): Promise<void> {
      const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
      await db
        .deleteFrom('members')
        .where('email_verified_at', 'is', null)
        .where('updated_at', '<', dayAgo)
        .where((eb) => eb.not(liveCert(eb, now)))
        .execute();
    },
  };
}

export type SignUpsRepository = ReturnType<typeof createSignUpsRepository>;

/** The signUps repository of a database (built once per handle). */
export const signUpsRepo = repositoryOf(createSignUpsRepository);
