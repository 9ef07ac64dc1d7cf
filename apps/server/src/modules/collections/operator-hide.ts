/** An operator hides a collection (a report's action). Audited. */
import type { Transaction } from 'kysely';
import { audit, plain, type Operator } from '../console';
import type { Database } from '../schema';

/** False when there is no live collection `collectionIdx`. Runs in the caller's transaction. */
export async function hideCollectionByOperator(
  trx: Transaction<Database>,
  op: Operator,
  collectionIdx: number,
  now: Date,
): Promise<boolean> {
  const before = await trx
    .selectFrom('collections')
    .select(['collection_idx', 'name', 'hide_state'])
    .where('collection_idx', '=', collectionIdx)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return false;
  await trx
    .updateTable('collections')
    .set({ hide_state: 1, updated_at: now })
    .where('collection_idx', '=', before.collection_idx)
    .execute();
  await audit(
    trx,
    op,
    {
      action: 'collection.hide',
      targetType: 'collection',
      targetIdx: before.collection_idx,
      before: plain(before),
      after: { ...plain(before), hide_state: 1 },
    },
    now,
  );
  return true;
}
