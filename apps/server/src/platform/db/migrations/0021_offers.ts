/**
 * Offers: a member's offer for pieces of an item (id = the validator's single-use `Offer` id, Market kind 3), kept
 * in states 0-5 by the order book, the indexer and the sweep; the validator's `Accept`s of an offer (id = the
 * single-use `Accept` id, kind 4), each holding part of the offer and the seller's pieces until used or expired;
 * and the offers a member removed from their own list (the offer itself stays).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE offers (
      offer_idx bigserial PRIMARY KEY,
      item_idx integer NOT NULL REFERENCES items (item_idx),
      buyer_address text NOT NULL CHECK (buyer_address ~ '^0x[0-9a-f]{40}$'),
      symbol text NOT NULL CHECK (symbol IN ('ATT', 'KLAY')),
      token_address text NOT NULL CHECK (token_address ~ '^0x[0-9a-f]{40}$'),
      unit_price numeric(78, 0) NOT NULL CHECK (unit_price > 0),
      quantity integer NOT NULL CHECK (quantity > 0),
      -- Pieces still offered on chain (the offered quantity until the offer is made).
      remaining integer NOT NULL CHECK (remaining >= 0 AND remaining <= quantity),
      -- Of them, pieces held by open accepts.
      reserved integer NOT NULL DEFAULT 0 CHECK (reserved >= 0),
      -- 0 pending, 1 expired, 2 valid, 3 cancelled, 4 acquired, 5 item deleted.
      state smallint NOT NULL DEFAULT 0 CHECK (state BETWEEN 0 AND 5),
      fee_bps integer NOT NULL DEFAULT 0 CHECK (fee_bps BETWEEN 0 AND 1000),
      expiry bigint NOT NULL,
      expires_at timestamptz NOT NULL,
      made_tx text CHECK (made_tx ~ '^0x[0-9a-f]{64}$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT offers_reserved_within CHECK (reserved <= remaining)
    )`.execute(db);
  await sql`CREATE INDEX offers_item ON offers (item_idx, unit_price DESC) WHERE state = 2`.execute(db);
  await sql`CREATE INDEX offers_buyer ON offers (buyer_address, offer_idx DESC)`.execute(db);
  await sql`CREATE INDEX offers_item_all ON offers (item_idx, offer_idx DESC)`.execute(db);
  await sql`CREATE INDEX offers_due ON offers (expires_at) WHERE state IN (0, 2, 5)`.execute(db);

  await sql`
    CREATE TABLE offer_accepts (
      accept_id bigserial PRIMARY KEY,
      offer_idx bigint NOT NULL REFERENCES offers (offer_idx),
      seller_address text NOT NULL CHECK (seller_address ~ '^0x[0-9a-f]{40}$'),
      amount integer NOT NULL CHECK (amount > 0),
      mint_amount integer NOT NULL CHECK (mint_amount >= 0 AND mint_amount <= amount),
      -- 1 open, 2 used on chain, 3 expired unused.
      state smallint NOT NULL DEFAULT 1 CHECK (state IN (1, 2, 3)),
      expires_at timestamptz NOT NULL,
      tx_hash text CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX offer_accepts_open ON offer_accepts (expires_at) WHERE state = 1`.execute(db);
  await sql`CREATE INDEX offer_accepts_offer ON offer_accepts (offer_idx)`.execute(db);
  await sql`CREATE INDEX offer_accepts_seller ON offer_accepts (seller_address, offer_idx)`.execute(db);

  await sql`
    CREATE TABLE offer_list_deletions (
      offer_idx bigint NOT NULL REFERENCES offers (offer_idx),
      member_idx integer NOT NULL REFERENCES members (member_idx),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_idx, offer_idx)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['offer_list_deletions', 'offer_accepts', 'offers']) await sql.raw(`DROP TABLE ${t}`).execute(db);
}
