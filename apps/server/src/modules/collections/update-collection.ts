/** Use case: the owner edits a collection; files it replaced are removed from storage after the commit. */
import { percentToBps, type collectionUpdateRequest } from '@att/shared';
import type { z } from 'zod';
import type { AuthedMember } from '../../platform/http/auth';
import { removeFiles } from '../../platform/storage/remove-files';
import { collectionsRepo } from './collections-repository';
import { collectionWriteError, ownedCollection } from './collection-rules';
import type { Uses } from '../../platform/deps';

type UpdateBody = z.output<typeof collectionUpdateRequest>;

export async function updateCollection(
  deps: Uses<'db' | 'now' | 'log' | 'storage'>,
  member: AuthedMember,
  b: UpdateBody,
): Promise<void> {
  await ownedCollection(deps, member, b.collectionIdx);
  const replaced = await collectionsRepo(deps.db)
    .update(
      b.collectionIdx,
      member.memberIdx,
      { name: b.collectionName, description: b.collectionDesc, royaltyBps: percentToBps(b.royalty) },
      { logo: b.logoFileName, banner: b.bannerFileName, featured: b.featuredFileName },
      deps.now(),
    )
    .catch(collectionWriteError);
  await removeFiles(deps, replaced);
}
