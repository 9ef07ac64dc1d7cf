/**
 * What a cart's purchase came to, per coin: the orders sent in one `buyNfts` against the `NftBought` events of its
 * receipt (each names the reservation id it filled), plus what the server could not reserve. An order sent and not
 * filled was sold, cancelled or expired between the reservation and the transaction; in KLAY its price came back in
 * the same transaction (`refund`).
 */
import { isNativeToken, type CartPurchaseData } from '@att/shared';

export type CartSkipReason = { kind: 'server'; returnCode: number } | { kind: 'chain' };

export interface CartOutcome {
  symbol: CartPurchaseData['symbol'];
  bought: { instanceId: number; totalPrice: string }[];
  skipped: { instanceId: number; reason: CartSkipReason }[];
  /** KLAY sent and returned unspent (wei); '0' in a token (only what was bought was drawn). */
  refund: string;
  /** What the bought orders cost (wei). */
  spent: string;
}

/** `boughtIds`: the reservation ids of the receipt's `NftBought` events (decimal strings). */
export function cartOutcome(data: CartPurchaseData, boughtIds: readonly string[] | null): CartOutcome {
  const filled = new Set(boughtIds ?? []);
  const bought = data.orders.filter((o) => filled.has(o.reservation.id));
  const notFilled = data.orders.filter((o) => !filled.has(o.reservation.id));
  const sum = (os: typeof data.orders) => os.reduce((s, o) => s + BigInt(o.totalPrice), 0n);
  return {
    symbol: data.symbol,
    bought: bought.map((o) => ({ instanceId: o.instanceId, totalPrice: o.totalPrice })),
    skipped: [
      ...data.skipped.map((s) => ({
        instanceId: s.instanceId,
        reason: { kind: 'server', returnCode: s.returnCode } as const,
      })),
      ...notFilled.map((o) => ({ instanceId: o.instanceId, reason: { kind: 'chain' } as const })),
    ],
    refund: isNativeToken(data.symbol) && boughtIds ? sum(notFilled).toString() : '0',
    spent: sum(bought).toString(),
  };
}
