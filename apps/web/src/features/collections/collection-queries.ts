/**
 * Reads of collections: one key per endpoint under `collectionKeys`, a `queryOptions` for each. A refused read
 * throws `ApiError(code)` (254 for a missing collection), which pages turn into their messages.
 */
import { type ChartPeriod, type Collection, type CollectionChart, type CollectionEntry, PAGE_SIZES } from '@att/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery, queryClient } from '../../lib/api';
import { useSession } from '../../lib/session';
import { authKeys } from '../auth';

/** Where a filter panel's collection list comes from: the whole marketplace, or a member's page (0 own, 2 liked). */
export type CollectionSource = { kind: 'market' } | { kind: 'member'; userName: string; type: 0 | 2 };

export const collectionKeys = {
  all: ['collections'] as const,
  /** /nft/collection/info */
  info: (idx: number) => [...collectionKeys.all, 'info', idx] as const,
  /** /nft/collection/list/mine */
  mine: (id: string | null, ticket: string | null, size: number) =>
    [...collectionKeys.all, 'mine', id, ticket, size] as const,
  /** /nft/collection/marketplace/list */
  marketplace: (searchText: string) => [...collectionKeys.all, 'marketplace', searchText] as const,
  /** /nft/collection/userPage/list */
  memberPage: (userName: string, type: number, searchText: string) =>
    [...collectionKeys.all, 'memberPage', userName, type, searchText] as const,
  /** /nft/collection/chart */
  chart: (idx: number, period: ChartPeriod) => [...collectionKeys.all, 'chart', idx, period] as const,
};

export const collectionQueries = {
  info: (idx: number | null) =>
    queryOptions({
      queryKey: collectionKeys.info(idx ?? 0),
      queryFn: async (): Promise<Collection> => (await apiQuery('/nft/collection/info', { collectionIdx: idx! })).data!,
      enabled: idx !== null,
      retry: false,
    }),
  /** The member's own collections (100 on MyCollection, 9999 in the item forms). */
  mine: (auth: { id: string | null; ticket: string | null }, pageSize: number) =>
    queryOptions({
      queryKey: collectionKeys.mine(auth.id, auth.ticket, pageSize),
      queryFn: async (): Promise<Collection[]> =>
        (
          await apiQuery('/nft/collection/list/mine', {
            id: auth.id!,
            ticketId: auth.ticket!,
            pageNo: 1,
            pageSize,
            order: '1',
            searchText: '',
          })
        ).list ?? [],
      enabled: Boolean(auth.id && auth.ticket),
    }),
  /** The collections of a filter panel (marketplace or a member's page), by search text. */
  entries: (source: CollectionSource, searchText: string) =>
    queryOptions({
      queryKey:
        source.kind === 'market'
          ? collectionKeys.marketplace(searchText)
          : collectionKeys.memberPage(source.userName, source.type, searchText),
      queryFn: async (): Promise<CollectionEntry[]> =>
        source.kind === 'market'
          ? ((await apiQuery('/nft/collection/marketplace/list', { searchText })).list ?? [])
          : ((
              await apiQuery('/nft/collection/userPage/list', {
                memberId: source.userName,
                type: source.type,
                searchText,
              })
            ).list ?? []),
      staleTime: 60_000,
    }),
  /** The collection's floor and volume per day, week or month (the price history section). */
  chart: (idx: number, period: ChartPeriod) =>
    queryOptions({
      queryKey: collectionKeys.chart(idx, period),
      queryFn: async (): Promise<CollectionChart> =>
        (await apiQuery('/nft/collection/chart', { collectionIdx: idx, period })).data!,
      staleTime: 60_000,
    }),
};

export const useCollectionInfo = (idx: number | null) => useQuery(collectionQueries.info(idx));
export const useCollectionChart = (idx: number, period: ChartPeriod) => useQuery(collectionQueries.chart(idx, period));

export function useMyCollections(pageSize: number = PAGE_SIZES.collections) {
  const { id, ticket } = useSession();
  return useQuery(collectionQueries.mine({ id, ticket }, pageSize));
}

/**
 * After a collection write: every collection read and the member's info (collectionCount) are stale.
 * `refetchActive: false` after a delete, so the page of the deleted thing does not ask for it again.
 */
export function refreshCollections({ refetchActive = true } = {}) {
  const refetchType = refetchActive ? 'active' : 'none';
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: collectionKeys.all, refetchType }),
    queryClient.invalidateQueries({ queryKey: authKeys.all }),
  ]);
}

/** A positive integer route parameter, or null. */
export function routeIdx(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= 2_147_483_647 ? n : null;
}
