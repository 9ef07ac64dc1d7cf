/**
 * A seller's on-chain counter (`Market.incrementCounter`, which cancels every listing signed under a lower one) gets
 * a table of its own, one row per seller and block with the highest counter that block emitted, instead of a
 * `chain_logs` row per `CounterIncremented` log. The indexer no longer claims logs that change nothing in the
 * marketplace: exactly-once for them comes from the cursor, moved in the same transaction as the batch, and a reorg
 * drops the rows of the orphaned blocks (per block is exact: a reorg orphans whole blocks). The counter lookup of
 * `/nft/all/sale` reads the max of a seller's rows through the key's prefix.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE seller_counters (
      chain_id integer NOT NULL,
      seller_address text NOT NULL CHECK (seller_address ~ '^0x[0-9a-f]{40}$'),
      block_number bigint NOT NULL,
      counter numeric(78, 0) NOT NULL CHECK (counter >= 0),
      PRIMARY KEY (chain_id, seller_address, block_number)
    )`.execute(db);
  await sql`
    INSERT INTO seller_counters (chain_id, seller_address, block_number, counter)
    SELECT chain_id, args->>'seller', block_number, max((args->>'counter')::numeric)
    FROM chain_logs WHERE event = 'CounterIncremented'
    GROUP BY 1, 2, 3`.execute(db);
  await sql`DROP INDEX chain_logs_counter`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX chain_logs_counter ON chain_logs (chain_id, (args->>'seller')) WHERE event = 'CounterIncremented'`.execute(
    db,
  );
  await sql`DROP TABLE seller_counters`.execute(db);
}
