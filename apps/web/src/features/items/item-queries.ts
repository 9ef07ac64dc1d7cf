/**
 * Reads of items: one key per endpoint under `itemKeys`, a `queryOptions` for each, and the hooks pages use.
 * Calls carry the member's id and ticket when signed in (replies include the caller's counts, which the owner
 * menu and the trade buttons need), so those keys end with the member's id.
 */
import {
  type CurationSection,
  type ItemCard,
  type ItemDetail,
  ItemOrder,
  ItemStatusFilter,
  OWNERS_PAGE_SIZE,
  PAGE_SIZES,
  type RoutePath,
  type RouteReply,
  type RouteRequest,
} from '@att/shared';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, ApiError, apiQuery, ensureOk, queryClient } from '../../lib/api';
import { useSession } from '../../lib/session';
import { refreshCollections } from '../collections';

/** The item existed and was deleted (258 with deleteState 1): the page says 'deleted item'. */
export class DeletedItemError extends ApiError {
  constructor() {
    super(258);
  }
}

export interface ListPage<T> {
  list: T[];
  total: number;
}

/** The next page number, or undefined once every item is loaded (or a page came back empty). */
export function nextPageOf<T>(pages: readonly ListPage<T>[]): number | undefined {
  const last = pages.at(-1);
  if (!last || last.list.length === 0) return undefined;
  const loaded = pages.reduce((n, p) => n + p.list.length, 0);
  return loaded < last.total ? pages.length + 1 : undefined;
}

export type ListPath = {
  [P in RoutePath]: RouteReply<P> extends { list?: (infer I)[] } ? (I extends ItemCard ? P : never) : never;
}[RoutePath];

/** Pages of `path` with `body` (without pageNo), `pageSize` per page (a filter change is a new key: page 1 again). */
function pages<P extends ListPath>(
  path: P,
  body: Omit<RouteRequest<P>, 'pageNo' | 'pageSize'>,
  pageSize: number,
  opts: { enabled?: boolean; key?: readonly unknown[] } = {},
) {
  return infiniteQueryOptions({
    queryKey: itemKeys.pagesOf(path, body, pageSize, opts.key ?? []),
    initialPageParam: 1,
    queryFn: async ({ pageParam }): Promise<ListPage<ItemCard>> => {
      const r = (await apiQuery(path, { ...body, pageNo: pageParam, pageSize } as RouteRequest<P>)) as {
        list?: ItemCard[];
        page?: { totalRecordSize: number };
      };
      const list = r.list ?? [];
      return { list, total: r.page?.totalRecordSize ?? list.length };
    },
    getNextPageParam: (_last, pages) => nextPageOf(pages),
    enabled: opts.enabled ?? true,
  });
}

type Auth = { id: string; ticketId: string } | Record<string, never>;
const memberOf = (auth: Auth) => ('id' in auth ? auth.id : null);

export const itemKeys = {
  all: ['items'] as const,
  /** /nft/detail */
  detail: (productId: number) => [...itemKeys.all, 'detail', productId] as const,
  detailFor: (productId: number, member: string | null) => [...itemKeys.detail(productId), member] as const,
  /** /nft/inventory/list/owner */
  owners: (productId: number) => [...itemKeys.all, 'owners', productId] as const,
  firstOwner: (productId: number) => [...itemKeys.owners(productId), 'first'] as const,
  /** /nft/trading/list (the price history) */
  trading: (productId: number) => [...itemKeys.all, 'trading', productId] as const,
  /** /nft/info/chain */
  chain: (productId: number) => [...itemKeys.all, 'chain', productId] as const,
  /** /nft/info/collection/otherItem */
  other: (productId: number, member: string | null) => [...itemKeys.all, 'other', productId, member] as const,
  /** /nft/unlock */
  unlock: (productId: number, member: string | null) => [...itemKeys.all, 'unlock', productId, member] as const,
  /** /nft/info/list (a collection's newest) */
  recent: (collectionIdx: number, member: string | null) => [...itemKeys.all, 'recent', collectionIdx, member] as const,
  /** /nft/info/collection/Item (a collection's items on sale) */
  onSale: (collectionIdx: number, member: string | null) =>
    [...itemKeys.all, 'on-sale', collectionIdx, member] as const,
  /** Item grids: pages of any item list route, by route. */
  pages: (path: RoutePath) => [...itemKeys.all, 'pages', path] as const,
  pagesOf: (path: RoutePath, body: unknown, pageSize: number, extra: readonly unknown[]) =>
    [...itemKeys.pages(path), body, pageSize, ...extra] as const,
  /** /nft/info/collection/traits (a collection's trait types and counts) */
  collectionTraits: (collectionIdx: number) => [...itemKeys.all, 'collection-traits', collectionIdx] as const,
  /** /nft/curation/all (the home page's sections) */
  curation: () => [...itemKeys.all, 'curation'] as const,
};

