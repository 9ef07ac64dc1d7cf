/**
 * Collections, items (lazily minted ERC-1155 tokens), their holders, and uploaded files waiting to be used.
 *
 * - A live collection name is unique case-insensitively (a partial unique index decides races: 253).
 * - An item's token id is assigned here: the creator's address in the high 160 bits and the item index in the
 *   low 96 bits, so no other creator can ever mint the same id. Edition size and royalty are fixed at publish.
 * - `inventory` says who holds how many pieces of which item, by address (holders need not be members). The
 *   creator holds the whole unminted edition from publish; trading moves pieces from chain events.
 * - `uploads` records every stored file with its owner and kind; registering a collection or item consumes
 *   the file atomically (`used_at`), so a file name of someone else or a second use answers 81.
 * Independent of 0002 (any order works): it only references 0001's members and categories.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE uploads (
      file_name text PRIMARY KEY,
      member_idx integer NOT NULL REFERENCES members (member_idx) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('logo', 'banner', 'featured', 'resource', 'thumbnail')),
      file_format text NOT NULL,
      size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX uploads_unused ON uploads (created_at) WHERE used_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE collections (
      collection_idx serial PRIMARY KEY,
      member_idx integer NOT NULL REFERENCES members (member_idx),
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
      description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 1000),
      royalty_bps integer NOT NULL CHECK (royalty_bps BETWEEN 0 AND 1000),
      logo_file text NOT NULL,
      banner_file text,
      featured_file text,
      volume_trade numeric(78, 0) NOT NULL DEFAULT 0 CHECK (volume_trade >= 0),
      trade_count integer NOT NULL DEFAULT 0 CHECK (trade_count >= 0),
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX collections_live_name_key ON collections (lower(name)) WHERE deleted_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX collections_member ON collections (member_idx, collection_idx DESC) WHERE deleted_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX collections_live ON collections (collection_idx DESC) WHERE deleted_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE items (
      item_idx serial PRIMARY KEY,
      token_id numeric(78, 0) NOT NULL UNIQUE,
      collection_idx integer NOT NULL REFERENCES collections (collection_idx),
      creator_idx integer NOT NULL REFERENCES members (member_idx),
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 45),
      description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 1000),
      category_idx integer NOT NULL REFERENCES categories (category_idx),
      resource_type smallint NOT NULL CHECK (resource_type IN (1, 2)),
      file_format text NOT NULL CHECK (file_format IN ('gif', 'jpg', 'png', 'svg', 'mp4', 'webm', 'mp3', 'wav', 'ogg')),
      file_name text NOT NULL,
      thumbnail_file text,
      total_supply integer NOT NULL CHECK (total_supply BETWEEN 1 AND 1000000),
      royalty_bps integer NOT NULL CHECK (royalty_bps BETWEEN 0 AND 1000),
      unlocked_content text CHECK (unlocked_content IS NULL OR char_length(unlocked_content) <= 1000),
      hide_state smallint NOT NULL DEFAULT 0 CHECK (hide_state IN (0, 1)),
      flag_mint smallint NOT NULL DEFAULT 0 CHECK (flag_mint IN (0, 1)),
      view_count integer NOT NULL DEFAULT 0 CHECK (view_count >= 0),
      like_count integer NOT NULL DEFAULT 0 CHECK (like_count >= 0),
      trade_count integer NOT NULL DEFAULT 0 CHECK (trade_count >= 0),
      last_price numeric(78, 0) CHECK (last_price >= 0),
      last_symbol text CHECK (last_symbol IN ('ATT', 'KLAY')),
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (resource_type = 1 OR thumbnail_file IS NOT NULL)
    )`.execute(db);
  // One index per list order of a collection's items (shown or hidden), newest/oldest share the first.
  await sql`CREATE INDEX items_collection_newest ON items (collection_idx, hide_state, item_idx DESC) WHERE deleted_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX items_collection_popular ON items (collection_idx, hide_state, like_count DESC, item_idx DESC) WHERE deleted_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX items_collection_viewed ON items (collection_idx, hide_state, view_count DESC, item_idx DESC) WHERE deleted_at IS NULL`.execute(
    db,
  );
  // Marketplace-wide orders (discovery) and the creator's items.
  await sql`CREATE INDEX items_live_newest ON items (item_idx DESC) WHERE deleted_at IS NULL AND hide_state = 0`.execute(
    db,
  );
  await sql`CREATE INDEX items_live_popular ON items (like_count DESC, item_idx DESC) WHERE deleted_at IS NULL AND hide_state = 0`.execute(
    db,
  );
  await sql`CREATE INDEX items_live_viewed ON items (view_count DESC, item_idx DESC) WHERE deleted_at IS NULL AND hide_state = 0`.execute(
    db,
  );
  await sql`CREATE INDEX items_category ON items (category_idx, item_idx DESC) WHERE deleted_at IS NULL AND hide_state = 0`.execute(
    db,
  );
  await sql`CREATE INDEX items_creator ON items (creator_idx, item_idx DESC)`.execute(db);

  await sql`
    CREATE TABLE inventory (
      item_idx integer NOT NULL REFERENCES items (item_idx),
      holder_address text NOT NULL CHECK (holder_address ~ '^0x[0-9a-f]{40}$'),
      amount integer NOT NULL CHECK (amount >= 0),
      on_sale integer NOT NULL DEFAULT 0 CHECK (on_sale >= 0),
      reserved integer NOT NULL DEFAULT 0 CHECK (reserved >= 0),
      hide_state smallint NOT NULL DEFAULT 0 CHECK (hide_state IN (0, 1)),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (item_idx, holder_address),
      CHECK (on_sale + reserved <= amount)
    )`.execute(db);
  await sql`CREATE INDEX inventory_holder ON inventory (holder_address, item_idx DESC) WHERE amount > 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['inventory', 'items', 'collections', 'uploads']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
