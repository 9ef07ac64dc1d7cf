/**
 * Referral rewards a member forfeited by withdrawing while their balance of a coin was at or below the payout
 * minimum (it could never be paid): one row per member and coin, the amount written off. Payouts subtract it, so a
 * wallet that signs up again later is never paid what it gave up.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE referral_forfeits (
      forfeit_idx bigserial PRIMARY KEY,
      referrer_member_idx integer NOT NULL REFERENCES members (member_idx),
      symbol text NOT NULL CHECK (symbol IN ('ATT', 'KLAY')),
      amount numeric(78, 0) NOT NULL CHECK (amount > 0),
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX referral_forfeits_member ON referral_forfeits (referrer_member_idx, symbol)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE referral_forfeits`.execute(db);
}
