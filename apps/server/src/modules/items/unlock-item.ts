/** Use case: a holder reads the item's unlockable content. */
import { ReturnCode } from '@att/shared';
import { AppError } from '../../platform/http/app-error';
import type { AuthedMember } from '../../platform/http/auth';
import { itemsRepo } from './items-repository';
import type { Uses } from '../../platform/deps';

export async function unlockItem(deps: Uses<'db'>, member: AuthedMember, productId: number): Promise<string> {
  const row = await itemsRepo(deps.db).unlockedContent(productId, member.address);
  if (!row) throw new AppError(ReturnCode.ProductNotFound);
  if (row.amount <= 0) throw new AppError(ReturnCode.NotProductOwner);
  if (row.unlockedContent === null) throw new AppError(ReturnCode.NoData);
  return row.unlockedContent;
}
