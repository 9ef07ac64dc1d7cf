/**
 * Alert corrections: a reorg that undoes the chain event of an alert already numbered for sending (so
 * perhaps on a member's screen) writes a correction, type 8, whose `retracts` is that alert's id. It goes out
 * through the outbox like any alert (its own place in the send order), so a reconnect's replay delivers it once and
 * in order.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE alerts DROP CONSTRAINT alerts_type_check`.execute(db);
  await sql`ALTER TABLE alerts ADD CONSTRAINT alerts_type_check CHECK (type BETWEEN 1 AND 8)`.execute(db);
  await sql`ALTER TABLE alerts ADD COLUMN retracts bigint`.execute(db);
  await sql`ALTER TABLE alerts ADD CONSTRAINT alerts_correction CHECK ((type = 8) = (retracts IS NOT NULL))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM alerts WHERE type = 8`.execute(db);
  await sql`ALTER TABLE alerts DROP CONSTRAINT alerts_correction`.execute(db);
  await sql`ALTER TABLE alerts DROP COLUMN retracts`.execute(db);
  await sql`ALTER TABLE alerts DROP CONSTRAINT alerts_type_check`.execute(db);
  await sql`ALTER TABLE alerts ADD CONSTRAINT alerts_type_check CHECK (type BETWEEN 1 AND 7)`.execute(db);
}
