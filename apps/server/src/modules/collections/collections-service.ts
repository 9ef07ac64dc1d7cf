/**
 * Collection rules: only the owner edits or deletes (250); a live name is unique (253); delete is refused
 * while the collection has sales (251) or items (283). Royalty range is enforced by the request schema
 * (252/272). Files replaced by an update are removed from storage after the write commits.
 */
import { removeFiles } from '../../platform/storage/remove-files';
import { ReturnCode, percentToBps, type collectionRegisterRequest, type collectionUpdateRequest } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../platform/http/app-error';
import type { AuthedMember } from '../../platform/http/auth';
import { NameTakenError, NotFoundError, UploadNotFoundError } from '../../platform/db/domain-errors';
import { collectionsRepo } from './collections-repository';

type RegisterBody = z.output<typeof collectionRegisterRequest>;
type UpdateBody = z.output<typeof collectionUpdateRequest>;

/** Maps the repositories' domain errors of collection writes to returnCodes. */
export function collectionWriteError(err: unknown): never {
  if (err instanceof NameTakenError) throw new AppError(ReturnCode.DuplicateCollectionName);
  if (err instanceof UploadNotFoundError) throw new AppError(ReturnCode.UploadFileNotFound, err.message);
  if (err instanceof NotFoundError) throw new AppError(ReturnCode.CollectionNotFound);
  throw err;
}

async function ownedCollection(app: FastifyInstance, member: AuthedMember, collectionIdx: number) {
  const c = await collectionsRepo(app.db).findById(collectionIdx);
  if (!c) throw new AppError(ReturnCode.CollectionNotFound);
  if (c.memberIdx !== member.memberIdx) throw new AppError(ReturnCode.NotCollectionOwner);
  return c;
}

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

export async function deleteCollection(app: FastifyInstance, member: AuthedMember, collectionIdx: number): Promise<void> {
  await ownedCollection(app, member, collectionIdx);
  await collectionsRepo(app.db)
    .softDelete(collectionIdx, app.now(), (s) => {
      if (s.memberIdx !== member.memberIdx) throw new AppError(ReturnCode.NotCollectionOwner);
      if (s.tradeCount > 0 || s.volumeTrade !== '0') throw new AppError(ReturnCode.CollectionHasSales);
      if (s.itemCount > 0) throw new AppError(ReturnCode.CollectionHasItems);
    })
    .catch(collectionWriteError);
}

