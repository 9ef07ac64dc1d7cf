/**
 * Rankings and the transaction feed's extra indexes.
 *
 * - `collection_trade_daily`: per collection per UTC day, the USD volume, trade count and pieces traded of the
 *   trades (`TRADE_EVENTS` of `@att/shared`: sale 2, auction win 12, offer accept 17, lazy-mint sale 20) in
 *   `trade_history`. Statement-level triggers on trade_history keep it (INSERT adds, DELETE subtracts - the
 *   indexer undoing an orphaned block just deletes its rows - UPDATE does both), so writers keep their plain
 *   INSERT. A day whose count drops to 0 is removed, so the table always equals a GROUP BY over the history.
 * - `collection_rank_stats`: per live collection its item count, owner count and all-time totals, so the ranking
 *   reads ~one row per collection. Counts are recomputed for the touched collections by triggers on items
 *   (insert, delete/undelete, move) and inventory (insert, delete, an amount crossing 0); totals move with the
 *   daily rows.
 * - Feed indexes: by event type (status filter) and a creator's royalties.
 */
import { sql, type Kysely } from 'kysely';

/** Must equal TRADE_EVENTS (a test checks). */
export const TRADE_EVENT_SQL = '(2, 12, 17, 20)';

/** PL/pgSQL statements adding (sign 1) or subtracting (sign -1) the trades of a transition table to the aggregates. */
function applyTrades(table: 'new_rows' | 'old_rows', sign: 1 | -1): string {
  const d = `SELECT collection_idx, (created_at AT TIME ZONE 'UTC')::date AS day, sum(coalesce(usd_value, 0)) * ${sign} AS usd,
      count(*)::int * ${sign} AS n, sum(amount)::bigint * ${sign} AS pieces
    FROM ${table} WHERE event_type IN ${TRADE_EVENT_SQL} GROUP BY 1, 2`;
  return `
    INSERT INTO collection_trade_daily AS t (collection_idx, day, volume_usd, trade_count, pieces)
    SELECT * FROM (${d}) d ORDER BY 1, 2
    ON CONFLICT (collection_idx, day) DO UPDATE
      SET volume_usd = t.volume_usd + EXCLUDED.volume_usd, trade_count = t.trade_count + EXCLUDED.trade_count,
          pieces = t.pieces + EXCLUDED.pieces;
    INSERT INTO collection_rank_stats AS s (collection_idx, total_usd, total_pieces, trade_count)
    SELECT collection_idx, sum(usd), sum(pieces), sum(n) FROM (${d}) d GROUP BY 1 ORDER BY 1
    ON CONFLICT (collection_idx) DO UPDATE
      SET total_usd = s.total_usd + EXCLUDED.total_usd, total_pieces = s.total_pieces + EXCLUDED.total_pieces,
          trade_count = s.trade_count + EXCLUDED.trade_count;
    ${
      sign < 0
        ? `DELETE FROM collection_trade_daily WHERE trade_count = 0
      AND collection_idx IN (SELECT collection_idx FROM ${table} WHERE event_type IN ${TRADE_EVENT_SQL});`
        : ''
    }`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE collection_trade_daily (
      collection_idx integer NOT NULL REFERENCES collections (collection_idx),
      day date NOT NULL,
      volume_usd numeric(38, 4) NOT NULL DEFAULT 0,
      trade_count integer NOT NULL DEFAULT 0,
      pieces bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (collection_idx, day)
    )`.execute(db);
  await sql`CREATE INDEX collection_trade_daily_day ON collection_trade_daily (day, collection_idx)`.execute(db);

  await sql`
    CREATE TABLE collection_rank_stats (
      collection_idx integer PRIMARY KEY REFERENCES collections (collection_idx),
      item_count integer NOT NULL DEFAULT 0,
      owner_count integer NOT NULL DEFAULT 0,
      total_usd numeric(38, 4) NOT NULL DEFAULT 0,
      total_pieces bigint NOT NULL DEFAULT 0,
      trade_count integer NOT NULL DEFAULT 0
    )`.execute(db);

  // Trigger functions name their transition table directly (a called function cannot see it).
  await sql
    .raw(
      `
    CREATE FUNCTION rank_trades_ins() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN ${applyTrades('new_rows', 1)} RETURN NULL; END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `
    CREATE FUNCTION rank_trades_del() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN ${applyTrades('old_rows', -1)} RETURN NULL; END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `
    CREATE FUNCTION rank_trades_upd() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN ${applyTrades('old_rows', -1)} ${applyTrades('new_rows', 1)} RETURN NULL; END $$`,
    )
    .execute(db);
  await sql`CREATE TRIGGER trade_history_rank_ins AFTER INSERT ON trade_history REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rank_trades_ins()`.execute(
    db,
  );
  await sql`CREATE TRIGGER trade_history_rank_del AFTER DELETE ON trade_history REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rank_trades_del()`.execute(
    db,
  );
  await sql`CREATE TRIGGER trade_history_rank_upd AFTER UPDATE ON trade_history REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rank_trades_upd()`.execute(
    db,
  );

  // Item and owner counts of the given collections, recomputed from items and inventory (the collection page's definitions).
  await sql
    .raw(
      `
    CREATE FUNCTION rank_refresh_counts(ids integer[]) RETURNS void LANGUAGE sql AS $$
      INSERT INTO collection_rank_stats AS s (collection_idx, item_count, owner_count)
      SELECT c.collection_idx,
             (SELECT count(*) FROM items i WHERE i.collection_idx = c.collection_idx AND i.deleted_at IS NULL)::int,
             (SELECT count(DISTINCT v.holder_address) FROM inventory v JOIN items i ON i.item_idx = v.item_idx
               WHERE i.collection_idx = c.collection_idx AND i.deleted_at IS NULL AND v.amount > 0)::int
      FROM collections c WHERE c.collection_idx = ANY (ids) ORDER BY 1
      ON CONFLICT (collection_idx) DO UPDATE SET item_count = EXCLUDED.item_count, owner_count = EXCLUDED.owner_count
    $$`,
    )
    .execute(db);
  await sql
    .raw(
      `
    CREATE FUNCTION rank_items_ins() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM rank_refresh_counts(ARRAY(SELECT DISTINCT collection_idx FROM new_rows)); RETURN NULL; END $$`,
    )
    .execute(db);
  await sql`CREATE TRIGGER items_rank_ins AFTER INSERT ON items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rank_items_ins()`.execute(
    db,
  );
  await sql
    .raw(
      `
    CREATE FUNCTION rank_items_row() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN PERFORM rank_refresh_counts(ARRAY[OLD.collection_idx]);
      ELSE PERFORM rank_refresh_counts(ARRAY[OLD.collection_idx, NEW.collection_idx]); END IF;
      RETURN NULL;
    END $$`,
    )
    .execute(db);
  await sql`CREATE TRIGGER items_rank_upd AFTER UPDATE OF deleted_at, collection_idx ON items FOR EACH ROW
    WHEN ((OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL) OR OLD.collection_idx <> NEW.collection_idx)
    EXECUTE FUNCTION rank_items_row()`.execute(db);
  await sql`CREATE TRIGGER items_rank_del AFTER DELETE ON items FOR EACH ROW EXECUTE FUNCTION rank_items_row()`.execute(
    db,
  );
  await sql
    .raw(
      `
    CREATE FUNCTION rank_inventory_ins() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM rank_refresh_counts(ARRAY(SELECT DISTINCT i.collection_idx FROM new_rows n JOIN items i ON i.item_idx = n.item_idx));
      RETURN NULL;
    END $$`,
    )
    .execute(db);
  await sql`CREATE TRIGGER inventory_rank_ins AFTER INSERT ON inventory REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rank_inventory_ins()`.execute(
    db,
  );
  await sql
    .raw(
      `
    CREATE FUNCTION rank_inventory_row() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM rank_refresh_counts(ARRAY(SELECT collection_idx FROM items WHERE item_idx = OLD.item_idx));
      RETURN NULL;
    END $$`,
    )
    .execute(db);
  await sql`CREATE TRIGGER inventory_rank_upd AFTER UPDATE OF amount ON inventory FOR EACH ROW
    WHEN ((OLD.amount > 0) <> (NEW.amount > 0)) EXECUTE FUNCTION rank_inventory_row()`.execute(db);
  await sql`CREATE TRIGGER inventory_rank_del AFTER DELETE ON inventory FOR EACH ROW EXECUTE FUNCTION rank_inventory_row()`.execute(
    db,
  );

  // Backfill what exists.
  await sql`SELECT rank_refresh_counts(ARRAY(SELECT collection_idx FROM collections))`.execute(db);
  await sql
    .raw(
      `
    INSERT INTO collection_trade_daily (collection_idx, day, volume_usd, trade_count, pieces)
    SELECT collection_idx, (created_at AT TIME ZONE 'UTC')::date, sum(coalesce(usd_value, 0)), count(*), sum(amount)
    FROM trade_history WHERE event_type IN ${TRADE_EVENT_SQL} GROUP BY 1, 2`,
    )
    .execute(db);
  await sql`
    UPDATE collection_rank_stats s SET total_usd = d.usd, total_pieces = d.pieces, trade_count = d.n
    FROM (SELECT collection_idx, sum(volume_usd) AS usd, sum(pieces) AS pieces, sum(trade_count) AS n
          FROM collection_trade_daily GROUP BY 1) d
    WHERE d.collection_idx = s.collection_idx`.execute(db);

  // Feed: the status filter's event groups, and a creator's royalties (Loyalty tab).
  await sql`CREATE INDEX trade_history_type ON trade_history (event_type, history_idx DESC)`.execute(db);
  await sql`CREATE INDEX trade_history_royalty ON trade_history (item_idx, history_idx DESC) WHERE royalty > 0`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX trade_history_royalty`.execute(db);
  await sql`DROP INDEX trade_history_type`.execute(db);
  for (const t of ['inventory_rank_del', 'inventory_rank_upd', 'inventory_rank_ins'])
    await sql.raw(`DROP TRIGGER ${t} ON inventory`).execute(db);
  for (const t of ['items_rank_del', 'items_rank_upd', 'items_rank_ins'])
    await sql.raw(`DROP TRIGGER ${t} ON items`).execute(db);
  for (const t of ['trade_history_rank_upd', 'trade_history_rank_del', 'trade_history_rank_ins'])
    await sql.raw(`DROP TRIGGER ${t} ON trade_history`).execute(db);
  for (const f of [
    'rank_inventory_row()',
    'rank_inventory_ins()',
    'rank_items_row()',
    'rank_items_ins()',
    'rank_refresh_counts(integer[])',
    'rank_trades_upd()',
    'rank_trades_del()',
    'rank_trades_ins()',
  ]) {
    await sql.raw(`DROP FUNCTION ${f}`).execute(db);
  }
  await sql`DROP TABLE collection_rank_stats`.execute(db);
  await sql`DROP TABLE collection_trade_daily`.execute(db);
}
