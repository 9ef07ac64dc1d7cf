/**
 * Reads of items, under the ['items'] key family (refreshed after any item or collection write). Calls carry the
 * member's id and ticket when signed in, so replies include the caller's counts (the owner menu needs them).
 */
import { type ItemCard, type ItemDetail, ItemOrder, PAGE_SIZES, type RouteRequest } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { ApiError, ensureOk } from '../popups/useApiMutation';

/** The item existed and was deleted (258 with deleteState 1): the page says 'deleted item'. */
export class DeletedItemError extends ApiError {
  constructor() {
    super(258);
  }
}

export interface ItemFilters {
  searchText: string;
  orderType: number;
  filterStatus: number[];
  filterCoin: ('ATT' | 'KLAY')[];
  filterPrice?: number;
  startPrice?: string;
  endPrice?: string;
}

export const defaultFilters: ItemFilters = { searchText: '', orderType: ItemOrder.Newest, filterStatus: [], filterCoin: [] };

function useAuthFields() {
  const { id, ticket } = useSession();
  return id && ticket ? { id, ticketId: ticket } : {};
}

/** The request's optional filters: empty ones are left out. */
function filterFields(f: ItemFilters) {
  return {
    searchText: f.searchText.trim(),
    orderType: f.orderType,
    ...(f.filterStatus.length ? { filterStatus: f.filterStatus } : {}),
    ...(f.filterCoin.length ? { filterCoin: f.filterCoin } : {}),
    ...(f.filterPrice && (f.startPrice || f.endPrice)
      ? { filterPrice: f.filterPrice, startPrice: f.startPrice || undefined, endPrice: f.endPrice || undefined }
      : {}),
  };
}

export function useItemDetail(productId: number | null) {
  const auth = useAuthFields();
  return useQuery({
    queryKey: ['items', 'detail', productId, auth.id ?? null],
    queryFn: async (): Promise<ItemDetail> => {
      const reply = await api('/nft/detail', { ...auth, productId: productId! });
      if (reply.deleteState === 1) throw new DeletedItemError();
      return ensureOk(reply).data!;
    },
    enabled: productId !== null,
    retry: false,
  });
}

/** The collection home tab's "recently registered" slider: up to 100 shown items, newest first. */
export function useRecentItems(collectionIdx: number) {
  const auth = useAuthFields();
  return useQuery({
    queryKey: ['items', 'recent', collectionIdx, auth.id ?? null],
    queryFn: async (): Promise<ItemCard[]> =>
      ensureOk(
        await api('/nft/info/list', { ...auth, collectionIdx, pageNo: 1, pageSize: PAGE_SIZES.recentItems, orderType: ItemOrder.Newest }),
      ).list ?? [],
  });
}

/** All shown items of a collection (AllItem tab, and the on-sale slider with status filters 1 and 2). */
export function useCollectionItems(collectionIdx: number, filters: ItemFilters, enabled = true) {
  const auth = useAuthFields();
  const body: RouteRequest<'/nft/info/collection/Item'> = {
    ...auth,
    collectionIdx,
    ...filterFields(filters),
    pageNo: 1,
    pageSize: PAGE_SIZES.collectionItems,
  };
  return useQuery({
    queryKey: ['items', 'collection', collectionIdx, auth.id ?? null, filters],
    queryFn: async () => {
      const r = ensureOk(await api('/nft/info/collection/Item', body));
      return { list: r.list ?? [], total: r.page?.totalRecordSize ?? r.list?.length ?? 0 };
    },
    enabled,
  });
}

/** Hidden items of a collection (owner only; the Hide tab). */
export function useHiddenItems(collectionIdx: number, filters: ItemFilters, enabled: boolean) {
  const { id, ticket } = useSession();
  return useQuery({
    queryKey: ['items', 'hidden', collectionIdx, id, filters],
    queryFn: async () => {
      const r = ensureOk(
        await api('/nft/info/collection/hideItem', {
          id: id!,
          ticketId: ticket!,
          collectionIdx,
          ...filterFields(filters),
          pageNo: 1,
          pageSize: PAGE_SIZES.collectionItems,
        }),
      );
      return { list: r.list ?? [], total: r.page?.totalRecordSize ?? r.list?.length ?? 0 };
    },
    enabled: enabled && Boolean(id && ticket),
  });
}
