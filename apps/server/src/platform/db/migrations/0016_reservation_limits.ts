/**
 * Reservation limits per member (`@att/shared` RESERVATION_LIMITS): a reservation whose deadline passed unused is
 * marked lapsed (state 4) by the sweep, apart from one released because its listing ended (3), so lapses can be
 * counted against their buyer; and a member's open and lapsed reservations are found through their address.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE reservations DROP CONSTRAINT reservations_state_check`.execute(db);
  await sql`ALTER TABLE reservations ADD CONSTRAINT reservations_state_check CHECK (state IN (1, 2, 3, 4))`.execute(db);
  await sql`CREATE INDEX reservations_buyer ON reservations (buyer_address, expires_at) WHERE state IN (1, 4)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX reservations_buyer`.execute(db);
  await sql`UPDATE reservations SET state = 3 WHERE state = 4`.execute(db);
  await sql`ALTER TABLE reservations DROP CONSTRAINT reservations_state_check`.execute(db);
  await sql`ALTER TABLE reservations ADD CONSTRAINT reservations_state_check CHECK (state IN (1, 2, 3))`.execute(db);
}
