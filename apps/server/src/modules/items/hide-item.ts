/** Use case: hide or show an item (the creator everywhere, a holder in their own lists). */
import { ReturnCode } from '@att/shared';
import { AppError } from '../../platform/http/app-error';
import type { AuthedMember } from '../../platform/http/auth';
import { itemsRepo } from './items-repository';
import type { Uses } from '../../platform/deps';

export async function setItemHidden(deps: Uses<'db' | 'now'>, member: AuthedMember, productId: number, hidden: 0 | 1) {
  const done = await itemsRepo(deps.db).setHidden(productId, member, hidden, deps.now());
  // Hidden by an operator from the report queue: the owner cannot show it again.
  if (done === 'operatorHidden') throw new AppError(ReturnCode.PreviousStateWrong);
  if (done) return;
  const item = await itemsRepo(deps.db).find(productId);
  throw new AppError(item ? ReturnCode.NotProductOwner : ReturnCode.ProductNotFound);
}
