/** An operator hides an item (a report's action): hidden everywhere, and its owner cannot unhide it. Audited. */
import type { Transaction } from 'kysely';
import { updateAudited, type Operator } from '../console';
import type { Database } from '../schema';

/** False when there is no live item `itemIdx`. Runs in the caller's transaction. */
export async function hideItemByOperator(
  trx: Transaction<Database>,
  op: Operator,
  itemIdx: number,
  now: Date,
): Promise<boolean> {
  const hidden = await updateAudited(
    trx,
    op,
    now,
    { action: 'item.hide', targetType: 'item', targetIdx: itemIdx },
    {
      read: () =>
        trx
          .selectFrom('items')
          .select(['item_idx', 'name', 'hide_state'])
          .where('item_idx', '=', itemIdx)
          .where('deleted_at', 'is', null)
          .forUpdate()
          .executeTakeFirst(),
      write: () =>
        trx
          .updateTable('items')
          .set({ hide_state: 1, operator_hidden: 1, updated_at: now })
          .where('item_idx', '=', itemIdx)
          .returning(['item_idx', 'name', 'hide_state', 'operator_hidden'])
          .executeTakeFirstOrThrow(),
    },
  );
  return hidden !== null;
}
