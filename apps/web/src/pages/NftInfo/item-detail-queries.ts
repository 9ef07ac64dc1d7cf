/**
 * Reads of the item detail page beyond /nft/detail, under the ['items'] key family (so any item write refreshes
 * them): owners, price history, chain info, other items of the collection, and the item's live listings.
 */
import { OWNERS_PAGE_SIZE } from '@att/shared';
import { type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ensureOk } from '../../features/popups/useApiMutation';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

export const itemKeys = {
  owners: (id: number) => ['items', 'owners', id] as const,
  trading: (id: number) => ['items', 'trading', id] as const,
  chain: (id: number) => ['items', 'chain', id] as const,
  other: (id: number) => ['items', 'other', id] as const,
  listings: (id: number) => ['items', 'listings', id] as const,
};

export function useItemOwners(productIdx: number) {
  return useInfiniteQuery({
    queryKey: itemKeys.owners(productIdx),
    initialPageParam: 1,
    queryFn: async ({ pageParam }) => ensureOk(await api('/nft/inventory/list/owner', { productIdx, pageNo: pageParam, pageSize: OWNERS_PAGE_SIZE })),
    getNextPageParam: (last) => (last.page && last.page.pageNo < last.page.pageCount ? last.page.pageNo + 1 : undefined),
  });
}

/** The first owner (the holder of a single item: its owner link). */
export function useFirstOwner(productIdx: number) {
  return useQuery({
    queryKey: [...itemKeys.owners(productIdx), 'first'],
    queryFn: async () => ensureOk(await api('/nft/inventory/list/owner', { productIdx, pageNo: 1, pageSize: 1 })).list?.[0] ?? null,
  });
}

export function useTradingStats(productId: number) {
  return useQuery({
    queryKey: itemKeys.trading(productId),
    queryFn: async () => ensureOk(await api('/nft/trading/list', { productId })).list ?? [],
  });
}

export function useChainInfo(productId: number) {
  return useQuery({
    queryKey: itemKeys.chain(productId),
    queryFn: async () => ensureOk(await api('/nft/info/chain', { productId })).data!,
    staleTime: 10 * 60_000,
  });
}

export function useOtherItems(productIdx: number) {
  const { id, ticket } = useSession();
  const auth = id && ticket ? { id, ticketId: ticket } : {};
  return useQuery({
    queryKey: [...itemKeys.other(productIdx), id ?? null],
    queryFn: async () => ensureOk(await api('/nft/info/collection/otherItem', { ...auth, productIdx })).list ?? [],
  });
}

/** The item's live fixed-price listings, cheapest first (the countdown runs to the first one's expiry). */
export function useItemListings(productId: number) {
  return useQuery({
    queryKey: itemKeys.listings(productId),
    queryFn: async () => ensureOk(await api('/nft/instance/list/item', { productId })).list ?? [],
  });
}

/** Reloads everything the page shows of the item (refresh button, countdown at zero). */
export function refreshItem(client: QueryClient, productId: number) {
  return Promise.all([
    client.invalidateQueries({ queryKey: ['items', 'detail', productId] }),
    client.invalidateQueries({ queryKey: itemKeys.owners(productId) }),
    client.invalidateQueries({ queryKey: itemKeys.trading(productId) }),
    client.invalidateQueries({ queryKey: itemKeys.listings(productId) }),
    client.invalidateQueries({ queryKey: ['history'] }),
    client.invalidateQueries({ queryKey: ['social', 'likers', productId] }),
  ]);
}
