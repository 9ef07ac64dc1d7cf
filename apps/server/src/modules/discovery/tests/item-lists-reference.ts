/** The brute-force reference of the item grids: filter + sort in TypeScript over a plain scan of the catalogue rows. */
import { NEW_ITEM_DAYS } from '@att/shared';
import { collectionIds, holdings, liked, now, rows, USD, WEI, type Member, type Row } from './item-lists-catalogue';

interface Filters {
  searchText?: string;
  filterStatus?: number[];
  filterPrice?: number;
  startPrice?: string;
  endPrice?: string;
  filterCollection?: number[];
  filterCoin?: ('ATT' | 'KLAY')[];
  filterItemType?: number;
  filterCategory?: number;
  orderType?: number;
}

const scaled = (s: string) => {
  const [w, f = ''] = s.split('.');
  return BigInt(w!) * WEI + BigInt((f + '0'.repeat(18)).slice(0, 18) || '0');
};

function priceOk(r: Row, f: Filters): boolean {
  if (f.startPrice === undefined && f.endPrice === undefined) return true;
  if (r.price === null || r.symbol === null) return false;
  const lo = f.startPrice === undefined ? undefined : scaled(f.startPrice);
  const hi = f.endPrice === undefined ? undefined : scaled(f.endPrice);
  if (f.filterPrice === 1) {
    // USD value * 10^36 = amount * usdPrice(scaled 10^18); the range scaled by 10^18 * 10^18.
    const v = r.price * scaled(USD[r.symbol]);
    return (lo === undefined || v >= lo * WEI) && (hi === undefined || v <= hi * WEI);
  }
  const coin = f.filterPrice === 3 ? 'KLAY' : 'ATT';
  return r.symbol === coin && (lo === undefined || r.price >= lo) && (hi === undefined || r.price <= hi);
}

type Scope =
  | { kind: 'market' }
  | { kind: 'collection'; collectionIdx: number; hidden: number }
  | { kind: 'owned' | 'liked' | 'hidden'; member: Member };

function inScope(r: Row, s: Scope): boolean {
  if (r.deleted || r.collectionDeleted) return false;
  const held = (m: Member, hide: number) =>
    holdings.some((h) => h.item === r.id && h.address === m.address && h.amount > 0 && h.hide === hide);
  switch (s.kind) {
    case 'market':
      return r.hide === 0;
    case 'collection':
      return r.collectionIdx === s.collectionIdx && r.hide === s.hidden;
    case 'owned':
      return held(s.member, 0) && !(r.creatorIdx === s.member.memberIdx && r.hide === 1);
    case 'liked':
      return r.hide === 0 && (liked.get(s.member.memberIdx)?.has(r.id) ?? false);
    case 'hidden':
      return (r.creatorIdx === s.member.memberIdx && r.hide === 1) || held(s.member, 1);
  }
}

const MARKET_SORT: Record<number, (a: Row, b: Row) => number> = {
  1: (a, b) => b.id - a.id,
  2: (a, b) => b.likes - a.likes || b.id - a.id,
  3: (a, b) => (a.expires ?? Infinity) - (b.expires ?? Infinity) || b.id - a.id,
  4: (a, b) => b.views - a.views || b.id - a.id,
  5: (a, b) => a.id - b.id,
  6: (a, b) => b.bids - a.bids || b.id - a.id,
  7: (a, b) => a.bids - b.bids || b.id - a.id,
};
/** Collection/profile orders 1-4 as marketplace orders. */
const LIST_AS_MARKET: Record<number, number> = { 1: 1, 2: 2, 3: 4, 4: 5 };

export function reference(scope: Scope, f: Filters, marketOrders: boolean): number[] {
  const newSince = now - NEW_ITEM_DAYS * 86_400_000;
  const words = (f.searchText ?? '').trim().split(/\s+/).filter(Boolean);
  const out = rows.filter((r) => {
    if (!inScope(r, scope)) return false;
    if (f.filterStatus?.length) {
      const any =
        (f.filterStatus.includes(1) && r.saleType === 1) ||
        (f.filterStatus.includes(2) && r.saleType === 2) ||
        (f.filterStatus.includes(3) && r.createdAt >= newSince) ||
        (f.filterStatus.includes(4) && r.offers > 0);
      if (!any) return false;
    }
    if (!priceOk(r, f)) return false;
    if (f.filterCollection?.length && !f.filterCollection.includes(r.collectionIdx)) return false;
    if (f.filterCoin?.length && (r.symbol === null || !f.filterCoin.includes(r.symbol))) return false;
    if (f.filterItemType === 1 && r.supply <= 1) return false;
    if (f.filterItemType === 2 && r.supply !== 1) return false;
    if (f.filterCategory && r.category !== f.filterCategory) return false;
    for (const w of words) {
      const lw = w.toLowerCase();
      if (!r.name.toLowerCase().includes(lw) && !r.collectionName.toLowerCase().includes(lw)) return false;
    }
    return true;
  });
  const order = marketOrders ? (f.orderType ?? 1) : LIST_AS_MARKET[f.orderType ?? 1]!;
  return out.sort(MARKET_SORT[order]).map((r) => r.id);
}

export function randomFilters(
  rand: () => number,
  opts: { market: boolean; category: boolean; itemType: boolean },
): Filters {
  const f: Filters = {};
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  if (rand() < 0.35) f.filterStatus = [1, 2, 3, 4].filter(() => rand() < 0.45);
  if (rand() < 0.35) {
    f.filterPrice = pick([1, 2, 3]);
    const a = pick(['0', '0.5', '1', '3', '10.25', '50', '120', '999']);
    const b = pick(['0.001', '2', '11', '75.5', '300', '5000']);
    if (rand() < 0.8) f.startPrice = a;
    if (rand() < 0.8 || f.startPrice === undefined) f.endPrice = b;
  }
  if (rand() < 0.25) f.filterCollection = collectionIds.filter(() => rand() < 0.4);
  if (rand() < 0.25) f.filterCoin = (['ATT', 'KLAY'] as const).filter(() => rand() < 0.6);
  if (opts.itemType && rand() < 0.25) f.filterItemType = pick([1, 2]);
  if (opts.category && rand() < 0.3) f.filterCategory = 1 + Math.floor(rand() * 8);
  if (rand() < 0.3)
    f.searchText = pick(['고양', '강아지', '별', 'cat', 'TIGER', '도시 sky', 'Pixel', '전통', 'zzz', '#1']);
  f.orderType = opts.market ? 1 + Math.floor(rand() * 7) : 1 + Math.floor(rand() * 4);
  return f;
}
