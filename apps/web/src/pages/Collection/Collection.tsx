/**
 * The collection pages (spec 2, "Collection pages"):
 * /Collection/{idx} home tab (recently registered, up to 100, and on-sale sliders), /Collection/AllItem/{idx}
 * (/nft/info/collection/Item) and /Collection/Hide/{idx} (/nft/info/collection/hideItem; owner only, others go to
 * the home tab): the shared item grid of the marketplace (search box, the four collection orders, the filter panel
 * with status, price and coin (no coin on the Hide tab, as its call has none) and, on AllItem, the collection's
 * traits and a trait offer on the chosen ones; removable chips with a reset, infinite scroll 20 a page; the filters kept in the query string).
 * A bad idx goes to /; a missing collection shows "잘못된 접근 입니다." and goes to /.
 * Links: /Transactional/{idx}; for the owner also /CollectionModify/{idx}, /MyProfile/Loyalty/{idx}, /NftPublish.
 * The report popup (collection report type 1) is open to every visitor but the owner (logged-out ones sign in first).
 */
import { type Collection as CollectionData, ITEM_LIST_PAGE, ItemOrder, WatchKind } from '@att/shared';
import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, NavLink, useNavigate, useParams } from 'react-router';
import { LoadState } from '../../components/ui/LoadState';
import { routeIdx, useCollectionInfo } from '../../features/collections/collection-queries';
import { chipsOf, emptyFilters, requestFields } from '../../features/items/browse/browse-filters';
import { useUrlFilters } from '../../features/items/browse/filter-params';
import { useItemPages } from '../../features/items/browse/infinite-items';
import { browseQueryOf, ItemBrowser } from '../../features/items/browse/ItemBrowser';
import { COLLECTION_ORDER_OPTIONS } from '../../features/items/browse/orders';
import { itemQueries, useOnSaleItems, useRecentItems } from '../../features/items/item-queries';
import { useQuery } from '@tanstack/react-query';
import { popups } from '../../features/popups/popup-store';
import { failureCode } from '../../lib/api';
import { ReportButton } from '../../features/social/ReportPopup';
import { FollowButton } from '../../features/watchlist';
import { useCdn } from '../../lib/config';
import { useSession } from '../../lib/session';
import { ItemSlider } from '../../features/items/ItemSlider';
import { SweepPanel } from '../../features/trade';
import { CollectionOfferBest } from '../../features/trade/collection-offer/CollectionOfferBest';
import { TraitOfferButton } from '../../features/trade/collection-offer/TraitOfferButton';
import { CollectionCharts } from './CollectionCharts';
import { floorFigure, volumeFigure } from './collection-figures';
import { MemberLink } from '../../components/ui/MemberName';

/** The infinite grid's page, as on the marketplace (spec 2, section 9). */
export const COLLECTION_PAGE_SIZE = ITEM_LIST_PAGE.market;
/** Phones and small tablets get the filter panel as a drawer (as on the marketplace). */
const DRAWER_AT = 900;

type Tab = 'home' | 'all' | 'hidden';

export function Collection() {
  const params = useParams();
  const tabName = params.tabName;
  const idx = routeIdx(params.idx);
  if (idx === null) return <Navigate to="/" replace />;
  if (tabName !== undefined && tabName !== 'AllItem' && tabName !== 'Hide')
    return <Navigate to={`/Collection/${idx}`} replace />;
  const tab: Tab = tabName === 'AllItem' ? 'all' : tabName === 'Hide' ? 'hidden' : 'home';
  return <CollectionPage idx={idx} tab={tab} key={idx} />;
}

