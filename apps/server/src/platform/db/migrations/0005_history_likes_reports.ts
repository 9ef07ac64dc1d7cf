/**
 * The tables discovery and trading share: the transaction history (event types 0-28 of `@att/shared`
 * `HistoryEvent`, written by the indexer and the scheduler; unique per chain log so replaying blocks adds nothing),
 * the order book's listings, an item's live sale summary (denormalized onto `items` so the marketplace filters and
 * orders use one index each), likes, daily unique views, and reports with their categories.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE trade_history (
      history_idx bigserial PRIMARY KEY,
      event_type smallint NOT NULL CHECK (event_type BETWEEN 0 AND 28),
      item_idx integer NOT NULL REFERENCES items (item_idx),
      collection_idx integer NOT NULL REFERENCES collections (collection_idx),
      amount integer NOT NULL DEFAULT 1 CHECK (amount >= 0),
      -- Price per piece in wei; NULL for events without a price (transfer, mint).
      unit_price numeric(78, 0) CHECK (unit_price >= 0),
      symbol text CHECK (symbol IN ('ATT', 'KLAY')),
      -- USD value of the whole event at the time (amount * unit_price * token USD), floored to 4 decimals.
      usd_value numeric(38, 4) CHECK (usd_value >= 0),
      from_address text CHECK (from_address ~ '^0x[0-9a-f]{40}$'),
      to_address text CHECK (to_address ~ '^0x[0-9a-f]{40}$'),
      -- Royalty paid to the creator in this event, wei of the same symbol (the Loyalty tab).
      royalty numeric(78, 0) CHECK (royalty >= 0),
      chain_id integer,
      block_number bigint,
      block_hash text,
      tx_hash text CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
      log_index integer,
      -- Seeded demo rows (until the indexer writes real trades); never written by production code.
      is_demo boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((tx_hash IS NULL) = (log_index IS NULL))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX trade_history_log ON trade_history (chain_id, tx_hash, log_index, event_type) WHERE tx_hash IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX trade_history_feed ON trade_history (history_idx DESC)`.execute(db);
  await sql`CREATE INDEX trade_history_collection ON trade_history (collection_idx, history_idx DESC)`.execute(db);
  await sql`CREATE INDEX trade_history_item ON trade_history (item_idx, history_idx DESC)`.execute(db);
  await sql`CREATE INDEX trade_history_from ON trade_history (from_address, history_idx DESC) WHERE from_address IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX trade_history_to ON trade_history (to_address, history_idx DESC) WHERE to_address IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX trade_history_block ON trade_history (chain_id, block_number) WHERE block_number IS NOT NULL`.execute(
    db,
  );

  await sql`
    CREATE TABLE listings (
      listing_idx bigserial PRIMARY KEY,
      item_idx integer NOT NULL REFERENCES items (item_idx),
      seller_address text NOT NULL CHECK (seller_address ~ '^0x[0-9a-f]{40}$'),
      sale_type smallint NOT NULL CHECK (sale_type IN (1, 2)),
      symbol text NOT NULL CHECK (symbol IN ('ATT', 'KLAY')),
      unit_price numeric(78, 0) NOT NULL CHECK (unit_price > 0),
      quantity integer NOT NULL CHECK (quantity > 0),
      remaining integer NOT NULL CHECK (remaining >= 0 AND remaining <= quantity),
      -- 1 active, 2 sold out, 3 cancelled, 4 expired.
      state smallint NOT NULL DEFAULT 1 CHECK (state IN (1, 2, 3, 4)),
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX listings_item_active ON listings (item_idx, unit_price, listing_idx) WHERE state = 1`.execute(
    db,
  );
  await sql`CREATE INDEX listings_seller ON listings (seller_address, listing_idx DESC)`.execute(db);
  await sql`CREATE INDEX listings_expiry ON listings (expires_at) WHERE state = 1`.execute(db);

  // The cheapest live listing of an item (what the card shows and the marketplace filters on), kept by the code
  // that changes listings, in the same transaction.
  await sql`ALTER TABLE items
    ADD COLUMN sale_type smallint CHECK (sale_type IN (1, 2)),
    ADD COLUMN price_amount numeric(78, 0) CHECK (price_amount > 0),
    ADD COLUMN price_symbol text CHECK (price_symbol IN ('ATT', 'KLAY')),
    ADD COLUMN sale_expires_at timestamptz,
    ADD COLUMN bid_count integer NOT NULL DEFAULT 0 CHECK (bid_count >= 0),
    ADD COLUMN offer_count integer NOT NULL DEFAULT 0 CHECK (offer_count >= 0),
    ADD CONSTRAINT items_sale_summary CHECK ((sale_type IS NULL) = (price_amount IS NULL) AND (price_amount IS NULL) = (price_symbol IS NULL))`.execute(
    db,
  );

  await sql`
    CREATE TABLE item_likes (
      item_idx integer NOT NULL REFERENCES items (item_idx),
      member_idx integer NOT NULL REFERENCES members (member_idx) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (item_idx, member_idx)
    )`.execute(db);
  await sql`CREATE INDEX item_likes_member ON item_likes (member_idx, created_at DESC)`.execute(db);

  // One view per member (m:<memberIdx>) or visitor (v:<hash>) per item per UTC day.
  await sql`
    CREATE TABLE item_views (
      item_idx integer NOT NULL REFERENCES items (item_idx),
      viewer_key text NOT NULL CHECK (char_length(viewer_key) BETWEEN 3 AND 80),
      view_date date NOT NULL DEFAULT (now() AT TIME ZONE 'UTC')::date,
      PRIMARY KEY (item_idx, view_date, viewer_key)
    )`.execute(db);
  await sql`CREATE INDEX item_views_date ON item_views (view_date, item_idx)`.execute(db);

  await sql`
    CREATE TABLE report_categories (
      report_category_idx serial PRIMARY KEY,
      name_ko text NOT NULL CHECK (char_length(name_ko) BETWEEN 1 AND 50),
      name_en text NOT NULL CHECK (char_length(name_en) BETWEEN 1 AND 50),
      sort_order integer NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`
    INSERT INTO report_categories (name_ko, name_en, sort_order) VALUES
      ('저작권 침해', 'Copyright infringement', 1),
      ('사기 및 스캠', 'Fraud or scam', 2),
      ('음란물 및 폭력', 'Sexual or violent content', 3),
      ('스팸', 'Spam', 4),
      ('기타', 'Other', 5)`.execute(db);

  // type: 1 collection, 2 member, 3 item (spec 2: "type 1 collection / 2 member / item").
  await sql`
    CREATE TABLE reports (
      report_idx serial PRIMARY KEY,
      reporter_idx integer NOT NULL REFERENCES members (member_idx) ON DELETE CASCADE,
      report_category_idx integer NOT NULL REFERENCES report_categories (report_category_idx),
      type smallint NOT NULL CHECK (type IN (1, 2, 3)),
      target_idx integer NOT NULL,
      message text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 1000),
      -- 0 open, 1 actioned, 2 dismissed.
      state smallint NOT NULL DEFAULT 0 CHECK (state IN (0, 1, 2)),
      handled_by text,
      handled_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // One open report per reporter and target: a second one while the first waits is refused, not queued twice.
  await sql`CREATE UNIQUE INDEX reports_open_once ON reports (reporter_idx, type, target_idx) WHERE state = 0`.execute(
    db,
  );
  await sql`CREATE INDEX reports_queue ON reports (state, report_idx DESC)`.execute(db);
  await sql`CREATE INDEX reports_target ON reports (type, target_idx)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['reports', 'report_categories', 'item_views', 'item_likes', 'listings', 'trade_history'])
    await sql.raw(`DROP TABLE ${t}`).execute(db);
  await sql`ALTER TABLE items DROP CONSTRAINT items_sale_summary, DROP COLUMN sale_type, DROP COLUMN price_amount, DROP COLUMN price_symbol,
    DROP COLUMN sale_expires_at, DROP COLUMN bid_count, DROP COLUMN offer_count`.execute(db);
}
