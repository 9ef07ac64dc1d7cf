/** Use case: a member creates a collection (a live name is unique: 253). */
import { percentToBps, type collectionRegisterRequest } from '@att/shared';
import type { z } from 'zod';
import type { AuthedMember } from '../../platform/http/auth';
import { collectionsRepo } from './collections-repository';
import { collectionWriteError } from './collection-rules';
import type { Uses } from '../../platform/deps';

type RegisterBody = z.output<typeof collectionRegisterRequest>;

export async function registerCollection(
  deps: Uses<'db' | 'now'>,
  member: AuthedMember,
  b: RegisterBody,
): Promise<number> {
  return collectionsRepo(deps.db)
    .create(
      member.memberIdx,
      { name: b.collectionName, description: b.collectionDesc, royaltyBps: percentToBps(b.royalty) },
      { logo: b.logoFileName, banner: b.bannerFileName, featured: b.featuredFileName },
      deps.now(),
    )
    .catch(collectionWriteError);
}
