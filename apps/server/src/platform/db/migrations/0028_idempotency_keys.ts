/**
 * Idempotency keys of money calls (owned by the accounts module: a key belongs to the member who sent it). One row
 * per (member, key): the hash of the request it was first used for, and once that request is done its answer as
 * sent (text, byte for byte). A row without an answer is a request still running. Rows expire after a day and are
 * purged by the accounts job.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE idempotency_keys (
      member_idx integer NOT NULL REFERENCES members (member_idx),
      idem_key text NOT NULL CHECK (length(idem_key) BETWEEN 1 AND 128),
      -- SHA-256 (hex) of the route and the request body without its ticket.
      request_hash text NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
      reply text,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (member_idx, idem_key)
    )`.execute(db);
  await sql`CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE idempotency_keys`.execute(db);
}
