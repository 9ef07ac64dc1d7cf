/** Token balance rows of the wallet panel: amounts and USD floored to 4 decimals, exact (no floats). */
import { formatTokenAmount, sumUsd, type TokenInfo, type TokenSymbol, usdValue } from '@att/shared';
import type { BalanceEntry } from '../../lib/session';

export const TOKEN_ICONS: Record<TokenSymbol, string> = { KLAY: '/tokens/klay.svg', ATT: '/tokens/att.svg' };

export function priceOf(prices: readonly TokenInfo[] | undefined, symbol: TokenSymbol): string {
  return prices?.find((p) => p.symbol === symbol)?.price ?? '0';
}

/** New rows in the user's order, from raw wei balances and USD prices. */
export function buildBalances(
  order: readonly BalanceEntry[],
  raw: Record<TokenSymbol, bigint>,
  prices: readonly TokenInfo[] | undefined,
): BalanceEntry[] {
  return order.map((entry) => {
    const wei = raw[entry.name];
    return {
      ...entry,
      icon: TOKEN_ICONS[entry.name],
      balance: wei.toString(),
      usd: usdValue(wei, priceOf(prices, entry.name)),
    };
  });
}

/** The amount to show: wei floored to 4 decimals. */
export function displayAmount(entry: BalanceEntry): string {
  try {
    return formatTokenAmount(BigInt(entry.balance));
  } catch {
    return '0';
  }
}

export function totalUsd(entries: readonly BalanceEntry[]): string {
  return sumUsd(entries.map((e) => e.usd));
}

/** Moves the row at `index` by `delta` (-1 up, +1 down); out-of-range moves return the list unchanged. */
export function moveEntry<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item as T);
  return next;
}
