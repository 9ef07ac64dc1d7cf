/**
 * Item rules, shared by the item use cases (spec 2 "Item card actions" and section 4):
 * - publish into an own, live collection (254/250), with this member's unused uploads (81), a thumbnail for
 *   video/audio (5), a known category (5);
 * - edit and delete only by the creator while they are the only owner of the whole edition (274), nothing on
 *   sale or reserved (273), never traded (282); delete also refused once minted (282); supply is read-only (5);
 * - hide/unhide by the creator (everywhere) or a holder (their own lists), else 274;
 * - unlockable content for holders only (274).
 * The edit/delete rule runs inside the repository's transaction, under the item's row lock.
 */
import { ReturnCode } from '@att/shared';
import { AppError } from '../../platform/http/app-error';
import type { AuthedMember } from '../../platform/http/auth';
import { NotFoundError, ThumbnailRequiredError, UploadNotFoundError } from '../../platform/db/domain-errors';
import type { ItemState } from './item-state';
import { catalogRepo } from '../catalog';
import { collectionsRepo } from '../collections';
import type { Uses } from '../../platform/deps';

/** Maps the repositories' domain errors of item writes to returnCodes. */
export function itemWriteError(err: unknown): never {
  if (err instanceof UploadNotFoundError) throw new AppError(ReturnCode.UploadFileNotFound, err.message);
  if (err instanceof ThumbnailRequiredError) throw new AppError(ReturnCode.ValidationFailed, err.message);
  if (err instanceof NotFoundError) {
    throw new AppError(err.entity === 'collection' ? ReturnCode.CollectionNotFound : ReturnCode.ProductNotFound);
  }
  throw err;
}

/** Why `memberIdx` may not edit the item, as a returnCode; null when the edit rules hold. */
export function editRefusal(s: ItemState, memberIdx: number | undefined): number | null {
  if (s.creatorIdx !== memberIdx) return ReturnCode.NotProductOwner;
  const onlyCreator =
    s.holders.length === 1 && s.holders[0]!.address === s.creatorAddress && s.holders[0]!.amount === s.totalSupply;
  if (!onlyCreator) return ReturnCode.NotProductOwner;
  if (s.tradeCount > 0 || s.lastPrice !== null) return ReturnCode.ItemAlreadyMinted;
  if (s.holders.some((h) => h.onSale > 0 || h.reserved > 0)) return ReturnCode.ItemOnSale;
  return null;
}

export function deleteRefusal(s: ItemState, memberIdx: number | undefined): number | null {
  return editRefusal(s, memberIdx) ?? (s.flagMint === 1 ? ReturnCode.ItemAlreadyMinted : null);
}

export const refuse = (code: number | null) => {
  if (code !== null) throw new AppError(code as never);
};

export async function knownCategory(deps: Uses<'db'>, category: number) {
  const categories = await catalogRepo(deps.db).listCategories();
  if (!categories.some((c) => c.idx === category)) throw new AppError(ReturnCode.ValidationFailed, 'unknown category');
}

export async function ownCollection(deps: Uses<'db'>, member: AuthedMember, collectionIdx: number) {
  const c = await collectionsRepo(deps.db).findById(collectionIdx);
  if (!c) throw new AppError(ReturnCode.CollectionNotFound);
  if (c.memberIdx !== member.memberIdx) throw new AppError(ReturnCode.NotCollectionOwner);
}
