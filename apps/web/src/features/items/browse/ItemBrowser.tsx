/**
 * An item grid with its controls: optional search box (Enter), order dropdown, the filter panel (a side column on
 * wide screens, a drawer at or below `collapseAt` px; the width is read with a 300 ms resize debounce), the
 * removable chips with a reset, and the grid with loading, empty, error and "loading more" states. The caller
 * owns the filters and the query (marketplace/search page, profile tabs, the collection page's AllItem and Hide tabs).
 */
import type { CollectionTraitType, ItemCard as Item } from '@att/shared';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Drawer } from '../../../components/ui/Drawer';
import { SearchIcon } from '../../../components/ui/icons';
import { LoadState } from '../../../components/ui/LoadState';
import { ItemCard } from '../ItemCard';
import type { BrowseFilters } from './browse-filters';
import { FilterChips } from './FilterChips';
import type { CollectionSource } from '../../collections';
import { FilterPanel, type PanelSections } from './FilterPanel';
import { useLoadAtBottom } from './infinite-items';

export const RESIZE_DEBOUNCE_MS = 300;

/** The window width, updated 300 ms after the last resize. */
export function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => setWidth(window.innerWidth), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      if (timer !== undefined) clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return width;
}

export interface BrowseQuery {
  items: Item[];
  total: number | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetching: boolean;
  fetchNextPage: () => unknown;
  pages: number;
}

export interface OrderOption {
  value: number;
  label: string;
}

