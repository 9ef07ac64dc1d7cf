/**
 * `/nft/instance/purchase/pending`: the caller's own open reservations of an item's listings (purchases they left
 * at the wallet step), each with the validator's `Buy` over it again (the same fields, so the same Buy: a local key,
 * no network), so their wallet can void it with `voidBuy` and the indexer frees the pieces at once. Only the
 * caller's own: the Buy names them as its buyer, and only they can send `voidBuy` (or `buyNft`) with it.
 */
import type { PendingPurchaseRow } from '@att/shared';
import type { Address, Hex } from 'viem';
import type { Uses } from '../../platform/deps';
import type { AuthedMember } from '../../platform/http/auth';
import type { TradingChain } from './market-chain';
import { openReservationsOnItem } from './order-book';

export async function pendingPurchases(
  deps: Uses<'db' | 'now'>,
  chain: TradingChain,
  member: AuthedMember,
  productId: number,
): Promise<PendingPurchaseRow[]> {
  const buyer = member.address.toLowerCase() as Address;
  const rows = await openReservationsOnItem(deps.db, productId, buyer, deps.now());
  return Promise.all(
    rows.map(async (r) => {
      const reservation = {
        buyer,
        amount: BigInt(r.amount),
        id: BigInt(r.reservation_id),
        expiry: BigInt(Math.floor(new Date(r.expires_at).getTime() / 1000)),
      };
      const listingHash = (r.listing_hash as Hex).toLowerCase() as Hex;
      return {
        instanceId: Number(r.listing_idx),
        psdId: String(r.reservation_id),
        psdExpired: new Date(r.expires_at).toISOString(),
        market: chain.market.toLowerCase(),
        listingHash,
        reservation: {
          buyer,
          amount: String(reservation.amount),
          id: String(reservation.id),
          expiry: String(reservation.expiry),
        },
        signResult: await chain.sign('Buy', { listingHash, ...reservation }),
      };
    }),
  );
}
