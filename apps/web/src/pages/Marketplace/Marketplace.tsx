/**
 * /Marketplace, /Marketplace/{category} and /Search/{searchText} (spec 2 "Marketplace and search"): the infinite
 * item grid (20 a page) with search, the seven orders (relevance first on search) and the filter panel (a drawer
 * on phones). The category of the path is matched by code or name (Korean or English); an unknown one says so.
 * Filters and order live in the query string (`filter-params.ts`): Back from an item, a reload or a shared link
 * shows the same grid.
 */
import type { Category } from '@att/shared';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { emptyFilters, requestFields } from '../../features/items/browse/browse-filters';
import { useUrlFilters } from '../../features/items/browse/filter-params';
import { useItemPages } from '../../features/items/browse/infinite-items';
import { browseQueryOf, ItemBrowser } from '../../features/items/browse/ItemBrowser';
import { MARKET_ORDER_OPTIONS, SEARCH_ORDER_OPTIONS } from '../../features/items/browse/orders';
import { useCategories } from '../../lib/config';
import { useSession } from '../../lib/session';

export const MARKET_PAGE_SIZE = 20;
/** Phones and small tablets get the filter panel as a drawer. */
const DRAWER_AT = 900;

/** The category a path segment names (code, Korean or English name, any case), or undefined. */
export function categoryFromPath(segment: string | undefined, categories: readonly Category[]): Category | undefined {
  if (!segment) return undefined;
  const s = decodeURIComponent(segment).trim().toLowerCase();
  return categories.find(
    (c) => c.code.toLowerCase() === s || c.name.toLowerCase() === s || c.nameEn.toLowerCase() === s,
  );
}

export function Marketplace() {
  const { category, searchText } = useParams();
  const categories = useCategories();
  const { pathname } = useLocation();
  // Wait for the categories only when the path names one.
  if (category && categories.isPending) return <section className="page" data-testid="marketplace-page" />;
  const initialCategory = categoryFromPath(category, categories.data ?? [])?.idx;
  if (category && categories.isSuccess && initialCategory === undefined) return <UnknownCategory />;
  const text = searchText === undefined ? undefined : searchText.trim();
  return <MarketplaceView key={pathname} searchText={text} initialCategory={initialCategory} />;
}

function UnknownCategory() {
  const { t } = useTranslation('marketplace');
  return (
    <section className="page marketplace-page" data-testid="marketplace-page">
      <div className="empty-state" role="alert" data-testid="marketplace-unknown-category">
        <p>{t('unknownCategory')}</p>
        <Link to="/Marketplace" className="btn btn-outline">
          {t('allItems')}
        </Link>
      </div>
    </section>
  );
}

function MarketplaceView({ searchText, initialCategory }: { searchText?: string; initialCategory?: number }) {
  const { t } = useTranslation('marketplace');
  const navigate = useNavigate();
  const { id, ticket } = useSession();
  const search = searchText !== undefined;
  const orderOptions = search ? SEARCH_ORDER_OPTIONS : MARKET_ORDER_OPTIONS;
  const defaults = useMemo(
    () => ({ ...emptyFilters(search ? 0 : 1, searchText ?? ''), filterCategory: initialCategory }),
    [search, searchText, initialCategory],
  );
  const [filters, setFilters] = useUrlFilters(
    defaults,
    orderOptions.map((o) => o.value),
  );
  useEffect(() => {
    document.title = `${search ? t('searchTitle', { text: searchText }) : t('title')} | ATT NFT`;
  }, [search, searchText, t]);

  const auth = id && ticket ? { id, ticketId: ticket } : {};
  const body = useMemo(() => ({ ...auth, ...requestFields(filters, { search }) }), [filters, search, id, ticket]); // eslint-disable-line react-hooks/exhaustive-deps
  const pages = useItemPages(search ? '/nft/info/searchList' : '/nft/instance/list', body, MARKET_PAGE_SIZE);
  const query = browseQueryOf(pages);
  const orders = orderOptions.map((o) => ({ value: o.value, label: t(`orders.${o.key}`) }));

  return (
    <section className="page marketplace-page" data-testid="marketplace-page">
      <header className="marketplace-head">
        <h1 data-testid="marketplace-title">{search ? t('searchTitle', { text: searchText }) : t('title')}</h1>
        {!search && <p className="muted">{t('intro')}</p>}
      </header>
      <ItemBrowser
        testId="marketplace-browser"
        filters={filters}
        onChange={setFilters}
        orders={orders}
        sections={{ status: true, price: true, itemType: true, category: true }}
        collections={{ kind: 'market' }}
        query={query}
        collapseAt={DRAWER_AT}
        searchBox={{ onSubmit: (q) => navigate(q ? `/Search/${encodeURIComponent(q)}` : '/Marketplace') }}
        empty={
          <>
            <p>{search && filters.searchText ? t('searchEmpty', { text: searchText }) : t('empty')}</p>
            <p className="muted small">{t('emptyHint')}</p>
          </>
        }
      />
    </section>
  );
}
