/**
 * Accounts, hardened:
 * - Only verified members hold a user name or an e-mail: the unique indexes become partial (WHERE
 *   email_verified_at IS NOT NULL), so pending sign-ups of different wallets may name the same e-mail or name and
 *   the first verification wins (the second one's UPDATE violates the index).
 * - `name_skeleton`: the Unicode TS #39 confusable key of the user name (services/name-skeleton.ts), unique
 *   among verified members.
 * - `mail_sends`: one row per reserved verification mail (attempts, not stored codes), keyed by address,
 *   mailbox (lowercase, `+tag` removed) and client; the quotas count these rows.
 */
import { sql, type Kysely } from 'kysely';
import { nameKey } from '../../text/name-skeleton';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE members ADD COLUMN name_skeleton text`.execute(db);
  const rows = await sql<{ member_idx: number; user_name: string; verified: boolean }>`
    SELECT member_idx, user_name, email_verified_at IS NOT NULL AS verified FROM members ORDER BY member_idx`.execute(
    db,
  );
  // Verified look-alikes registered before this migration keep their names: the later ones get a skeleton made
  // unique with '#idx' (a character no name holds), so the index can be built and no new look-alike gets in.
  const seen = new Set<string>();
  for (const r of rows.rows) {
    let key = nameKey(r.user_name);
    if (r.verified) {
      if (seen.has(key)) key = `${key}#${r.member_idx}`;
      seen.add(key);
    }
    await sql`UPDATE members SET name_skeleton = ${key} WHERE member_idx = ${r.member_idx}`.execute(db);
  }
  await sql`ALTER TABLE members ALTER COLUMN name_skeleton SET NOT NULL`.execute(db);

  await sql`DROP INDEX members_user_name_key`.execute(db);
  await sql`DROP INDEX members_email_key`.execute(db);
  await sql`CREATE UNIQUE INDEX members_user_name_key ON members (lower(user_name)) WHERE email_verified_at IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX members_email_key ON members (lower(email)) WHERE email_verified_at IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX members_name_skeleton_key ON members (name_skeleton) WHERE email_verified_at IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX members_pending_email ON members (lower(email)) WHERE email_verified_at IS NULL`.execute(db);
  await sql`CREATE INDEX members_pending_user_name ON members (lower(user_name)) WHERE email_verified_at IS NULL`.execute(
    db,
  );

  await sql`
    CREATE TABLE mail_sends (
      send_idx bigserial PRIMARY KEY,
      address text NOT NULL,
      email_key text NOT NULL,
      client_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX mail_sends_created ON mail_sends (created_at)`.execute(db);
  await sql`CREATE INDEX mail_sends_address ON mail_sends (address, created_at)`.execute(db);
  await sql`CREATE INDEX mail_sends_email ON mail_sends (email_key, created_at)`.execute(db);
  await sql`CREATE INDEX mail_sends_client ON mail_sends (client_key, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS mail_sends`.execute(db);
  await sql`DROP INDEX IF EXISTS members_pending_user_name`.execute(db);
  await sql`DROP INDEX IF EXISTS members_pending_email`.execute(db);
  await sql`DROP INDEX IF EXISTS members_name_skeleton_key`.execute(db);
  await sql`DROP INDEX members_user_name_key`.execute(db);
  await sql`DROP INDEX members_email_key`.execute(db);
  await sql`CREATE UNIQUE INDEX members_user_name_key ON members (lower(user_name))`.execute(db);
  await sql`CREATE UNIQUE INDEX members_email_key ON members (lower(email))`.execute(db);
  await sql`ALTER TABLE members DROP COLUMN name_skeleton`.execute(db);
}
