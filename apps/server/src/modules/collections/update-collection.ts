/** Use case: the owner edits a collection; files it replaced are removed from storage after the commit. */
import { percentToBps, type collectionUpdateRequest } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AuthedMember } from '../../platform/http/auth';
import { removeFiles } from '../../platform/storage/remove-files';
import { collectionsRepo } from './collections-repository';
import { collectionWriteError, ownedCollection } from './collection-rules';

type UpdateBody = z.output<typeof collectionUpdateRequest>;

export async function updateCollection(app: FastifyInstance, member: AuthedMember, b: UpdateBody): Promise<void> {
  await ownedCollection(app, member, b.collectionIdx);
  const replaced = await collectionsRepo(app.db)
    .update(
      b.collectionIdx,
      member.memberIdx,
      { name: b.collectionName, description: b.collectionDesc, royaltyBps: percentToBps(b.royalty) },
      { logo: b.logoFileName, banner: b.bannerFileName, featured: b.featuredFileName },
      app.now(),
    )
    .catch(collectionWriteError);
  await removeFiles(app, replaced);
}
