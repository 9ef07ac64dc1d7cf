/**
 * Search relevance: an exact item name (case-insensitive) is found through a btree on lower(name), so the
 * relevance window (item-query.ts RELEVANCE_WINDOW) always holds every exact match without scanning the trigram
 * matches of a common word.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX items_lower_name ON items (lower(name)) WHERE deleted_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS items_lower_name`.execute(db);
}
