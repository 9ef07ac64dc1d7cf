/** `items.like_count`, moved by social's like and unlike in their transaction (items is the table's one writer). */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

/** Adds `delta` likes (never below 0) and returns the new count. */
export async function addLikes(trx: Kysely<Database>, itemIdx: number, delta: 1 | -1): Promise<number | null> {
  const row = await trx
    .updateTable('items')
    .set({ like_count: sql`greatest(like_count + ${delta}, 0)` })
    .where('item_idx', '=', itemIdx)
    .returning('like_count')
    .executeTakeFirst();
  return row?.like_count ?? null;
}

/** The live item's like count, or null when there is no such item. */
export async function likeCount(db: Kysely<Database>, itemIdx: number): Promise<number | null> {
  const row = await db
    .selectFrom('items')
    .select('like_count')
    .where('item_idx', '=', itemIdx)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.like_count ?? null;
}
