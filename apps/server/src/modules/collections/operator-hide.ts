/** An operator hides a collection (a report's action). Audited. */
import type { Transaction } from 'kysely';
import { updateAudited, type Operator } from '../console';
import type { Database } from '../schema';

/** False when there is no live collection `collectionIdx`. Runs in the caller's transaction. */
export async function hideCollectionByOperator(
  trx: Transaction<Database>,
  op: Operator,
  collectionIdx: number,
  now: Date,
): Promise<boolean> {
  const hidden = await updateAudited(
    trx,
    op,
    now,
    { action: 'collection.hide', targetType: 'collection', targetIdx: collectionIdx },
    {
      read: () =>
        trx
          .selectFrom('collections')
          .select(['collection_idx', 'name', 'hide_state'])
          .where('collection_idx', '=', collectionIdx)
          .where('deleted_at', 'is', null)
          .forUpdate()
          .executeTakeFirst(),
      write: () =>
        trx
          .updateTable('collections')
          .set({ hide_state: 1, updated_at: now })
          .where('collection_idx', '=', collectionIdx)
          .returning(['collection_idx', 'name', 'hide_state'])
          .executeTakeFirstOrThrow(),
    },
  );
  return hidden !== null;
}
