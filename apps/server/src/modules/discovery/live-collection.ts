/** The collection a discovery read is about must exist and not be deleted: 254 otherwise. */
import { ReturnCode } from '@att/shared';
import type { Kysely } from 'kysely';
import { AppError } from '../../platform/http/app-error';
import type { Database } from '../schema';

export async function assertLiveCollection(db: Kysely<Database>, collectionIdx: number): Promise<void> {
  const live = await db
    .selectFrom('collections')
    .select('collection_idx')
    .where('collection_idx', '=', collectionIdx)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!live) throw new AppError(ReturnCode.CollectionNotFound);
}