function CollectionPage({ idx, tab }: { idx: number; tab: Tab }) {
  const { t } = useTranslation('collection');
  const navigate = useNavigate();
  const session = useSession();
  const info = useCollectionInfo(idx);
  const missing = info.isError && failureCode(info.error) === 254;

  useEffect(() => {
    if (missing) popups.ok(t('page.wrongAccess'), { onClose: () => navigate('/', { replace: true }) });
  }, [missing, navigate, t]);

  const c = info.data;
  const isOwner = Boolean(c && session.id && session.ticket && c.memberId === session.id);
  if (tab === 'hidden' && (!session.id || !session.ticket || (c && !isOwner)))
    return <Navigate to={`/Collection/${idx}`} replace />;

  if (!c) {
    return (
      <section className="page">
        <LoadState
          loading={info.isPending}
          error={info.isError && !missing}
          loadingText={t('page.loading')}
          errorText={t('page.loadFailed')}
          retryText={t('page.retry')}
          onRetry={() => void info.refetch()}
        />
      </section>
    );
  }
  return (
    <div className="collection-page" data-testid="collection-page" data-collection-idx={idx}>
      <CollectionHeader c={c} isOwner={isOwner} />
      <section className="page collection-body">
        <nav className="tabs" aria-label={t('page.tabs')}>
          <NavLink end to={`/Collection/${idx}`} className="tab" data-testid="collection-tab-home">
            {t('page.home')}
          </NavLink>
          <NavLink to={`/Collection/AllItem/${idx}`} className="tab" data-testid="collection-tab-all">
            {t('page.allItems')}
          </NavLink>
          {isOwner && (
            <NavLink to={`/Collection/Hide/${idx}`} className="tab" data-testid="collection-tab-hidden">
              {t('page.hidden')}
            </NavLink>
          )}
        </nav>
        {tab === 'home' && <HomeTab idx={idx} />}
        {tab === 'all' && <ListTab idx={idx} hidden={false} collectionName={c.collectionName} />}
        {tab === 'hidden' && <ListTab idx={idx} hidden collectionName={c.collectionName} />}
      </section>
    </div>
  );
}

function CollectionHeader({ c, isOwner }: { c: CollectionData; isOwner: boolean }) {
  const { t } = useTranslation('collection');
  const cdn = useCdn();
  const banner = cdn('banner', c.banner);
  const stats: { key: string; label: string; value: string; detail?: string }[] = [
    { key: 'items', label: t('page.items'), value: (c.stats?.itemCount ?? c.itemCount).toLocaleString() },
    { key: 'owners', label: t('page.owners'), value: (c.stats?.ownerCount ?? c.ownerCount).toLocaleString() },
    { key: 'floor', label: t('page.floor'), ...floorFigure(c) },
    { key: 'volume', label: t('page.volume'), ...volumeFigure(c) },
    { key: 'royalty', label: t('page.royalty'), value: `${c.royalty}%` },
  ];
  return (
    <header className="collection-header">
      <div
        className="collection-banner"
        style={banner ? { backgroundImage: `url("${banner}")` } : undefined}
        aria-hidden="true"
      />
      <div className="collection-head-inner">
        <img className="collection-logo" src={cdn('logo', c.logo) ?? ''} alt="" width={120} height={120} />
        <div className="collection-title-row">
          <div>
            <h1 className="collection-name" data-testid="collection-name">
              {c.collectionName}
            </h1>
            <p className="muted">
              {t('page.by')} <MemberLink name={c.memberId} />
            </p>
          </div>
          <div className="collection-actions">
            <FollowButton kind={WatchKind.Collection} targetIdx={c.collectionIdx} />
            <Link
              to={`/Transactional/${c.collectionIdx}`}
              className="btn btn-outline"
              data-testid="collection-transactions"
            >
              {t('page.transactions')}
            </Link>
            {!isOwner && <ReportButton target={{ type: 1, targetIdx: c.collectionIdx }} testId="collection-report" />}
            {isOwner && (
              <>
                <Link
                  to={`/CollectionModify/${c.collectionIdx}`}
                  className="btn btn-outline"
                  data-testid="collection-edit"
                >
                  {t('page.edit')}
                </Link>
                <Link
                  to={`/MyProfile/Loyalty/${c.collectionIdx}`}
                  className="btn btn-outline"
                  data-testid="collection-loyalty"
                >
                  {t('page.loyalty')}
                </Link>
                <Link
                  to={`/NftPublish?collectionIdx=${c.collectionIdx}`}
                  className="btn btn-primary"
                  data-testid="collection-publish"
                >
                  {t('page.publish')}
                </Link>
              </>
            )}
          </div>
        </div>
        {c.description && <p className="collection-description">{c.description}</p>}
        <dl className="collection-stats">
          {stats.map((s) => (
            <div key={s.key}>
              <dt>{s.label}</dt>
              <dd data-testid={`collection-stat-${s.key}`}>
                {s.value}
                {s.detail && <span className="collection-stat-detail">{s.detail}</span>}
              </dd>
            </div>
          ))}
        </dl>
        <CollectionOfferBest collection={c} />
      </div>
    </header>
  );
}

