/**
 * A former member's row holds no name of its own: every withdrawn row carries the one marker `~former` (outside the
 * user-name characters, so no sign-up can take it), which replies show as it is and the web reads as "탈퇴한 회원" /
 * "Former member". The partial unique indexes of the user name and its confusable skeleton therefore leave deleted
 * rows out (they share the marker); a deleted row never matches a name look-up (those ask for active members).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX members_user_name_key`.execute(db);
  await sql`DROP INDEX members_name_skeleton_key`.execute(db);
  await sql`UPDATE members SET user_name = '~former', name_skeleton = '~former'
            WHERE state = 'deleted' AND user_name ~ '^~former-[0-9]+$'`.execute(db);
  await sql`CREATE UNIQUE INDEX members_user_name_key ON members (lower(user_name))
            WHERE email_verified_at IS NOT NULL AND state <> 'deleted'`.execute(db);
  await sql`CREATE UNIQUE INDEX members_name_skeleton_key ON members (name_skeleton)
            WHERE email_verified_at IS NOT NULL AND state <> 'deleted'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX members_user_name_key`.execute(db);
  await sql`DROP INDEX members_name_skeleton_key`.execute(db);
  await sql`UPDATE members SET user_name = '~former-' || member_idx, name_skeleton = '~former-' || member_idx
            WHERE state = 'deleted' AND user_name = '~former'`.execute(db);
  await sql`CREATE UNIQUE INDEX members_user_name_key ON members (lower(user_name)) WHERE email_verified_at IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX members_name_skeleton_key ON members (name_skeleton) WHERE email_verified_at IS NOT NULL`.execute(
    db,
  );
}
