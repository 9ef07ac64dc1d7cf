/**
 * Item search and the item grids (marketplace, search, profiles): trigram indexes for Korean and English partial
 * words in item and collection names (pg_trgm, on PostgreSQL and on PGlite), and one keyset-friendly partial
 * index per order of the shown items (`deleted_at IS NULL AND hide_state = 0`), ending in item_idx so the
 * tie-break is in the index. Newest/oldest, popular, most viewed and category already exist (0003).
 */
import { sql, type Kysely } from 'kysely';

const LIVE = sql.raw('WHERE deleted_at IS NULL AND hide_state = 0');

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE INDEX items_name_trgm ON items USING gin (name gin_trgm_ops) WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX collections_name_trgm ON collections USING gin (name gin_trgm_ops) WHERE deleted_at IS NULL`.execute(
    db,
  );
  // Closing soon: the earliest ending sale first, items not on sale last.
  await sql`CREATE INDEX items_live_closing ON items (sale_expires_at ASC NULLS LAST, item_idx DESC) ${LIVE}`.execute(
    db,
  );
  await sql`CREATE INDEX items_live_bids ON items (bid_count DESC, item_idx DESC) ${LIVE}`.execute(db);
  await sql`CREATE INDEX items_live_fewest_bids ON items (bid_count ASC, item_idx DESC) ${LIVE}`.execute(db);
  // Price filters (per coin, a range of the cheapest live listing) and the sale status filters.
  await sql`CREATE INDEX items_live_price ON items (price_symbol, price_amount, item_idx DESC) ${LIVE} AND price_amount IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX items_live_sale_type ON items (sale_type, item_idx DESC) ${LIVE} AND sale_type IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX items_live_offers ON items (item_idx DESC) ${LIVE} AND offer_count > 0`.execute(db);
  await sql`CREATE INDEX items_live_created ON items (created_at DESC, item_idx DESC) ${LIVE}`.execute(db);
  // Category + order (the marketplace's category pages).
  await sql`CREATE INDEX items_category_popular ON items (category_idx, like_count DESC, item_idx DESC) ${LIVE}`.execute(
    db,
  );
  await sql`CREATE INDEX items_category_viewed ON items (category_idx, view_count DESC, item_idx DESC) ${LIVE}`.execute(
    db,
  );
  await sql`CREATE INDEX items_category_closing ON items (category_idx, sale_expires_at ASC NULLS LAST, item_idx DESC) ${LIVE}`.execute(
    db,
  );
  await sql`CREATE INDEX items_category_price ON items (category_idx, price_symbol, price_amount) ${LIVE} AND price_amount IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const i of [
    'items_name_trgm',
    'collections_name_trgm',
    'items_live_closing',
    'items_live_bids',
    'items_live_fewest_bids',
    'items_live_price',
    'items_live_sale_type',
    'items_live_offers',
    'items_live_created',
    'items_category_popular',
    'items_category_viewed',
    'items_category_closing',
    'items_category_price',
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.ref(i)}`.execute(db);
  }
}
