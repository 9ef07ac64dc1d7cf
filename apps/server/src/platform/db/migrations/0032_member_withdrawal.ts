/**
 * Withdrawal: when a member left (their personal data is destroyed at that moment; the row keeps its index, its
 * address and a former-member name so trades, items and collections still point at it). Sign-up from the same
 * wallet waits RESIGNUP_AFTER_WITHDRAWAL_DAYS from this time (code 46).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE members ADD COLUMN withdrawn_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE members DROP COLUMN withdrawn_at`.execute(db);
}
