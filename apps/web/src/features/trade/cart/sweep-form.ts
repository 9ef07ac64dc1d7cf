/** The floor sweep's form: a count of 1..CART_MAX_LISTINGS and a top price per piece (a decimal of the coin). */
import {
  CART_MAX_LISTINGS,
  type CartFloorRow,
  isDecimal,
  MAX_FIXED_PRICE_WEI,
  parseDecimal,
  type SaleSymbol,
} from '@att/shared';
import type { CartLine } from './cart-store';

export interface SweepForm {
  count: string;
  maxPrice: string;
  symbol: SaleSymbol;
}

export type SweepProblem = 'sweep.countProblem' | 'sweep.priceProblem' | null;

export function sweepProblem(f: SweepForm): SweepProblem {
  const n = Number(f.count);
  if (!/^\d+$/.test(f.count) || n < 1 || n > CART_MAX_LISTINGS) return 'sweep.countProblem';
  if (!isDecimal(f.maxPrice) || parseDecimal(f.maxPrice) <= 0n) return 'sweep.priceProblem';
  return null;
}

/** The floor read of a valid form (the top price in wei, at most the highest price a listing can have). */
export function sweepRequest(f: SweepForm, collectionIdx: number) {
  const price = parseDecimal(f.maxPrice);
  return {
    collectionIdx,
    symbol: f.symbol,
    maxPrice: (price > MAX_FIXED_PRICE_WEI ? MAX_FIXED_PRICE_WEI : price).toString(),
    count: Number(f.count),
  };
}

/** The sweep as a cart: one piece of each listing found. */
export const sweepLines = (rows: readonly CartFloorRow[]): CartLine[] =>
  rows.map((r) => ({
    instanceId: r.instanceId,
    productId: r.productId,
    name: r.productName,
    priceAmount: r.priceAmount,
    priceSymbol: r.priceSymbol,
    quantity: 1,
    sellerAddress: r.sellerAddress,
  }));
