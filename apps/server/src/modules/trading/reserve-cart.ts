/**
 * `/nft/cart/purchase` and `/nft/cart/floor`: a cart of listings in one coin reserved for the caller in one database
 * transaction, each listing by `/nft/instance/purchase`'s own step (`reserveOne`: the buyer's limits, the one
 * conditional UPDATE, a repeat handed its open reservation back), so the web sends the reserved ones in one
 * `buyNfts`; what cannot be reserved comes back with its code instead of failing the cart. The chain reads (block
 * time, whether a reusable Buy is spent) happen before the transaction opens; the buyer's and every listing's locks
 * are taken at once, in the one order (`lockInOrder`), so parallel carts and single purchases cannot overbook.
 */
import { ReturnCode, type CartPurchaseData, type SaleSymbol } from '@att/shared';
import type { Address } from 'viem';
import { isAppError } from '../../platform/http/app-error';
import type { AuthedMember } from '../../platform/http/auth';
import type { TradingChain } from './market-chain';
import { floorListings, lockInOrder } from './order-book';
import {
  RETRY,
  reservedWire,
  reserveOne,
  reuseCandidate,
  type ReserveContext,
  type Reserved,
} from './reserve-purchase';
import { signingNow } from './signing-clock';
import type { Uses } from '../../platform/deps';

type Outcome = { reserved: Reserved } | { skipped: number };

export async function reserveCart(
  deps: Uses<'db' | 'now' | 'config'>,
  chain: TradingChain,
  member: AuthedMember,
  symbol: SaleSymbol,
  orders: readonly { instanceId: number; quantity: number }[],
): Promise<CartPurchaseData> {
  const buyer = member.address.toLowerCase() as Address;
  const ctx: ReserveContext = { deps, chain, buyer, now: await signingNow(deps, chain) };
  const ids = orders.map((o) => String(o.instanceId));
  const candidates = await Promise.all(orders.map((o, i) => reuseCandidate(ctx, ids[i]!, o.quantity)));
  const outcomes = await deps.db.transaction().execute(async (trx) => {
    await lockInOrder(trx, { buyer, listings: ids });
    const coins = new Map(
      (
        await trx.selectFrom('listings').select(['listing_idx', 'symbol']).where('listing_idx', 'in', ids).execute()
      ).map((r) => [String(r.listing_idx), r.symbol]),
    );
    const out: Outcome[] = [];
    for (const [i, o] of orders.entries()) {
      const coin = coins.get(ids[i]!);
      if (coin !== undefined && coin !== symbol) {
        out.push({ skipped: ReturnCode.TokenTypeMismatch });
        continue;
      }
      try {
        const r = await reserveOne(trx, ctx, ids[i]!, o.quantity, candidates[i]!);
        out.push(r === RETRY ? { skipped: ReturnCode.InstanceAwaitingTrade } : { reserved: r });
      } catch (e) {
        if (!isAppError(e)) throw e;
        out.push({ skipped: e.returnCode });
      }
    }
    return out;
  });
  const data: CartPurchaseData = {
    market: chain.market.toLowerCase(),
    symbol,
    orders: [],
    skipped: [],
    totalPrice: '0',
  };
  let total = 0n;
  for (const [i, o] of outcomes.entries()) {
    const { instanceId, quantity } = orders[i]!;
    if ('skipped' in o) {
      data.skipped.push({ instanceId, returnCode: o.skipped });
      continue;
    }
    const wire = reservedWire(o.reserved, buyer, quantity);
    total += BigInt(wire.totalPrice);
    data.orders.push({ instanceId, ...wire });
  }
  data.totalPrice = total.toString();
  return data;
}

/** The floor sweep's candidates: the cheapest listings of a collection that fit (the caller's own left out). */
export async function floorCandidates(
  deps: Uses<'db' | 'now'>,
  member: { address: string } | undefined,
  q: { collectionIdx: number; symbol: SaleSymbol; maxPrice: string; count: number },
) {
  const rows = await floorListings(deps.db, { ...q, now: deps.now(), exclude: member?.address.toLowerCase() });
  return rows.map((r) => ({
    instanceId: Number(r.listing_idx),
    productId: r.item_idx,
    productName: r.name,
    sellerAddress: r.seller_address,
    priceAmount: r.unit_price,
    priceSymbol: q.symbol,
    availableCount: r.available,
  }));
}
