/**
 * The collection's floor as a read model the order book keeps: each item carries its cheapest live listing per coin
 * (`floor_att`, `floor_klay`), set by the order book with the item's trade summary whenever a listing opens, fills, is
 * cancelled or expires, and undone on a reorg by the same refresh. The collection's floor per coin is the lowest of its
 * shown items' (one index seek per coin on the partial indexes), so collections never reads the listings. Existing
 * rows are filled from the live listings.
 */
import { HideState, ListingState } from '@att/shared';
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE items ADD COLUMN floor_att numeric(78, 0), ADD COLUMN floor_klay numeric(78, 0)`.execute(db);
  await sql`UPDATE items i SET floor_att = f.att, floor_klay = f.klay
    FROM (
      SELECT item_idx, min(unit_price) FILTER (WHERE symbol = 'ATT') AS att, min(unit_price) FILTER (WHERE symbol = 'KLAY') AS klay
      FROM listings WHERE state = ${ListingState.Live} AND remaining > 0 GROUP BY item_idx
    ) f
    WHERE f.item_idx = i.item_idx`.execute(db);
  for (const coin of ['att', 'klay'])
    await sql`CREATE INDEX ${sql.raw(`items_floor_${coin}`)} ON items (collection_idx, ${sql.raw(`floor_${coin}`)})
      WHERE ${sql.raw(`floor_${coin}`)} IS NOT NULL AND deleted_at IS NULL AND hide_state = ${sql.lit(HideState.Shown)}`.execute(
      db,
    );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE items DROP COLUMN floor_att, DROP COLUMN floor_klay`.execute(db);
}
