/**
 * Reads of items, under the ['items'] key family (refreshed after any item or collection write). Calls carry the
 * member's id and ticket when signed in, so replies include the caller's counts (the owner menu needs them).
 */
import { type ItemCard, type ItemDetail, ItemOrder, ItemStatusFilter, PAGE_SIZES } from '@att/shared';
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

function useAuthFields() {
  const { id, ticket } = useSession();
  return id && ticket ? { id, ticketId: ticket } : {};
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

/** The collection home tab's "on sale" slider: shown items for sale now or at auction (status filters 1 and 2), newest first. */
export function useOnSaleItems(collectionIdx: number) {
  const auth = useAuthFields();
  return useQuery({
    queryKey: ['items', 'on-sale', collectionIdx, auth.id ?? null],
    queryFn: async (): Promise<ItemCard[]> =>
      ensureOk(
        await api('/nft/info/collection/Item', {
          ...auth,
          collectionIdx,
          filterStatus: [ItemStatusFilter.Buy, ItemStatusFilter.Auction],
          orderType: ItemOrder.Newest,
          pageNo: 1,
          pageSize: PAGE_SIZES.collectionItems,
        }),
      ).list ?? [],
  });
}
