/**
 * An item grid's filters and order in the page's query string, so Back from an item, a reload and a shared link
 * bring back the same grid (`/Marketplace?status=1,2&coin=KLAY&order=2`; a collection's traits as
 * `trait=<type>:<value>`, each part URI-encoded). Only what differs from the page's
 * defaults is written; what cannot be read (an unknown status, a malformed price) is left out, never guessed.
 */
import { ItemStatusFilter, ItemType, isTokenSymbol, PriceFilter, type TraitFilter } from '@att/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type BrowseFilters, type Coin, decimalInput, toggleTrait } from './browse-filters';

const STATUSES = new Set<number>(Object.values(ItemStatusFilter));
const PRICE_TYPES = new Set<number>(Object.values(PriceFilter));
const ITEM_TYPES = new Set<number>(Object.values(ItemType));

const positiveInt = (s: string | null): number | undefined =>
  s && /^\d{1,9}$/.test(s) && Number(s) > 0 ? Number(s) : undefined;
const list = (s: string | null) => (s ? s.split(',') : []);
const unique = <T>(xs: T[]) => [...new Set(xs)];
/** Chooses a value (a repeated one stays chosen once). */
const toggleTraitOn = (traits: TraitFilter, type: string, value: string) =>
  traits.some((x) => x.traitType === type && x.values.includes(value)) ? traits : toggleTrait(traits, type, value);

/** The query of `f`: what differs from `defaults`. */
export function filtersToParams(f: BrowseFilters, defaults: BrowseFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.searchText !== defaults.searchText) p.set('q', f.searchText);
  if (f.orderType !== defaults.orderType) p.set('order', String(f.orderType));
  if (f.filterStatus.length) p.set('status', [...f.filterStatus].sort().join(','));
  if (f.price && (f.price.start || f.price.end)) {
    p.set('price', String(f.price.type));
    if (f.price.start) p.set('min', f.price.start);
    if (f.price.end) p.set('max', f.price.end);
  }
  for (const c of f.collections) p.append('collection', `${c.idx}:${c.name}`);
  if (f.filterCoin.length) p.set('coin', f.filterCoin.join(','));
  if (f.filterItemType) p.set('type', String(f.filterItemType));
  if (f.filterCategory !== defaults.filterCategory) p.set('category', String(f.filterCategory ?? 0));
  for (const tr of f.traits ?? [])
    for (const v of tr.values) p.append('trait', `${encodeURIComponent(tr.traitType)}:${encodeURIComponent(v)}`);
  return p;
}

/** The filters a query asks for, on top of `defaults`. `orders`: the order values this grid offers. */
export function filtersFromParams(
  p: URLSearchParams,
  defaults: BrowseFilters,
  orders: readonly number[],
): BrowseFilters {
  const order = Number(p.get('order'));
  const priceType = positiveInt(p.get('price'));
  const start = decimalInput(p.get('min') ?? '') || undefined;
  const end = decimalInput(p.get('max') ?? '') || undefined;
  const itemType = positiveInt(p.get('type'));
  const collections = p.getAll('collection').flatMap((v) => {
    const at = v.indexOf(':');
    const idx = positiveInt(at < 0 ? v : v.slice(0, at));
    return idx ? [{ idx, name: at < 0 ? String(idx) : v.slice(at + 1) }] : [];
  });
  let traits: TraitFilter = [];
  for (const v of p.getAll('trait')) {
    const [type, value, ...rest] = v.split(':');
    try {
      if (type && value !== undefined && rest.length === 0)
        traits = toggleTraitOn(traits, decodeURIComponent(type), decodeURIComponent(value));
    } catch {
      // A malformed escape: left out.
    }
  }
  return {
    ...defaults,
    ...(traits.length ? { traits } : {}),
    searchText: p.has('q') ? (p.get('q') ?? '') : defaults.searchText,
    orderType: p.has('order') && orders.includes(order) ? order : defaults.orderType,
    filterStatus: unique(list(p.get('status')).map(Number)).filter((s) => STATUSES.has(s)),
    price:
      priceType && PRICE_TYPES.has(priceType) && (start || end)
        ? { type: priceType as NonNullable<BrowseFilters['price']>['type'], start, end }
        : undefined,
    collections: collections.filter((c, i) => collections.findIndex((x) => x.idx === c.idx) === i),
    filterCoin: unique(list(p.get('coin')).filter(isTokenSymbol)) as Coin[],
    filterItemType: itemType && ITEM_TYPES.has(itemType) ? itemType : undefined,
    filterCategory: p.has('category') ? positiveInt(p.get('category')) : defaults.filterCategory,
  };
}

/**
 * The grid's filters, kept in the query string (replacing the entry: Back leaves the grid, it does not step
 * through every filter change). A navigation that changes the query from outside (a link to the plain page)
 * is followed.
 *
 * The query the hook last saw is kept apart from the filters it last chose: a navigation is a transition that
 * may wait (a loader, a grid suspending on the new query), and until it lands the location still holds the old
 * query. Comparing the location with the query last *written* would read that old query back and undo the
 * click (a checkbox that does not stay checked); comparing it with the query last *seen* only follows real
 * changes of the location.
 */
export function useUrlFilters(
  defaults: BrowseFilters,
  orders: readonly number[],
): [BrowseFilters, (f: BrowseFilters) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const [state, setState] = useState(() => ({ filters: filtersFromParams(params, defaults, orders), seen: search }));
  let current = state;
  if (search !== state.seen) {
    current = { filters: filtersFromParams(params, defaults, orders), seen: search };
    setState(current);
  }
  const set = (f: BrowseFilters) => {
    setState((s) => ({ filters: f, seen: s.seen }));
    setParams(filtersToParams(f, defaults).toString(), { replace: true });
  };
  return [current.filters, set];
}
