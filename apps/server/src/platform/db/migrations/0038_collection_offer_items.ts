/**
 * The token ids a collection offer covers (its `criteria` is their Merkle root): written with the offer, never changed,
 * so an accept's proof is rebuilt from them and an item published later is not covered. `item_count` on the offer is
 * their number, for its lists; NULL on an offer whose criteria is zero (any item of the collection, made before).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE collection_offer_items (
      offer_idx bigint NOT NULL REFERENCES collection_offers (offer_idx),
      token_id numeric(78, 0) NOT NULL,
      PRIMARY KEY (offer_idx, token_id)
    )`.execute(db);
  await sql`ALTER TABLE collection_offers ADD COLUMN item_count integer CHECK (item_count > 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE collection_offers DROP COLUMN item_count`.execute(db);
  await sql`DROP TABLE collection_offer_items`.execute(db);
}
