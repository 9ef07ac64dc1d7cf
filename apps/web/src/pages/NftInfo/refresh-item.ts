import type { QueryClient } from '@tanstack/react-query';
import { historyKeys } from '../../features/history';
import { itemKeys } from '../../features/items';
import { socialKeys } from '../../features/social';
import { tradeKeys } from '../../features/trade/trade-queries';

/** Reloads everything the item page shows of the item (its refresh button, the countdown at zero), an auction's bids too. */
export function refreshItem(client: QueryClient, productId: number) {
  const keys = [
    itemKeys.detail(productId),
    itemKeys.owners(productId),
    itemKeys.trading(productId),
    tradeKeys.listings(productId),
    tradeKeys.allBids(),
    historyKeys.itemTransactions(productId),
    socialKeys.likers(productId),
  ];
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}
