/** Use case: the owner deletes a collection without sales (251) or items (283). */
import { ReturnCode } from '@att/shared';
import { AppError } from '../../platform/http/app-error';
import type { AuthedMember } from '../../platform/http/auth';
import { collectionsRepo } from './collections-repository';
import { collectionWriteError, ownedCollection } from './collection-rules';
import type { Uses } from '../../platform/deps';

export async function deleteCollection(
  deps: Uses<'db' | 'now'>,
  member: AuthedMember,
  collectionIdx: number,
): Promise<void> {
  await ownedCollection(deps, member, collectionIdx);
  await collectionsRepo(deps.db)
    .softDelete(collectionIdx, deps.now(), (s) => {
      if (s.memberIdx !== member.memberIdx) throw new AppError(ReturnCode.NotCollectionOwner);
      if (s.tradeCount > 0 || s.volumeTrade !== '0') throw new AppError(ReturnCode.CollectionHasSales);
      if (s.itemCount > 0) throw new AppError(ReturnCode.CollectionHasItems);
    })
    .catch(collectionWriteError);
}