function HomeTab({ idx }: { idx: number }) {
  const { t } = useTranslation('collection');
  const recent = useRecentItems(idx);
  const onSale = useOnSaleItems(idx);
  return (
    <div className="collection-home">
      <section aria-labelledby="recent-title">
        <h2 className="section-title" id="recent-title">
          {t('page.recent')}
        </h2>
        <ListState query={recent} empty={t('page.emptyRecent')} />
        {recent.data && recent.data.length > 0 && (
          <ItemSlider items={recent.data} label={t('page.recent')} testId="collection-recent" />
        )}
      </section>
      <section aria-labelledby="on-sale-title">
        <h2 className="section-title" id="on-sale-title">
          {t('page.onSale')}
        </h2>
        <ListState query={onSale} empty={t('page.emptyOnSale')} />
        {onSale.data && onSale.data.length > 0 && (
          <ItemSlider items={onSale.data} label={t('page.onSale')} testId="collection-on-sale" />
        )}
      </section>
      <Suspense fallback={null}>
        <SweepPanel collectionIdx={idx} />
      </Suspense>
      <CollectionCharts idx={idx} />
    </div>
  );
}

/**
 * The AllItem and Hide tabs: the shared item grid on the collection's own list call; on AllItem, once trait values
 * are chosen, "이 특성에 제안하기" makes a trait offer on them.
 */
function ListTab({ idx, hidden, collectionName }: { idx: number; hidden: boolean; collectionName: string }) {
  const { t } = useTranslation('collection');
  const { t: tm } = useTranslation('marketplace');
  const { id, ticket } = useSession();
  const defaults = useMemo(() => emptyFilters(ItemOrder.Newest), []);
  const [filters, setFilters] = useUrlFilters(
    defaults,
    COLLECTION_ORDER_OPTIONS.map((o) => o.value),
  );
  const traits = useQuery({ ...itemQueries.collectionTraits(idx), enabled: !hidden });
  const body = useMemo(() => {
    // The hidden list's call has no coin filter (spec 2, section 7).
    const fields = requestFields(hidden ? { ...filters, filterCoin: [] } : filters);
    const auth = id && ticket ? { id, ticketId: ticket } : {};
    return { ...auth, collectionIdx: idx, ...fields };
  }, [filters, hidden, idx, id, ticket]);
  const pages = useItemPages(
    hidden ? '/nft/info/collection/hideItem' : '/nft/info/collection/Item',
    body as never,
    COLLECTION_PAGE_SIZE,
    { enabled: !hidden || Boolean(id && ticket) },
  );
  const filtered = chipsOf(filters, true).length > 0;
  return (
    <ItemBrowser
      testId={hidden ? 'collection-hidden-items' : 'collection-all-items'}
      filters={filters}
      onChange={setFilters}
      orders={COLLECTION_ORDER_OPTIONS.map((o) => ({ value: o.value, label: tm(`orders.${o.key}`) }))}
      sections={{ status: true, price: true, coin: !hidden }}
      traits={hidden ? undefined : traits.data}
      gridAction={
        hidden ? undefined : (
          <TraitOfferButton collection={{ collectionIdx: idx, collectionName }} traits={filters.traits ?? []} />
        )
      }
      query={browseQueryOf(pages)}
      collapseAt={DRAWER_AT}
      searchBox={{ placeholder: t('page.searchPlaceholder') }}
      chipSearch
      empty={<p>{filtered ? t('page.emptyAll') : t(hidden ? 'page.emptyHidden' : 'page.emptyRecent')}</p>}
    />
  );
}

function ListState({
  query,
  empty,
}: {
  query: { isPending: boolean; isError: boolean; data?: unknown[]; refetch: () => unknown };
  empty: string;
}) {
  const { t } = useTranslation('collection');
  if (query.data && query.data.length === 0) {
    return (
      <p className="empty-inline muted" data-testid="list-empty">
        {empty}
      </p>
    );
  }
  return (
    <LoadState
      loading={query.isPending}
      error={query.isError}
      loadingText={t('page.loading')}
      errorText={t('page.loadFailed')}
      retryText={t('page.retry')}
      onRetry={() => void query.refetch()}
    />
  );
}
