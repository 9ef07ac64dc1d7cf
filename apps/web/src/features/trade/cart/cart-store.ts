/**
 * The cart: fixed-price listings a member put aside, kept in the browser per wallet (`localStorage`, one key per
 * address: switching wallets switches carts; another tab's change is followed through the `storage` event). At most
 * CART_MAX_LISTINGS listings per coin (one `buyNfts` each); a listing is in a cart once.
 */
import { CART_MAX_LISTINGS, type SaleSymbol } from '@att/shared';
import { useCallback, useSyncExternalStore } from 'react';

export interface CartLine {
  instanceId: number;
  productId: number;
  name: string;
  /** Price of one piece, wei. */
  priceAmount: string;
  priceSymbol: SaleSymbol;
  quantity: number;
  sellerAddress: string;
}

const PREFIX = 'att.cart.';
export const cartKey = (address: string) => `${PREFIX}${address.toLowerCase()}`;

function isLine(v: unknown): v is CartLine {
  const l = v as CartLine;
  return (
    typeof l === 'object' &&
    l !== null &&
    Number.isInteger(l.instanceId) &&
    Number.isInteger(l.productId) &&
    typeof l.name === 'string' &&
    /^\d{1,78}$/.test(l.priceAmount) &&
    typeof l.priceSymbol === 'string' &&
    Number.isInteger(l.quantity) &&
    l.quantity > 0 &&
    typeof l.sellerAddress === 'string'
  );
}

/** The wallet's cart as stored (anything unreadable counts as empty). */
export function readCart(storage: Pick<Storage, 'getItem'>, address: string): CartLine[] {
  try {
    const v: unknown = JSON.parse(storage.getItem(cartKey(address)) ?? '[]');
    return Array.isArray(v) ? v.filter(isLine) : [];
  } catch {
    return [];
  }
}

export function writeCart(storage: Pick<Storage, 'setItem' | 'removeItem'>, address: string, lines: CartLine[]) {
  if (lines.length === 0) storage.removeItem(cartKey(address));
  else storage.setItem(cartKey(address), JSON.stringify(lines));
}

export type AddResult = 'added' | 'already' | 'full';

/** The cart with `line` added (once; refused past CART_MAX_LISTINGS of its coin). */
export function addLine(lines: readonly CartLine[], line: CartLine): { lines: CartLine[]; result: AddResult } {
  if (lines.some((l) => l.instanceId === line.instanceId)) return { lines: [...lines], result: 'already' };
  if (lines.filter((l) => l.priceSymbol === line.priceSymbol).length >= CART_MAX_LISTINGS)
    return { lines: [...lines], result: 'full' };
  return { lines: [...lines, line], result: 'added' };
}

export const removeLines = (lines: readonly CartLine[], ids: readonly number[]) =>
  lines.filter((l) => !ids.includes(l.instanceId));

/** The cart per coin, in the order coins first appear: its lines and what they cost in all (wei). */
export function cartByCoin(lines: readonly CartLine[]): { symbol: SaleSymbol; lines: CartLine[]; total: string }[] {
  const out = new Map<SaleSymbol, CartLine[]>();
  for (const l of lines) out.set(l.priceSymbol, [...(out.get(l.priceSymbol) ?? []), l]);
  return [...out].map(([symbol, ls]) => ({
    symbol,
    lines: ls,
    total: ls.reduce((s, l) => s + BigInt(l.priceAmount) * BigInt(l.quantity), 0n).toString(),
  }));
}

const listeners = new Set<() => void>();
const snapshots = new Map<string, { raw: string | null; lines: CartLine[] }>();
const notify = () => listeners.forEach((l) => l());

function snapshot(address: string | null): CartLine[] {
  if (!address) return EMPTY;
  const raw = localStorage.getItem(cartKey(address));
  const cached = snapshots.get(address);
  if (cached && cached.raw === raw) return cached.lines;
  const lines = readCart(localStorage, address);
  snapshots.set(address, { raw, lines });
  return lines;
}
const EMPTY: CartLine[] = [];

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith(PREFIX)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The cart of `address` (none: empty) and its changes. */
export function useCart(address: string | null) {
  const lines = useSyncExternalStore(subscribe, () => snapshot(address));
  const update = useCallback(
    (change: (lines: CartLine[]) => CartLine[]) => {
      if (!address) return;
      writeCart(localStorage, address, change(readCart(localStorage, address)));
      notify();
    },
    [address],
  );
  const add = useCallback(
    (line: CartLine): AddResult => {
      let result: AddResult = 'already';
      update((ls) => {
        const r = addLine(ls, line);
        result = r.result;
        return r.lines;
      });
      return result;
    },
    [update],
  );
  const remove = useCallback((ids: readonly number[]) => update((ls) => removeLines(ls, ids)), [update]);
  return { lines, add, remove };
}
