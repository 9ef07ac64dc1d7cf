/**
 * Trading I: the seller-signed listing (EIP-712 `Listing` terms, signature and digest, so the order book can hand
 * them to a buyer and the indexer can find the listing of a sale), pieces reserved for buyers (`reservations`,
 * single-use ids of the validator's `Buy`) and for transfers (`transfer_permits`, ids of `Transfer`), the minted
 * supply of an item (lazy minting), and the indexer's cursor, its recent blocks (reorg detection by hash) and the
 * chain logs it applied (so an orphaned block's effects are undone exactly).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE listings
    ADD COLUMN token_address text CHECK (token_address ~ '^0x[0-9a-f]{40}$'),
    ADD COLUMN collection_address text CHECK (collection_address ~ '^0x[0-9a-f]{40}$'),
    ADD COLUMN edition_size integer NOT NULL DEFAULT 0 CHECK (edition_size >= 0),
    ADD COLUMN royalty_bps integer NOT NULL DEFAULT 0 CHECK (royalty_bps BETWEEN 0 AND 1000),
    ADD COLUMN fee_bps integer NOT NULL DEFAULT 0 CHECK (fee_bps BETWEEN 0 AND 1000),
    ADD COLUMN expiry bigint,
    ADD COLUMN salt numeric(78, 0),
    ADD COLUMN counter numeric(78, 0),
    ADD COLUMN signature text CHECK (signature ~ '^0x[0-9a-f]+$'),
    ADD COLUMN listing_hash text CHECK (listing_hash ~ '^0x[0-9a-f]{64}$'),
    ADD COLUMN reserved integer NOT NULL DEFAULT 0 CHECK (reserved >= 0),
    ADD CONSTRAINT listings_reserved_within CHECK (reserved <= remaining)`.execute(db);
  await sql`CREATE UNIQUE INDEX listings_hash ON listings (listing_hash) WHERE listing_hash IS NOT NULL`.execute(db);

  await sql`ALTER TABLE items ADD COLUMN minted_supply integer NOT NULL DEFAULT 0 CHECK (minted_supply >= 0)`.execute(
    db,
  );

  // id = the single-use id of the validator's Buy (Market kind 1); a sequence keeps ids dense (one bitmap word per 256).
  await sql`
    CREATE TABLE reservations (
      reservation_id bigserial PRIMARY KEY,
      listing_idx bigint NOT NULL REFERENCES listings (listing_idx),
      buyer_address text NOT NULL CHECK (buyer_address ~ '^0x[0-9a-f]{40}$'),
      amount integer NOT NULL CHECK (amount > 0),
      -- 1 open, 2 settled on chain, 3 released (expired or the listing went away).
      state smallint NOT NULL DEFAULT 1 CHECK (state IN (1, 2, 3)),
      expires_at timestamptz NOT NULL,
      tx_hash text CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX reservations_open ON reservations (expires_at) WHERE state = 1`.execute(db);
  await sql`CREATE INDEX reservations_listing ON reservations (listing_idx) WHERE state = 1`.execute(db);

  // id = the single-use id of the validator's Transfer (Market kind 5). The pieces stay reserved until it expires or is used.
  await sql`
    CREATE TABLE transfer_permits (
      transfer_id bigserial PRIMARY KEY,
      item_idx integer NOT NULL REFERENCES items (item_idx),
      from_address text NOT NULL CHECK (from_address ~ '^0x[0-9a-f]{40}$'),
      to_address text NOT NULL CHECK (to_address ~ '^0x[0-9a-f]{40}$'),
      amount integer NOT NULL CHECK (amount > 0),
      mint_amount integer NOT NULL CHECK (mint_amount >= 0 AND mint_amount <= amount),
      state smallint NOT NULL DEFAULT 1 CHECK (state IN (1, 2, 3)),
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX transfer_permits_open ON transfer_permits (expires_at) WHERE state = 1`.execute(db);

  await sql`
    CREATE TABLE indexer_cursor (
      chain_id integer PRIMARY KEY,
      block_number bigint NOT NULL,
      block_hash text NOT NULL
    )`.execute(db);
  // The last blocks indexed (hash per number): a changed hash at a known height is a reorg.
  await sql`
    CREATE TABLE indexer_blocks (
      chain_id integer NOT NULL,
      block_number bigint NOT NULL,
      block_hash text NOT NULL,
      PRIMARY KEY (chain_id, block_number)
    )`.execute(db);
  // Every chain log applied, once (unique per chain, tx and log index): replay adds nothing, a reorg undoes these.
  await sql`
    CREATE TABLE chain_logs (
      chain_id integer NOT NULL,
      tx_hash text NOT NULL,
      log_index integer NOT NULL,
      block_number bigint NOT NULL,
      block_hash text NOT NULL,
      event text NOT NULL,
      args jsonb NOT NULL,
      PRIMARY KEY (chain_id, tx_hash, log_index)
    )`.execute(db);
  await sql`CREATE INDEX chain_logs_block ON chain_logs (chain_id, block_number)`.execute(db);
  // A seller's last counter (a listing signed under a lower one is cancelled on chain).
  await sql`CREATE INDEX chain_logs_counter ON chain_logs (chain_id, (args->>'seller')) WHERE event = 'CounterIncremented'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['chain_logs', 'indexer_blocks', 'indexer_cursor', 'transfer_permits', 'reservations'])
    await sql.raw(`DROP TABLE ${t}`).execute(db);
  await sql`ALTER TABLE items DROP COLUMN minted_supply`.execute(db);
  await sql`DROP INDEX listings_hash`.execute(db);
  await sql`ALTER TABLE listings DROP CONSTRAINT listings_reserved_within, DROP COLUMN token_address, DROP COLUMN collection_address,
    DROP COLUMN edition_size, DROP COLUMN royalty_bps, DROP COLUMN fee_bps, DROP COLUMN expiry, DROP COLUMN salt, DROP COLUMN counter,
    DROP COLUMN signature, DROP COLUMN listing_hash, DROP COLUMN reserved`.execute(db);
}
