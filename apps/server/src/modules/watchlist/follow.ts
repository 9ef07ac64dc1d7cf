/**
 * Following and unfollowing: the target must be shown (a live, unhidden collection or item) to be followed; a
 * collection's floor is read before the follow's transaction opens and marked with it. Codes: 0; 254 / 258 no such
 * collection / item; 5 past WATCH_MAX follows, or a threshold on an item.
 */
import { ReturnCode, WatchKind, type ReturnCodeValue, type WatchKindValue, type WatchState } from '@att/shared';
import type { Uses } from '../../platform/deps';
import { collectionStats, visibleCollections } from '../collections';
import { watchedItems } from '../items';
import { watchlistRepo, type Floors, type FollowTarget } from './watchlist-repository';

/** A collection's floor per coin now (null when it is not shown). */
export async function collectionFloors(deps: Uses<'db'>, collectionIdxs: readonly number[]) {
  const stats = await collectionStats(deps.db, collectionIdxs, {});
  return new Map([...stats].map(([id, s]) => [id, { att: s.floor.ATT, klay: s.floor.KLAY } satisfies Floors] as const));
}

async function targetExists(deps: Uses<'db'>, kind: WatchKindValue, targetIdx: number): Promise<boolean> {
  if (kind === WatchKind.Collection) return (await visibleCollections(deps.db, [targetIdx])).has(targetIdx);
  return (await watchedItems(deps.db, [targetIdx])).has(targetIdx);
}

export async function follow(
  deps: Uses<'db' | 'now'>,
  t: FollowTarget,
  alertPercent: number | null | undefined,
): Promise<{ returnCode: ReturnCodeValue; data?: WatchState }> {
  if (!(await targetExists(deps, t.kind, t.targetIdx)))
    return { returnCode: t.kind === WatchKind.Collection ? ReturnCode.CollectionNotFound : ReturnCode.ProductNotFound };
  if (t.kind === WatchKind.Item && alertPercent !== undefined && alertPercent !== null)
    return { returnCode: ReturnCode.ValidationFailed };
  const floors =
    t.kind === WatchKind.Collection
      ? (await collectionFloors(deps, [t.targetIdx])).get(t.targetIdx)!
      : { att: null, klay: null };
  const r = await watchlistRepo(deps.db).follow(t, {
    alertPercent: t.kind === WatchKind.Collection ? alertPercent : undefined,
    floors,
    now: deps.now(),
  });
  if (r === 'full') return { returnCode: ReturnCode.ValidationFailed };
  return { returnCode: ReturnCode.Success, data: r };
}
