/**
 * Reads of the transaction history and rankings: one key per endpoint under `historyKeys`, a `queryOptions` for
 * each. History lists page with the server's cursor ('more' appends the next page); the ranking pages by number.
 */
import { HISTORY_PAGE_SIZE, type HistoryRow, RANKING_PAGE_SIZE, type RoyaltyRow, type TokenSymbol } from '@att/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api, apiQuery, ensureOk } from '../../lib/api';
import { useSession } from '../../lib/session';

export interface HistoryFilterState {
  filterStatus: number[];
  filterCoin: TokenSymbol[];
  filterCollection: number[];
  filterPrice: number;
  startPrice: string;
  endPrice: string;
}

export const defaultHistoryFilters: HistoryFilterState = {
  filterStatus: [],
  filterCoin: [],
  filterCollection: [],
  filterPrice: 2,
  startPrice: '',
  endPrice: '',
};

/** The request's filters: empty ones are left out. */
export function historyFilterFields(f: HistoryFilterState) {
  return {
    ...(f.filterStatus.length ? { filterStatus: f.filterStatus } : {}),
    ...(f.filterCoin.length ? { filterCoin: f.filterCoin } : {}),
    ...(f.filterCollection.length ? { filterCollection: f.filterCollection } : {}),
    ...(f.startPrice || f.endPrice
      ? {
          filterPrice: f.filterPrice,
          ...(f.startPrice ? { startPrice: f.startPrice } : {}),
          ...(f.endPrice ? { endPrice: f.endPrice } : {}),
        }
      : {}),
  };
}

export type HistorySource =
  | { kind: 'all'; collectionIdx?: number }
  | { kind: 'mine' }
  | { kind: 'other'; memberIdx: number }
  | { kind: 'item'; productIdx: number };

export interface HistoryPageData<T> {
  list: T[];
  total: number;
  nextCursor: string | null;
}

async function fetchHistory(
  source: HistorySource,
  filters: HistoryFilterState,
  auth: { id: string; ticketId: string } | null,
  cursor: string | undefined,
): Promise<HistoryPageData<HistoryRow>> {
  const paging = { pageNo: 1, pageSize: HISTORY_PAGE_SIZE, ...(cursor ? { cursor } : {}) };
  const f = historyFilterFields(filters);
  const r =
    source.kind === 'all'
      ? await api('/nft/info/transaction/all', {
          ...paging,
          ...f,
          ...(source.collectionIdx ? { collectionIdx: source.collectionIdx } : {}),
        })
      : source.kind === 'mine'
        ? await api('/nft/info/transaction/mine', { ...paging, ...f, ...(auth ?? { id: '', ticketId: '' }) })
        : source.kind === 'other'
          ? await api('/nft/info/transaction/other', { ...paging, ...f, memberIdx: source.memberIdx })
          : await api('/nft/info/transaction', { ...paging, productIdx: source.productIdx });
  const ok = ensureOk(r);
  return { list: ok.list ?? [], total: ok.page?.totalRecordSize ?? 0, nextCursor: ok.page?.nextCursor ?? null };
}

type Auth = { id: string; ticketId: string } | null;

/** Whose list: the collection, the member or the item (null for the whole marketplace and the caller's own). */
const sourceId = (s: HistorySource): number | null =>
  s.kind === 'all'
    ? (s.collectionIdx ?? null)
    : s.kind === 'other'
      ? s.memberIdx
      : s.kind === 'item'
        ? s.productIdx
        : null;

export const historyKeys = {
  all: ['history'] as const,
  /** /nft/info/transaction* (one list per source: all, a collection, mine, another member, an item) */
  transactions: (kind: HistorySource['kind']) => [...historyKeys.all, 'transactions', kind] as const,
  itemTransactions: (productIdx: number) => [...historyKeys.transactions('item'), productIdx] as const,
  list: (source: HistorySource, filters: HistoryFilterState, auth: Auth) =>
    [...historyKeys.transactions(source.kind), sourceId(source), filters, auth] as const,
  /** /nft/info/user/royalty */
  royalty: (id: string | null, ticket: string | null, collectionIdx: number | null) =>
    [...historyKeys.all, 'royalty', id, ticket, collectionIdx] as const,
  /** /nft/ranking/list */
  ranking: (pageNo: number, column: number, order: number) =>
    [...historyKeys.all, 'ranking', pageNo, column, order] as const,
};

export const historyQueries = {
  list: (source: HistorySource, filters: HistoryFilterState, auth: Auth, enabled = true) =>
    infiniteQueryOptions({
      queryKey: historyKeys.list(source, filters, source.kind === 'mine' ? auth : null),
      queryFn: ({ pageParam }) => fetchHistory(source, filters, auth, pageParam),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      enabled: enabled && (source.kind !== 'mine' || auth !== null),
      retry: false,
      // A list left behind (another filter) is dropped at once: coming back starts again from page 1.
      gcTime: 0,
    }),
  royalty: (auth: { id: string | null; ticket: string | null }, collectionIdx: number | undefined) =>
    infiniteQueryOptions({
      queryKey: historyKeys.royalty(auth.id, auth.ticket, collectionIdx ?? null),
      queryFn: async ({ pageParam }): Promise<HistoryPageData<RoyaltyRow>> => {
        const r = await apiQuery('/nft/info/user/royalty', {
          id: auth.id ?? '',
          ticketId: auth.ticket ?? '',
          pageNo: 1,
          pageSize: HISTORY_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
          ...(collectionIdx ? { filterCollection: [collectionIdx] } : {}),
        });
        return { list: r.list ?? [], total: r.page?.totalRecordSize ?? 0, nextCursor: r.page?.nextCursor ?? null };
      },
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      enabled: Boolean(auth.id && auth.ticket),
      retry: false,
    }),
  /** One page (100) of the collection ranking. */
  ranking: (pageNo: number, column: number, order: number) =>
    queryOptions({
      queryKey: historyKeys.ranking(pageNo, column, order),
      queryFn: async () => {
        const r = await apiQuery('/nft/ranking/list', {
          pageNo,
          pageSize: RANKING_PAGE_SIZE,
          rankOrderColumn: column,
          rankOrderType: order,
        });
        return { list: r.list ?? [], total: r.page?.totalRecordSize ?? 0, pageCount: r.page?.pageCount ?? 1 };
      },
      placeholderData: keepPreviousData,
    }),
};

/** A history list with 'more': pages of 20, each next page from the last page's cursor. */
export function useHistoryList(source: HistorySource, filters: HistoryFilterState, enabled = true) {
  const { id, ticket } = useSession();
  return useInfiniteQuery(
    historyQueries.list(source, filters, id && ticket ? { id, ticketId: ticket } : null, enabled),
  );
}

/** The caller's royalties (Loyalty tab), 20 a page with 'more'. */
export function useRoyaltyList(collectionIdx: number | undefined) {
  const { id, ticket } = useSession();
  return useInfiniteQuery(historyQueries.royalty({ id, ticket }, collectionIdx));
}

export const useRanking = (pageNo: number, column: number, order: number) =>
  useQuery(historyQueries.ranking(pageNo, column, order));
