/**
 * Inactive members (the privacy policy: members who have not signed in for a year are kept apart). `members` learns
 * when a member last signed in (from their newest ticket, else their verification or sign-up), when the notice mail
 * 30 days before went out, and when their personal data was moved; `inactive_members` holds what was moved (their
 * e-mail, about-me, profile and banner file names and e-mail alert switch) until they sign in again. Only the
 * accounts module's inactive-member repository reads it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE members ADD COLUMN last_sign_in_at timestamptz,
            ADD COLUMN inactive_notice_at timestamptz, ADD COLUMN inactive_at timestamptz`.execute(db);
  await sql`UPDATE members m SET last_sign_in_at = coalesce(
              (SELECT max(t.created_at) FROM tickets t WHERE t.member_idx = m.member_idx),
              m.email_verified_at, m.created_at)`.execute(db);
  await sql`UPDATE members SET last_sign_in_at = now() WHERE last_sign_in_at IS NULL`.execute(db);
  await sql`ALTER TABLE members ALTER COLUMN last_sign_in_at SET DEFAULT now(),
            ALTER COLUMN last_sign_in_at SET NOT NULL`.execute(db);
  await sql`CREATE INDEX members_active_last_sign_in ON members (last_sign_in_at)
            WHERE state = 'active' AND inactive_at IS NULL AND email_verified_at IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE inactive_members (
      member_idx integer PRIMARY KEY REFERENCES members (member_idx),
      email text NOT NULL,
      about_me text NOT NULL,
      profile_file text,
      banner_file text,
      flag_email smallint NOT NULL,
      moved_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX inactive_members_email ON inactive_members (lower(email))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE inactive_members`.execute(db);
  await sql`DROP INDEX members_active_last_sign_in`.execute(db);
  await sql`ALTER TABLE members DROP COLUMN last_sign_in_at, DROP COLUMN inactive_notice_at,
            DROP COLUMN inactive_at`.execute(db);
}
