/**
 * Reads of collections: one query key family so that a write can refresh every page that shows a collection.
 * A refused read throws `ApiError(code)` (254 for a missing collection), which pages turn into their messages.
 */
import { type Collection, PAGE_SIZES } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { ensureOk } from '../popups/useApiMutation';

export const collectionKeys = {
  all: ['collections'] as const,
  info: (idx: number) => ['collections', 'info', idx] as const,
  mine: (id: string | null, size: number) => ['collections', 'mine', id, size] as const,
};

export function useCollectionInfo(idx: number | null) {
  return useQuery({
    queryKey: collectionKeys.info(idx ?? 0),
    queryFn: async (): Promise<Collection> => ensureOk(await api('/nft/collection/info', { collectionIdx: idx! })).data!,
    enabled: idx !== null,
    retry: false,
  });
}

/** The member's own collections (100 on MyCollection, 9999 in the item forms). */
export function useMyCollections(pageSize: number = PAGE_SIZES.collections) {
  const { id, ticket } = useSession();
  return useQuery({
    queryKey: collectionKeys.mine(id, pageSize),
    queryFn: async (): Promise<Collection[]> =>
      ensureOk(await api('/nft/collection/list/mine', { id: id!, ticketId: ticket!, pageNo: 1, pageSize, order: '1', searchText: '' }))
        .list ?? [],
    enabled: Boolean(id && ticket),
  });
}

/**
 * After a collection or item write: every collection and item read and the member's info (collectionCount)
 * are stale. `refetchActive: false` after a delete, so the page of the deleted thing does not ask for it again.
 */
export function refreshCollections({ refetchActive = true } = {}) {
  const refetchType = refetchActive ? 'active' : 'none';
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: collectionKeys.all, refetchType }),
    queryClient.invalidateQueries({ queryKey: ['items'], refetchType }),
    queryClient.invalidateQueries({ queryKey: ['userInfo'] }),
  ]);
}

/** A positive integer route parameter, or null. */
export function routeIdx(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= 2_147_483_647 ? n : null;
}
