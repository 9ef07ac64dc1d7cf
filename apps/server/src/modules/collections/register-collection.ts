/** Use case: a member creates a collection (a live name is unique: 253). */
import { percentToBps, type collectionRegisterRequest } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AuthedMember } from '../../platform/http/auth';
import { collectionsRepo } from './collections-repository';
import { collectionWriteError } from './collection-rules';

type RegisterBody = z.output<typeof collectionRegisterRequest>;

export async function registerCollection(app: FastifyInstance, member: AuthedMember, b: RegisterBody): Promise<number> {
  return collectionsRepo(app.db)
    .create(
      member.memberIdx,
      { name: b.collectionName, description: b.collectionDesc, royaltyBps: percentToBps(b.royalty) },
      { logo: b.logoFileName, banner: b.bannerFileName, featured: b.featuredFileName },
      app.now(),
    )
    .catch(collectionWriteError);
}
