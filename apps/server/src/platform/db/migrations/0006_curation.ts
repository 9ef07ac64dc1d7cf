/**
 * Home curation and the report queue's actions: curation sections (type 0-6 of `@att/shared` `CurationType`,
 * per-language names, order, visibility) and their hand-picked entries (a featured item, a category tile or a
 * tip); `collections.hide_state` so an operator can hide a reported collection from every public list; and the
 * indexes the computed home sections read (recent trades and likes, items on auction).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE curation_sections (
      curation_idx serial PRIMARY KEY,
      curation_type smallint NOT NULL CHECK (curation_type BETWEEN 0 AND 6),
      name_ko text NOT NULL CHECK (char_length(name_ko) BETWEEN 1 AND 50),
      name_en text NOT NULL CHECK (char_length(name_en) BETWEEN 1 AND 50),
      sort_order integer NOT NULL,
      visible smallint NOT NULL DEFAULT 1 CHECK (visible IN (0, 1)),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX curation_sections_order ON curation_sections (sort_order, curation_idx)`.execute(db);

  // One entry: an item (featured), a category (tile) or a tip (title, detail, link, optional image).
  await sql`
    CREATE TABLE curation_entries (
      entry_idx serial PRIMARY KEY,
      curation_idx integer NOT NULL REFERENCES curation_sections (curation_idx) ON DELETE CASCADE,
      sort_order integer NOT NULL,
      item_idx integer REFERENCES items (item_idx),
      category_idx integer REFERENCES categories (category_idx),
      title text CHECK (char_length(title) BETWEEN 1 AND 60),
      detail text CHECK (char_length(detail) BETWEEN 1 AND 200),
      connect_url text CHECK (connect_url ~* '^https?://' AND char_length(connect_url) <= 500),
      file_name text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (num_nonnulls(item_idx, category_idx, connect_url) = 1),
      CHECK ((connect_url IS NULL) = (title IS NULL) AND (title IS NULL) = (detail IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX curation_entries_section ON curation_entries (curation_idx, sort_order, entry_idx)`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX curation_entries_item ON curation_entries (curation_idx, item_idx) WHERE item_idx IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX curation_entries_category ON curation_entries (curation_idx, category_idx) WHERE category_idx IS NOT NULL`.execute(
    db,
  );

  // 1: hidden by an operator (a report); hidden collections leave public lists and the home page.
  await sql`ALTER TABLE collections ADD COLUMN hide_state smallint NOT NULL DEFAULT 0 CHECK (hide_state IN (0, 1))`.execute(
    db,
  );

  // 1: hidden by an operator from the report queue (with hide_state 1); the owner cannot unhide it.
  await sql`ALTER TABLE items ADD COLUMN operator_hidden smallint NOT NULL DEFAULT 0 CHECK (operator_hidden IN (0, 1))`.execute(
    db,
  );

  // Trending reads the last days of trades and likes; the auction slider the live auctions by closing time.
  await sql`CREATE INDEX trade_history_recent_trades ON trade_history (created_at) WHERE event_type IN (2, 12, 17, 20)`.execute(
    db,
  );
  await sql`CREATE INDEX item_likes_recent ON item_likes (created_at)`.execute(db);
  await sql`CREATE INDEX items_live_auction ON items (sale_expires_at, item_idx) WHERE sale_type = 2 AND deleted_at IS NULL AND hide_state = 0`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX items_live_auction`.execute(db);
  await sql`DROP INDEX item_likes_recent`.execute(db);
  await sql`DROP INDEX trade_history_recent_trades`.execute(db);
  await sql`ALTER TABLE items DROP COLUMN operator_hidden`.execute(db);
  await sql`ALTER TABLE collections DROP COLUMN hide_state`.execute(db);
  await sql`DROP TABLE curation_entries`.execute(db);
  await sql`DROP TABLE curation_sections`.execute(db);
}
