/**
 * Reads of the transaction history and rankings, under the ['history'] key family. History lists page with the
 * server's cursor ('more' appends the next page); the ranking pages by number.
 */
import { HISTORY_PAGE_SIZE, RANKING_PAGE_SIZE, type HistoryRow, type RoyaltyRow } from '@att/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { ensureOk } from '../popups/useApiMutation';

export interface HistoryFilterState {
  filterStatus: number[];
  filterCoin: ('ATT' | 'KLAY')[];
  filterCollection: number[];
  filterPrice: number;
  startPrice: string;
  endPrice: string;
}

export const defaultHistoryFilters: HistoryFilterState = { filterStatus: [], filterCoin: [], filterCollection: [], filterPrice: 2, startPrice: '', endPrice: '' };

/** The request's filters: empty ones are left out. */
export function historyFilterFields(f: HistoryFilterState) {
  return {
    ...(f.filterStatus.length ? { filterStatus: f.filterStatus } : {}),
    ...(f.filterCoin.length ? { filterCoin: f.filterCoin } : {}),
    ...(f.filterCollection.length ? { filterCollection: f.filterCollection } : {}),
    ...(f.startPrice || f.endPrice
      ? { filterPrice: f.filterPrice, ...(f.startPrice ? { startPrice: f.startPrice } : {}), ...(f.endPrice ? { endPrice: f.endPrice } : {}) }
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

async function fetchHistory(source: HistorySource, filters: HistoryFilterState, auth: { id: string; ticketId: string } | null, cursor: string | undefined): Promise<HistoryPageData<HistoryRow>> {
  const paging = { pageNo: 1, pageSize: HISTORY_PAGE_SIZE, ...(cursor ? { cursor } : {}) };
  const f = historyFilterFields(filters);
  const r =
    source.kind === 'all'
      ? await api('/nft/info/transaction/all', { ...paging, ...f, ...(source.collectionIdx ? { collectionIdx: source.collectionIdx } : {}) })
      : source.kind === 'mine'
        ? await api('/nft/info/transaction/mine', { ...paging, ...f, ...(auth ?? { id: '', ticketId: '' }) })
        : source.kind === 'other'
          ? await api('/nft/info/transaction/other', { ...paging, ...f, memberIdx: source.memberIdx })
          : await api('/nft/info/transaction', { ...paging, productIdx: source.productIdx });
  const ok = ensureOk(r);
  return { list: ok.list ?? [], total: ok.page?.totalRecordSize ?? 0, nextCursor: ok.page?.nextCursor ?? null };
}

/** A history list with 'more': pages of 20, each next page from the last page's cursor. */
export function useHistoryList(source: HistorySource, filters: HistoryFilterState, enabled = true) {
  const { id, ticket } = useSession();
  const auth = id && ticket ? { id, ticketId: ticket } : null;
  return useInfiniteQuery({
    queryKey: ['history', source, filters, source.kind === 'mine' ? id : null],
    queryFn: ({ pageParam }) => fetchHistory(source, filters, auth, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: enabled && (source.kind !== 'mine' || auth !== null),
    retry: false,
    // A list left behind (another filter) is dropped at once: coming back starts again from page 1.
    gcTime: 0,
  });
}

/** The caller's royalties (Loyalty tab), 20 a page with 'more'. */
export function useRoyaltyList(collectionIdx: number | undefined) {
  const { id, ticket } = useSession();
  return useInfiniteQuery({
    queryKey: ['history', 'royalty', id, collectionIdx ?? null],
    queryFn: async ({ pageParam }): Promise<HistoryPageData<RoyaltyRow>> => {
      const r = ensureOk(
        await api('/nft/info/user/royalty', {
          id: id ?? '',
          ticketId: ticket ?? '',
          pageNo: 1,
          pageSize: HISTORY_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
          ...(collectionIdx ? { filterCollection: [collectionIdx] } : {}),
        }),
      );
      return { list: r.list ?? [], total: r.page?.totalRecordSize ?? 0, nextCursor: r.page?.nextCursor ?? null };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(id && ticket),
    retry: false,
  });
}

/** One page (100) of the collection ranking. */
export function useRanking(pageNo: number, column: number, order: number) {
  return useQuery({
    queryKey: ['history', 'ranking', pageNo, column, order],
    queryFn: async () => {
      const r = ensureOk(await api('/nft/ranking/list', { pageNo, pageSize: RANKING_PAGE_SIZE, rankOrderColumn: column, rankOrderType: order }));
      return { list: r.list ?? [], total: r.page?.totalRecordSize ?? 0, pageCount: r.page?.pageCount ?? 1 };
    },
    placeholderData: (prev) => prev,
  });
}
