/**
 * An alert's place in the order alerts are SENT: `dispatch_seq`, taken from a sequence by the dispatcher just before
 * it publishes a batch (in alert id order). It is the id a client sees and its replay cursor. The alert id itself
 * cannot be the cursor: two transactions can commit their alerts out of id order (id 11 visible and sent before
 * id 10), and a client that saw 11 would never be replayed 10.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE SEQUENCE alerts_dispatch_seq`.execute(db);
  await sql`ALTER TABLE alerts ADD COLUMN dispatch_seq bigint UNIQUE`.execute(db);
  await sql`CREATE INDEX alerts_replay ON alerts (address, dispatch_seq) WHERE dispatch_seq IS NOT NULL AND retracted_at IS NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX alerts_replay`.execute(db);
  await sql`ALTER TABLE alerts DROP COLUMN dispatch_seq`.execute(db);
  await sql`DROP SEQUENCE alerts_dispatch_seq`.execute(db);
}
