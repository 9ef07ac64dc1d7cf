/** Use case: the creator deletes a never-minted, never-traded item; answers its collection. */
import type { AuthedMember } from '../../platform/http/auth';
import { itemsRepo } from './items-repository';
import { deleteRefusal, itemWriteError, refuse } from './item-rules';
import type { Uses } from '../../platform/deps';

export async function deleteItem(deps: Uses<'db' | 'now'>, member: AuthedMember, productId: number): Promise<number> {
  return itemsRepo(deps.db)
    .withLockedItem(
      productId,
      (s) => refuse(deleteRefusal(s, member.memberIdx)),
      async (s, trx) => {
        await itemsRepo(deps.db).applyDelete(trx, s, deps.now());
        return s.collectionIdx;
      },
    )
    .catch(itemWriteError);
}