export const itemQueries = {
  pages,
  detail: (productId: number | null, auth: Auth) =>
    queryOptions({
      queryKey: itemKeys.detailFor(productId ?? 0, memberOf(auth)),
      queryFn: async (): Promise<ItemDetail> => {
        const reply = await api('/nft/detail', { ...auth, productId: productId! });
        if (reply.deleteState === 1) throw new DeletedItemError();
        return ensureOk(reply).data!;
      },
      enabled: productId !== null,
      retry: false,
    }),
  recent: (collectionIdx: number, auth: Auth) =>
    queryOptions({
      queryKey: itemKeys.recent(collectionIdx, memberOf(auth)),
      queryFn: async (): Promise<ItemCard[]> =>
        (
          await apiQuery('/nft/info/list', {
            ...auth,
            collectionIdx,
            pageNo: 1,
            pageSize: PAGE_SIZES.recentItems,
            orderType: ItemOrder.Newest,
          })
        ).list ?? [],
    }),
  onSale: (collectionIdx: number, auth: Auth) =>
    queryOptions({
      queryKey: itemKeys.onSale(collectionIdx, memberOf(auth)),
      queryFn: async (): Promise<ItemCard[]> =>
        (
          await apiQuery('/nft/info/collection/Item', {
            ...auth,
            collectionIdx,
            filterStatus: [ItemStatusFilter.Buy, ItemStatusFilter.Auction],
            orderType: ItemOrder.Newest,
            pageNo: 1,
            pageSize: PAGE_SIZES.collectionItems,
          })
        ).list ?? [],
    }),
  collectionTraits: (collectionIdx: number) =>
    queryOptions({
      queryKey: itemKeys.collectionTraits(collectionIdx),
      queryFn: async () => (await apiQuery('/nft/info/collection/traits', { collectionIdx })).list ?? [],
    }),
  owners: (productIdx: number) =>
    infiniteQueryOptions({
      queryKey: itemKeys.owners(productIdx),
      initialPageParam: 1,
      queryFn: ({ pageParam }) =>
        apiQuery('/nft/inventory/list/owner', { productIdx, pageNo: pageParam, pageSize: OWNERS_PAGE_SIZE }),
      getNextPageParam: (last) =>
        last.page && last.page.pageNo < last.page.pageCount ? last.page.pageNo + 1 : undefined,
    }),
  /** The first owner (the holder of a single item: its owner link). */
  firstOwner: (productIdx: number) =>
    queryOptions({
      queryKey: itemKeys.firstOwner(productIdx),
      queryFn: async () =>
        (await apiQuery('/nft/inventory/list/owner', { productIdx, pageNo: 1, pageSize: 1 })).list?.[0] ?? null,
    }),
  trading: (productId: number) =>
    queryOptions({
      queryKey: itemKeys.trading(productId),
      queryFn: async () => (await apiQuery('/nft/trading/list', { productId })).list ?? [],
    }),
  chain: (productId: number) =>
    queryOptions({
      queryKey: itemKeys.chain(productId),
      queryFn: async () => (await apiQuery('/nft/info/chain', { productId })).data!,
      staleTime: 10 * 60_000,
    }),
  other: (productIdx: number, auth: Auth) =>
    queryOptions({
      queryKey: itemKeys.other(productIdx, memberOf(auth)),
      queryFn: async () => (await apiQuery('/nft/info/collection/otherItem', { ...auth, productIdx })).list ?? [],
    }),
  /** The unlockable content (creator and holders only): fetched when asked, never kept longer than needed. */
  unlock: (productId: number, auth: { id: string; ticket: string } | null) =>
    queryOptions({
      queryKey: itemKeys.unlock(productId, auth?.id ?? null),
      queryFn: async () =>
        (await apiQuery('/nft/unlock', { id: auth!.id, ticketId: auth!.ticket, productId })).data!.unlockedContent,
      enabled: auth !== null,
      retry: false,
    }),
  curation: () =>
    queryOptions({
      queryKey: itemKeys.curation(),
      queryFn: async (): Promise<CurationSection[]> => (await apiQuery('/nft/curation/all', {})).list ?? [],
      staleTime: 10_000,
    }),
};

/** The member's id and ticket as request fields, or nothing for a visitor. */
export function useAuthFields(): Auth {
  const { id, ticket } = useSession();
  return id && ticket ? { id, ticketId: ticket } : {};
}

export const useItemDetail = (productId: number | null) => useQuery(itemQueries.detail(productId, useAuthFields()));
/** The collection home tab's "recently registered" slider: up to 100 shown items, newest first. */
export const useRecentItems = (collectionIdx: number) => useQuery(itemQueries.recent(collectionIdx, useAuthFields()));
/** The collection home tab's "on sale" slider: shown items for sale now or at auction (status filters 1 and 2), newest first. */
export const useOnSaleItems = (collectionIdx: number) => useQuery(itemQueries.onSale(collectionIdx, useAuthFields()));
export const useItemOwners = (productIdx: number) => useInfiniteQuery(itemQueries.owners(productIdx));
export const useFirstOwner = (productIdx: number) => useQuery(itemQueries.firstOwner(productIdx));
export const useTradingStats = (productId: number) => useQuery(itemQueries.trading(productId));
export const useChainInfo = (productId: number) => useQuery(itemQueries.chain(productId));
export const useOtherItems = (productIdx: number) => useQuery(itemQueries.other(productIdx, useAuthFields()));

/**
 * After an item write (publish, edit, hide, delete): every item read, the collections (their counts) and the
 * member's info are stale. `refetchActive: false` after a delete, so the deleted item's page does not ask again.
 */
export function refreshItems({ refetchActive = true } = {}) {
  const refetchType = refetchActive ? 'active' : 'none';
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: itemKeys.all, refetchType }),
    refreshCollections({ refetchActive }),
  ]);
}
