/** Use case: the creator deletes a never-minted, never-traded item; answers its collection. */
import type { FastifyInstance } from 'fastify';
import type { AuthedMember } from '../../platform/http/auth';
import { itemsRepo } from './items-repository';
import { deleteRefusal, itemWriteError, refuse } from './item-rules';

export async function deleteItem(app: FastifyInstance, member: AuthedMember, productId: number): Promise<number> {
  return itemsRepo(app.db)
    .withLockedItem(
      productId,
      (s) => refuse(deleteRefusal(s, member.memberIdx)),
      async (s, trx) => {
        await itemsRepo(app.db).applyDelete(trx, s, app.now());
        return s.collectionIdx;
      },
    )
    .catch(itemWriteError);
}
