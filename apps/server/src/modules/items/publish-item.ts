/** Use case: publish an item into the member's own live collection (254/250, 81, 5). */
import type { itemRegisterRequest } from '@att/shared';
import type { z } from 'zod';
import type { AuthedMember } from '../../platform/http/auth';
import { itemsRepo } from './items-repository';
import { itemWriteError, knownCategory, ownCollection } from './item-rules';
import type { Uses } from '../../platform/deps';

type RegisterBody = z.output<typeof itemRegisterRequest>;

export async function publishItem(deps: Uses<'db' | 'now'>, member: AuthedMember, b: RegisterBody) {
  await ownCollection(deps, member, b.collectionIdx);
  await knownCategory(deps, b.category);
  return itemsRepo(deps.db)
    .publish(
      {
        collectionIdx: b.collectionIdx,
        creatorIdx: member.memberIdx,
        creatorAddress: member.address,
        name: b.productName,
        description: b.productDesc,
        categoryIdx: b.category,
        unlockedContent: b.isExistUnlockedContent === 1 ? b.unlockedContent : null,
        fileName: b.fileName,
        thumbnailFileName: b.thumbnailFileName ?? null,
        totalSupply: b.totalSupply,
        traits: b.traits,
      },
      deps.now(),
    )
    .catch(itemWriteError);
}
