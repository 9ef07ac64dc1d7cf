/**
 * The indexer's claim on a log is keyed by (chain id, block number, log index) instead of (chain id, tx hash, log
 * index). Both name one log of the canonical chain (a log index counts across its block, and the indexer deletes
 * an orphaned block's rows before it reads the block again), but the new key grows at the btree's right edge in
 * the order the indexer writes, where the tx hash is random text: catch-up inserts get several times cheaper.
 * The (chain id, block number) index is the key's prefix now and goes.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE chain_logs DROP CONSTRAINT chain_logs_pkey`.execute(db);
  await sql`ALTER TABLE chain_logs ADD PRIMARY KEY (chain_id, block_number, log_index)`.execute(db);
  await sql`DROP INDEX chain_logs_block`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX chain_logs_block ON chain_logs (chain_id, block_number)`.execute(db);
  await sql`ALTER TABLE chain_logs DROP CONSTRAINT chain_logs_pkey`.execute(db);
  await sql`ALTER TABLE chain_logs ADD PRIMARY KEY (chain_id, tx_hash, log_index)`.execute(db);
}
