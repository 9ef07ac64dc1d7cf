/**
 * The filter state of an item grid (marketplace, search, profile tabs): what the panel edits, what the chips show
 * and what the request carries. Pure functions, so the chip and reset rules are tested without a browser.
 */
import { type TokenSymbol, type TraitFilter } from '@att/shared';
import type { PriceFilter } from '@att/shared';

export type Coin = TokenSymbol;
type PriceType = (typeof PriceFilter)[keyof typeof PriceFilter];

export interface BrowseFilters {
  searchText: string;
  orderType: number;
  filterStatus: number[];
  /** 1 USD, 2 ATT, 3 KLAY; with at least one bound. */
  price?: { type: PriceType; start?: string; end?: string };
  /** Chosen collections with their names (the chips show the names). */
  collections: { idx: number; name: string }[];
  filterCoin: Coin[];
  filterItemType?: number;
  filterCategory?: number;
  /** A collection grid's trait filter: per type the chosen values (any of them), every type together. */
  traits?: TraitFilter;
}

export const emptyFilters = (orderType = 1, searchText = ''): BrowseFilters => ({
  searchText,
  orderType,
  filterStatus: [],
  collections: [],
  filterCoin: [],
});

export type Chip =
  | { kind: 'search'; key: string }
  | { kind: 'status'; key: string; value: number }
  | { kind: 'price'; key: string }
  | { kind: 'collection'; key: string; value: number; name: string }
  | { kind: 'coin'; key: string; value: Coin }
  | { kind: 'itemType'; key: string; value: number }
  | { kind: 'category'; key: string; value: number }
  | { kind: 'trait'; key: string; traitType: string; value: string };

/** Every active filter as a removable chip, in panel order. `withSearch`: the search text is a chip too. */
export function chipsOf(f: BrowseFilters, withSearch = false): Chip[] {
  const chips: Chip[] = [];
  if (withSearch && f.searchText.trim()) chips.push({ kind: 'search', key: 'search' });
  for (const s of [...f.filterStatus].sort()) chips.push({ kind: 'status', key: `status-${s}`, value: s });
  if (f.price && (f.price.start || f.price.end)) chips.push({ kind: 'price', key: 'price' });
  for (const c of f.collections)
    chips.push({ kind: 'collection', key: `collection-${c.idx}`, value: c.idx, name: c.name });
  for (const c of f.filterCoin) chips.push({ kind: 'coin', key: `coin-${c}`, value: c });
  if (f.filterItemType) chips.push({ kind: 'itemType', key: `itemType-${f.filterItemType}`, value: f.filterItemType });
  if (f.filterCategory) chips.push({ kind: 'category', key: `category-${f.filterCategory}`, value: f.filterCategory });
  for (const tr of f.traits ?? [])
    for (const v of tr.values)
      chips.push({ kind: 'trait', key: `trait-${tr.traitType}-${v}`, traitType: tr.traitType, value: v });
  return chips;
}

/** The filters without the chip's filter. */
export function removeChip(f: BrowseFilters, chip: Chip): BrowseFilters {
  switch (chip.kind) {
    case 'search':
      return { ...f, searchText: '' };
    case 'status':
      return { ...f, filterStatus: f.filterStatus.filter((s) => s !== chip.value) };
    case 'price':
      return { ...f, price: undefined };
    case 'collection':
      return { ...f, collections: f.collections.filter((c) => c.idx !== chip.value) };
    case 'coin':
      return { ...f, filterCoin: f.filterCoin.filter((c) => c !== chip.value) };
    case 'itemType':
      return { ...f, filterItemType: undefined };
    case 'category':
      return { ...f, filterCategory: undefined };
    case 'trait':
      return { ...f, traits: toggleTrait(f.traits ?? [], chip.traitType, chip.value) };
  }
}

/** The trait filter with `value` of `traitType` chosen or, when it was, left out (a type without values goes). */
export function toggleTrait(traits: TraitFilter, traitType: string, value: string): TraitFilter {
  const at = traits.findIndex((x) => x.traitType === traitType);
  if (at < 0) return [...traits, { traitType, values: [value] }];
  const values = toggle(traits[at]!.values, value);
  return values.length === 0
    ? traits.filter((_, i) => i !== at)
    : traits.map((x, i) => (i === at ? { traitType, values } : x));
}

/** Reset: every filter off; the order and (unless asked) the search text stay. */
export function resetFilters(f: BrowseFilters, keepSearch = true): BrowseFilters {
  return emptyFilters(f.orderType, keepSearch ? f.searchText : '');
}

export const toggle = <T>(list: readonly T[], v: T): T[] =>
  list.includes(v) ? list.filter((x) => x !== v) : [...list, v];

/** Digits and one dot, at most 18 decimals (what the server accepts). */
export function decimalInput(s: string): string {
  const cleaned = s.replace(/[^0-9.]/g, '').replace(/(\..*)\./g, '$1');
  const [w = '', d] = cleaned.split('.');
  return d === undefined ? w.slice(0, 30) : `${w.slice(0, 30)}.${d.slice(0, 18)}`;
}

/** A bound as the server wants it ("1." -> "1", "" -> undefined). */
const bound = (s?: string) => {
  const v = s?.replace(/\.$/, '');
  return v ? v : undefined;
};

/** The request fields of the filters: empty ones left out. */
export function requestFields(f: BrowseFilters, opts: { search?: boolean } = {}) {
  const start = bound(f.price?.start);
  const end = bound(f.price?.end);
  return {
    ...(opts.search !== false && f.searchText.trim() ? { searchText: f.searchText.trim() } : {}),
    orderType: f.orderType,
    ...(f.filterStatus.length ? { filterStatus: [...f.filterStatus].sort() } : {}),
    ...(f.price && (start || end)
      ? { filterPrice: f.price.type, ...(start ? { startPrice: start } : {}), ...(end ? { endPrice: end } : {}) }
      : {}),
    ...(f.collections.length ? { filterCollection: f.collections.map((c) => c.idx) } : {}),
    ...(f.filterCoin.length ? { filterCoin: f.filterCoin } : {}),
    ...(f.filterItemType ? { filterItemType: f.filterItemType } : {}),
    ...(f.filterCategory ? { filterCategory: f.filterCategory } : {}),
    ...(f.traits?.length ? { traits: f.traits } : {}),
  };
}
