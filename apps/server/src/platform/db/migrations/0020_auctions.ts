/**
 * English auctions: the auction terms the validator signed and the chain registered (`auctions`; its id is the
 * Market's auction id and the instance id the web sees, drawn from the listings' sequence so an instance id names
 * one listing or one auction), every bid the chain took (`auction_bids`, keyed by the log that placed it), the
 * Market's withdrawable balances (`withdrawable_balances`: payouts and refunds that could not be pushed), and the
 * live auction's top bid on `items` for the cards.
 */
import { sql, type Kysely } from 'kysely';

const ADDRESS = (col: string) => sql.raw(`CHECK (${col} ~ '^0x[0-9a-f]{40}$')`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE items ADD COLUMN bid_max_price numeric(78, 0) CHECK (bid_max_price > 0)`.execute(db);
  await sql`
    CREATE TABLE auctions (
      auction_id bigint PRIMARY KEY DEFAULT nextval('listings_listing_idx_seq'),
      item_idx integer NOT NULL REFERENCES items (item_idx),
      seller_address text NOT NULL ${ADDRESS('seller_address')},
      symbol text NOT NULL CHECK (symbol IN ('ATT', 'KLAY')),
      token_address text NOT NULL ${ADDRESS('token_address')},
      start_price numeric(78, 0) NOT NULL CHECK (start_price > 0),
      -- The end in force: the signed end, moved by bids in the last window (the chain's endTime).
      ends_at timestamptz NOT NULL,
      -- 0 signed, 1 live on chain, 2 cancelled, 3 ended, 4 voided, 5 lapsed unregistered.
      state smallint NOT NULL DEFAULT 0 CHECK (state BETWEEN 0 AND 5),
      is_minting boolean NOT NULL,
      edition_size integer NOT NULL CHECK (edition_size >= 0),
      royalty_bps integer NOT NULL CHECK (royalty_bps BETWEEN 0 AND 1000),
      -- The terms in force at registration (NULL until the chain registered it).
      fee_bps integer CHECK (fee_bps BETWEEN 0 AND 10000),
      raise_bps integer CHECK (raise_bps BETWEEN 0 AND 10000),
      extension_seconds integer CHECK (extension_seconds >= 0),
      sign_expires_at timestamptz NOT NULL,
      top_bid numeric(78, 0) CHECK (top_bid > 0),
      top_bidder text ${ADDRESS('top_bidder')},
      bid_count integer NOT NULL DEFAULT 0 CHECK (bid_count >= 0),
      winner_address text ${ADDRESS('winner_address')},
      price numeric(78, 0),
      -- The account owed the piece (the Market could not deliver it), until it claims it.
      unclaimed_owner text ${ADDRESS('unclaimed_owner')},
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX auctions_item ON auctions (item_idx, auction_id DESC)`.execute(db);
  await sql`CREATE INDEX auctions_live_end ON auctions (ends_at) WHERE state = 1`.execute(db);
  await sql`
    CREATE TABLE auction_bids (
      bid_idx bigserial PRIMARY KEY,
      auction_id bigint NOT NULL REFERENCES auctions (auction_id),
      bidder_address text NOT NULL ${ADDRESS('bidder_address')},
      amount numeric(78, 0) NOT NULL CHECK (amount > 0),
      -- 0 active, 1 canceled (replaced or refunded), 2 withdrawn by its bidder.
      state smallint NOT NULL DEFAULT 0 CHECK (state IN (0, 1, 2)),
      chain_id integer NOT NULL,
      tx_hash text NOT NULL CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
      log_index integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (chain_id, tx_hash, log_index)
    )`.execute(db);
  await sql`CREATE INDEX auction_bids_auction ON auction_bids (auction_id, amount DESC, bid_idx DESC)`.execute(db);
  await sql`CREATE INDEX auction_bids_live ON auction_bids (auction_id, bidder_address) WHERE state = 0`.execute(db);
  await sql`
    CREATE TABLE withdrawable_balances (
      chain_id integer NOT NULL,
      account_address text NOT NULL ${ADDRESS('account_address')},
      token_address text NOT NULL ${ADDRESS('token_address')},
      amount numeric(78, 0) NOT NULL CHECK (amount >= 0),
      PRIMARY KEY (chain_id, account_address, token_address)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE withdrawable_balances`.execute(db);
  await sql`DROP TABLE auction_bids`.execute(db);
  await sql`DROP TABLE auctions`.execute(db);
  await sql`ALTER TABLE items DROP COLUMN bid_max_price`.execute(db);
}
