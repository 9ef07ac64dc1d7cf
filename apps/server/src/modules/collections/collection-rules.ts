/**
 * Collection rules, shared by the collection use cases: only the owner edits or deletes (250); a live name is unique (253); delete is refused
 * while the collection has sales (251) or items (283). Royalty range is enforced by the request schema
 * (252/272). Files replaced by an update are removed from storage after the write commits.
 */
import { ReturnCode } from '@att/shared';
import { AppError } from '../../platform/http/app-error';
import type { AuthedMember } from '../../platform/http/auth';
import { NameTakenError, NotFoundError, UploadNotFoundError } from '../../platform/db/domain-errors';
import { collectionsRepo } from './collections-repository';
import type { Uses } from '../../platform/deps';

/** Maps the repositories' domain errors of collection writes to returnCodes. */
export function collectionWriteError(err: unknown): never {
  if (err instanceof NameTakenError) throw new AppError(ReturnCode.DuplicateCollectionName);
  if (err instanceof UploadNotFoundError) throw new AppError(ReturnCode.UploadFileNotFound, err.message);
  if (err instanceof NotFoundError) throw new AppError(ReturnCode.CollectionNotFound);
  throw err;
}

export async function ownedCollection(deps: Uses<'db'>, member: AuthedMember, collectionIdx: number) {
  const c = await collectionsRepo(deps.db).findById(collectionIdx);
  if (!c) throw new AppError(ReturnCode.CollectionNotFound);
  if (c.memberIdx !== member.memberIdx) throw new AppError(ReturnCode.NotCollectionOwner);
  return c;
}
