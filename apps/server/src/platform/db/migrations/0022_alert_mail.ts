/**
 * Alerts by e-mail: `mail_pending` is decided when the alert is written (the member's flagEmail at that
 * moment, a verified address) and cleared by the mail job once the mail went out or is no longer wanted;
 * `mailed_at` says when it went. `mail_unsubscribes` holds the hash of each mail's unsubscribe token: its link turns
 * the member's flagEmail off without a sign-in. `read_at`: when the member marked it read in their alert list.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE alerts ADD COLUMN mail_pending boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE alerts ADD COLUMN mailed_at timestamptz`.execute(db);
  await sql`CREATE INDEX alerts_mail_due ON alerts (alert_id) WHERE mail_pending`.execute(db);
  await sql`ALTER TABLE alerts ADD COLUMN read_at timestamptz`.execute(db);
  await sql`CREATE INDEX alerts_member_list ON alerts (address, alert_id) WHERE retracted_at IS NULL`.execute(db);
  await sql`
    CREATE TABLE mail_unsubscribes (
      token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
      address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX mail_unsubscribes_created ON mail_unsubscribes (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE mail_unsubscribes`.execute(db);
  await sql`DROP INDEX alerts_member_list`.execute(db);
  await sql`ALTER TABLE alerts DROP COLUMN read_at`.execute(db);
  await sql`DROP INDEX alerts_mail_due`.execute(db);
  await sql`ALTER TABLE alerts DROP COLUMN mailed_at`.execute(db);
  await sql`ALTER TABLE alerts DROP COLUMN mail_pending`.execute(db);
}
