/**
 * The alert outbox: an alert is a row written in the same transaction as the event that causes it (a sale the
 * indexer applies, a listing the sweep expires, an inquiry an operator answers); the dispatcher publishes the rows
 * not yet dispatched and marks them. Its id is the order of alerts and a client's replay cursor. An alert whose
 * chain event a reorg undid is marked retracted (its source names the event).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE alerts (
      alert_id bigserial PRIMARY KEY,
      address text NOT NULL CHECK (address = lower(address)),
      type smallint NOT NULL CHECK (type BETWEEN 1 AND 7),
      product_idx integer,
      inquiry_idx integer,
      chain_id integer,
      tx_hash text,
      log_index integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      dispatched_at timestamptz,
      retracted_at timestamptz
    )
  `.execute(db);
  await sql`CREATE INDEX alerts_pending ON alerts (alert_id) WHERE dispatched_at IS NULL`.execute(db);
  await sql`CREATE INDEX alerts_address ON alerts (address, alert_id)`.execute(db);
  await sql`CREATE INDEX alerts_source ON alerts (chain_id, tx_hash, log_index) WHERE tx_hash IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE alerts`.execute(db);
}
