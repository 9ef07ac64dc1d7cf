import type { ListingMessage } from '@att/shared';
import { useState } from 'react';
import { api, ensureOk, useApiMutation } from '../../../lib/api';
import { useMember } from '../core/trade-env';
import { refreshAfterTrade } from '../core/trade-refresh';

/** A listing the server withdrew: the signed listing the seller may still cancel on chain. */
export interface Withdrawn {
  listing: ListingMessage;
  market: string;
}

/**
 * The seller's cancel of a listing (the item page's sales list and the sell page): /nft/cancel/sale withdraws it
 * from the order book at once; then `withdrawn` holds what the on-chain cancel needs (`ChainCancelPopup`).
 */
export function useCancelListing(productId: number) {
  const member = useMember();
  const [withdrawn, setWithdrawn] = useState<Withdrawn | null>(null);
  const cancel = useApiMutation(
    async (instanceId: number) =>
      ensureOk(await api('/nft/cancel/sale', { id: member!.id, ticketId: member!.ticketId, instanceId })).data!,
    {
      onSuccess: (data) => {
        void refreshAfterTrade('cancel', { productId, address: member?.address });
        setWithdrawn({ listing: data.listing, market: data.market });
      },
    },
  );
  return { cancel, withdrawn, setWithdrawn };
}
