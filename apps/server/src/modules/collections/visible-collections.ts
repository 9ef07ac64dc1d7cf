/** Collections by id for other modules' replies and checks: live (not deleted) and not hidden by an operator. */
import { HideState } from '@att/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/** The visible collections among `collectionIdxs`, with their names and logos, by id. */
export async function visibleCollections(
  db: Kysely<Database>,
  collectionIdxs: readonly number[],
): Promise<Map<number, { collectionIdx: number; name: string; logoFile: string }>> {
  if (collectionIdxs.length === 0) return new Map();
  const rows = await db
    .selectFrom('collections')
    .select(['collection_idx as collectionIdx', 'name', 'logo_file as logoFile'])
    .where('collection_idx', 'in', [...new Set(collectionIdxs)])
    .where('deleted_at', 'is', null)
    .where('hide_state', '=', HideState.Shown)
    .execute();
  return new Map(rows.map((r) => [r.collectionIdx, r]));
}
