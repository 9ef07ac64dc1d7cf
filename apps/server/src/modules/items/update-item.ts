/** Use case: the creator edits an item while the edit rules hold (item-rules.ts); replaced files are removed after the commit. */
import { ReturnCode, type itemUpdateRequest } from '@att/shared';
import type { z } from 'zod';
import { AppError } from '../../platform/http/app-error';
import type { AuthedMember } from '../../platform/http/auth';
import { removeFiles } from '../../platform/storage/remove-files';
import { itemsRepo } from './items-repository';
import { editRefusal, itemWriteError, knownCategory, ownCollection, refuse } from './item-rules';
import type { Uses } from '../../platform/deps';

type UpdateBody = z.output<typeof itemUpdateRequest>;

export async function updateItem(
  deps: Uses<'db' | 'now' | 'log' | 'storage'>,
  member: AuthedMember,
  b: UpdateBody,
): Promise<void> {
  await knownCategory(deps, b.category);
  if (b.collectionIdx !== undefined) await ownCollection(deps, member, b.collectionIdx);
  const now = deps.now();
  const replaced = await itemsRepo(deps.db)
    .withLockedItem(
      b.productId,
      (s) => {
        refuse(editRefusal(s, member.memberIdx));
        if (b.totalSupply !== undefined && b.totalSupply !== s.totalSupply) {
          throw new AppError(ReturnCode.ValidationFailed, 'totalSupply is read-only');
        }
      },
      async (s, trx) => {
        const keys = await itemsRepo(deps.db).applyUpdate(
          trx,
          s,
          {
            name: b.productName,
            description: b.productDesc,
            categoryIdx: b.category,
            unlockedContent: b.isExistUnlockedContent === 1 ? b.unlockedContent : null,
            collectionIdx: b.collectionIdx ?? s.collectionIdx,
            fileName: b.fileName,
            thumbnailFileName: b.productThumbnailFileName,
            hideState: b.hideState,
            traits: b.traits,
          },
          now,
        );
        return keys;
      },
    )
    .catch(itemWriteError);
  await removeFiles(deps, replaced);
}
