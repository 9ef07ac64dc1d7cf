/**
 * Trait offers: a collection offer limited to the items carrying chosen trait values keeps the filter it was made
 * with (a JSON array of `{ traitType, values }`, as the item list's filter), for its lists. NULL: an offer on every
 * live item of the collection, the only kind the collection's best offer counts.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE collection_offers ADD COLUMN traits jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE collection_offers DROP COLUMN traits`.execute(db);
}
