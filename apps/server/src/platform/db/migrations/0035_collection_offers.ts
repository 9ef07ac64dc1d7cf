/**
 * Collection offers: a member's offer for pieces of any item of a collection (id = the validator's single-use
 * `CollectionOffer` id, drawn from the offers' sequence so no id is ever signed twice across both kinds), kept in
 * `OfferState`s 0-4 by the order book, the indexer and the sweep; the validator's `CollectionAccept`s (ids from the
 * accepts' sequence), each holding part of the offer and the seller's pieces of one item until used or expired. An
 * alert may carry a `dedup_key`: at most one live alert per key (a holder hears of a collection offer once).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE collection_offers (
      offer_idx bigint PRIMARY KEY DEFAULT nextval('offers_offer_idx_seq'),
      collection_idx integer NOT NULL REFERENCES collections (collection_idx),
      criteria text NOT NULL CHECK (criteria ~ '^0x[0-9a-f]{64}$'),
      buyer_address text NOT NULL CHECK (buyer_address ~ '^0x[0-9a-f]{40}$'),
      symbol text NOT NULL CHECK (symbol IN ('ATT', 'KLAY')),
      token_address text NOT NULL CHECK (token_address ~ '^0x[0-9a-f]{40}$'),
      unit_price numeric(78, 0) NOT NULL CHECK (unit_price > 0),
      quantity integer NOT NULL CHECK (quantity > 0),
      remaining integer NOT NULL CHECK (remaining >= 0 AND remaining <= quantity),
      reserved integer NOT NULL DEFAULT 0 CHECK (reserved >= 0),
      -- 0 pending, 1 expired, 2 valid, 3 cancelled, 4 acquired.
      state smallint NOT NULL DEFAULT 0 CHECK (state BETWEEN 0 AND 4),
      fee_bps integer NOT NULL DEFAULT 0 CHECK (fee_bps BETWEEN 0 AND 1000),
      expiry bigint NOT NULL,
      expires_at timestamptz NOT NULL,
      made_tx text CHECK (made_tx ~ '^0x[0-9a-f]{64}$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT collection_offers_reserved_within CHECK (reserved <= remaining)
    )`.execute(db);
  await sql`CREATE INDEX collection_offers_live ON collection_offers (collection_idx, symbol, unit_price DESC) WHERE state = 2`.execute(
    db,
  );
  await sql`CREATE INDEX collection_offers_buyer ON collection_offers (buyer_address, offer_idx DESC)`.execute(db);
  await sql`CREATE INDEX collection_offers_due ON collection_offers (expires_at) WHERE state IN (0, 2)`.execute(db);

  await sql`
    CREATE TABLE collection_offer_accepts (
      accept_id bigint PRIMARY KEY DEFAULT nextval('offer_accepts_accept_id_seq'),
      offer_idx bigint NOT NULL REFERENCES collection_offers (offer_idx),
      item_idx integer NOT NULL REFERENCES items (item_idx),
      seller_address text NOT NULL CHECK (seller_address ~ '^0x[0-9a-f]{40}$'),
      amount integer NOT NULL CHECK (amount > 0),
      mint_amount integer NOT NULL CHECK (mint_amount >= 0 AND mint_amount <= amount),
      -- 1 open, 2 used on chain, 3 expired unused.
      state smallint NOT NULL DEFAULT 1 CHECK (state IN (1, 2, 3)),
      expires_at timestamptz NOT NULL,
      tx_hash text CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX collection_offer_accepts_open ON collection_offer_accepts (expires_at) WHERE state = 1`.execute(
    db,
  );
  await sql`CREATE INDEX collection_offer_accepts_offer ON collection_offer_accepts (offer_idx)`.execute(db);
  await sql`CREATE INDEX collection_offer_accepts_seller ON collection_offer_accepts (seller_address, item_idx)`.execute(
    db,
  );

  await sql`ALTER TABLE alerts ADD COLUMN dedup_key text`.execute(db);
  await sql`CREATE UNIQUE INDEX alerts_dedup ON alerts (dedup_key) WHERE dedup_key IS NOT NULL AND retracted_at IS NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX alerts_dedup`.execute(db);
  await sql`ALTER TABLE alerts DROP COLUMN dedup_key`.execute(db);
  for (const t of ['collection_offer_accepts', 'collection_offers']) await sql.raw(`DROP TABLE ${t}`).execute(db);
}