export function ItemBrowser({
  filters,
  onChange,
  orders,
  sections,
  collections,
  traits,
  gridAction,
  query,
  collapseAt,
  searchBox,
  chipSearch = false,
  empty,
  testId,
}: {
  filters: BrowseFilters;
  onChange: (f: BrowseFilters) => void;
  orders: OrderOption[];
  sections: PanelSections;
  /** The panel's collection list; none on a collection's own grid. */
  collections?: CollectionSource;
  /** A collection's trait types (its own grid): the panel's trait section. */
  traits?: CollectionTraitType[];
  /** Shown above the grid, under the chips (a collection's trait offer on the chosen traits). */
  gridAction?: ReactNode;
  query: BrowseQuery;
  collapseAt: number;
  /** Search box submitting on Enter (to the filters, or elsewhere when `onSubmit` is given). */
  searchBox?: { onSubmit?: (text: string) => void; placeholder?: string };
  chipSearch?: boolean;
  empty: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('marketplace');
  const width = useWindowWidth();
  const narrow = width <= collapseAt;
  const [drawer, setDrawer] = useState(false);
  const [sideOpen, setSideOpen] = useState(true);
  const [text, setText] = useState(filters.searchText);
  const ids = { search: useId(), order: useId() };
  const sentinel = useRef<HTMLDivElement>(null);
  useLoadAtBottom(sentinel, query);
  useEffect(() => setText(filters.searchText), [filters.searchText]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (searchBox?.onSubmit) searchBox.onSubmit(q);
    else onChange({ ...filters, searchText: q });
  };
  const panel = (
    <FilterPanel value={filters} onChange={onChange} sections={sections} collections={collections} traits={traits} />
  );

  return (
    <div className={`browse ${!narrow && sideOpen ? 'browse-with-side' : ''}`} data-testid={testId}>
      <div className="browse-toolbar">
        <button
          type="button"
          className="btn btn-outline"
          aria-expanded={narrow ? drawer : sideOpen}
          data-testid="filters-toggle"
          onClick={() => (narrow ? setDrawer(true) : setSideOpen((o) => !o))}
        >
          {t('filters')}
        </button>
        {searchBox && (
          <form role="search" className="search-box browse-search" onSubmit={submit}>
            <label htmlFor={ids.search} className="sr-only">
              {t('search')}
            </label>
            <SearchIcon size={18} />
            <input
              id={ids.search}
              type="search"
              enterKeyHint="search"
              value={text}
              placeholder={searchBox.placeholder ?? t('searchPlaceholder')}
              data-testid="browse-search"
              onChange={(e) => setText(e.target.value)}
            />
          </form>
        )}
        <label htmlFor={ids.order} className="sr-only">
          {t('order')}
        </label>
        <select
          id={ids.order}
          className="filters-order"
          value={filters.orderType}
          data-testid="browse-order"
          onChange={(e) => onChange({ ...filters, orderType: Number(e.target.value) })}
        >
          {orders.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {/* There from the first paint (a line that appears with the results would push the grid down). */}
        <div className="muted small browse-count" aria-live="polite">
          {query.total !== undefined && <p data-testid="browse-count">{t('resultCount', { count: query.total })}</p>}
        </div>
      </div>
      <div className="browse-body">
        {!narrow && sideOpen && <aside className="browse-side card">{panel}</aside>}
        <div className="browse-main">
          <FilterChips value={filters} onChange={onChange} withSearch={chipSearch} />
          {gridAction}
          {/* The cards' names are h3: the grid gets its h2, so headings go page -> grid -> card. */}
          <h2 className="sr-only">{t('gridHeading')}</h2>
          {query.items.length > 0 ? (
            <ul className="item-grid" data-testid="browse-grid" data-count={query.items.length}>
              {query.items.map((item) => (
                <li key={item.productId}>
                  <ItemCard item={item} />
                </li>
              ))}
            </ul>
          ) : !query.isPending && !query.isError ? (
            <div className="empty-state" data-testid="browse-empty">
              {empty}
            </div>
          ) : query.isPending ? (
            <GridSkeleton label={t('loading')} />
          ) : (
            <LoadState
              loading={query.isPending}
              error={query.isError}
              loadingText={t('loading')}
              errorText={t('loadFailed')}
              retryText={t('retry')}
              onRetry={() => void query.refetch()}
            />
          )}
          <div ref={sentinel} className="browse-sentinel" aria-hidden="true" />
          {query.isFetchingNextPage && (
            <p className="muted small browse-more" role="status" data-testid="browse-loading-more">
              {t('loadingMore')}
            </p>
          )}
          {query.isError && query.items.length > 0 && (
            <p className="browse-more" role="alert">
              {t('loadFailed')}{' '}
              <button type="button" className="link-button" onClick={() => void query.fetchNextPage()}>
                {t('retry')}
              </button>
            </p>
          )}
        </div>
      </div>
      {narrow && drawer && (
        <Drawer label={t('filtersTitle')} side="left" onClose={() => setDrawer(false)} testId="filters-drawer">
          <div className="drawer-header">
            <h2>{t('filtersTitle')}</h2>
          </div>
          <div className="drawer-body">{panel}</div>
          <div className="drawer-foot">
            <button
              type="button"
              className="btn btn-primary"
              data-testid="filters-drawer-close"
              onClick={() => setDrawer(false)}
            >
              {t('showResults')}
              {query.total !== undefined ? ` (${query.total})` : ''}
            </button>
          </div>
        </Drawer>
      )}
    </div>
  );
}

/** Cards the grid's first page takes on a phone: two columns, four rows. */
const SKELETON_CARDS = 8;

/** The grid while its first page loads: cards with a loaded card's box, so the results replace them in place. */
function GridSkeleton({ label }: { label: string }) {
  const bar = <span className="skeleton skeleton-text">{'\u00a0'}</span>;
  return (
    <div data-testid="loading" role="status" aria-busy="true">
      <span className="sr-only">{label}</span>
      <ul className="item-grid" aria-hidden="true">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <li key={i}>
            <div className="item-card item-card-skeleton" data-testid="item-card-skeleton">
              <span className="item-card-media skeleton" />
              <div className="item-card-body">
                <p className="item-card-collection small">{bar}</p>
                <p className="item-card-name">{bar}</p>
                <p className="item-card-meta small">{bar}</p>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The BrowseQuery of an infinite query. */
export function browseQueryOf(
  q: Omit<BrowseQuery, 'items' | 'total' | 'pages'> & { data?: { pages: { list: Item[]; total: number }[] } },
): BrowseQuery {
  const pages = q.data?.pages ?? [];
  // A page boundary can repeat an item when the catalogue changed in between: show each once.
  const seen = new Set<number>();
  const items = pages
    .flatMap((p) => p.list)
    .filter((i) => (seen.has(i.productId) ? false : (seen.add(i.productId), true)));
  return {
    items,
    total: pages.at(-1)?.total,
    isPending: q.isPending,
    isError: q.isError,
    refetch: q.refetch,
    hasNextPage: q.hasNextPage,
    isFetchingNextPage: q.isFetchingNextPage,
    isFetching: q.isFetching,
    fetchNextPage: q.fetchNextPage,
    pages: pages.length,
  };
}
