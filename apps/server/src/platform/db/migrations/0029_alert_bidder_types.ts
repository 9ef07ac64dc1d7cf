/**
 * The bidders' alerts: 9 Outbid (to the top bidder a new bid outbid) and 10 AuctionWon (to an auction's winner at
 * its settlement), beside the spec's type 2, whose words are the seller's.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE alerts DROP CONSTRAINT alerts_type_check`.execute(db);
  await sql`ALTER TABLE alerts ADD CONSTRAINT alerts_type_check CHECK (type BETWEEN 1 AND 10)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM alerts WHERE type IN (9, 10)`.execute(db);
  await sql`ALTER TABLE alerts DROP CONSTRAINT alerts_type_check`.execute(db);
  await sql`ALTER TABLE alerts ADD CONSTRAINT alerts_type_check CHECK (type BETWEEN 1 AND 8)`.execute(db);
}
