/**
 * Item traits (the metadata's `attributes`): one row per trait of an item, in the creator's order. `value` is the
 * text as filtered and counted (a number's shortest decimal text); `is_number` says it is a number and `max_value`
 * its optional maximum. `collection_idx` follows the item (the items module writes both in one transaction), so a
 * collection's filter and counts read one index: (collection_idx, trait_type, value, item_idx).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE item_traits (
    item_idx integer NOT NULL REFERENCES items (item_idx) ON DELETE CASCADE,
    position smallint NOT NULL,
    collection_idx integer NOT NULL,
    trait_type text NOT NULL,
    value text NOT NULL,
    is_number boolean NOT NULL DEFAULT false,
    max_value numeric,
    PRIMARY KEY (item_idx, position)
  )`.execute(db);
  await sql`CREATE INDEX item_traits_collection ON item_traits (collection_idx, trait_type, value, item_idx)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE item_traits`.execute(db);
}
