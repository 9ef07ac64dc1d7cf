/**
 * The watchlist's floor alert: alert type 11 FloorMove, a member flag that turns it on (on by default: the threshold a member sets on a
 * follow is the opt-in), the alert's data (the collection, its name, the coin, the floor it was measured from, the
 * new floor and the member's threshold, as JSON), and each follow's count of baseline moves, which makes the alert's
 * dedup key and the compare-and-set that moves the baseline once per move.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE members ADD COLUMN flag_floor_move smallint NOT NULL DEFAULT 1
    CHECK (flag_floor_move IN (0, 1))`.execute(db);
  await sql`ALTER TABLE alerts DROP CONSTRAINT alerts_type_check`.execute(db);
  await sql`ALTER TABLE alerts ADD CONSTRAINT alerts_type_check CHECK (type BETWEEN 1 AND 11)`.execute(db);
  await sql`ALTER TABLE alerts ADD COLUMN floor_move jsonb`.execute(db);
  await sql`ALTER TABLE watch_follows ADD COLUMN alert_seq integer NOT NULL DEFAULT 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE watch_follows DROP COLUMN alert_seq`.execute(db);
  await sql`ALTER TABLE alerts DROP COLUMN floor_move`.execute(db);
  await sql`DELETE FROM alerts WHERE type = 11`.execute(db);
  await sql`ALTER TABLE alerts DROP CONSTRAINT alerts_type_check`.execute(db);
  await sql`ALTER TABLE alerts ADD CONSTRAINT alerts_type_check CHECK (type BETWEEN 1 AND 10)`.execute(db);
  await sql`ALTER TABLE members DROP COLUMN flag_floor_move`.execute(db);
}
