/**
 * /NftSell/{productId} (spec 3, section 2): without a productId go to /; members only. The fixed-price tab lists
 * the member's free pieces (owned minus on sale minus reserved) with the signed `Listing`; the auction tab (single
 * items only; multi-edition items have the fixed-price tab alone) registers an English auction on chain. Someone
 * who holds no piece of the item is told so and goes to the item's page. The member's own live listings of the item are listed below with their cancel.
 */
import { type ItemDetail, ItemType, ResourceType } from '@att/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import type { Address } from 'viem';
import { LoadState } from '../../components/ui/LoadState';
import { TabBar } from '../../components/ui/TabBar';
import { RequireLogin } from '../../features/auth';
import { routeIdx } from '../../features/collections';
import { useItemDetail } from '../../features/items/item-queries';
import { popups } from '../../features/popups';
import { useTradeEnv } from '../../features/trade/core/trade-env';
import { freeCount } from '../../features/trade/sell/sell-validation';
import { failureCode } from '../../lib/api';
import { useCdn } from '../../lib/config';
import { useSession } from '../../lib/session';
import { AuctionForm } from './AuctionForm';
import { MyListings } from './MyListings';
import { SellForm } from './SellForm';
import './sell.css';

export function NftSell() {
  const productId = routeIdx(useParams().productId);
  if (productId === null) return <Navigate to="/" replace />;
  return <RequireLogin>{(auth) => <Body productId={productId} auth={auth} key={productId} />}</RequireLogin>;
}

type Auth = { id: string; ticket: string };

function Body({ productId, auth }: { productId: number; auth: Auth }) {
  const { t } = useTranslation(['sell', 'collection']);
  const navigate = useNavigate();
  const cdn = useCdn();
  const { address } = useSession();
  const env = useTradeEnv();
  const detail = useItemDetail(productId);
  const item = detail.data;
  const missing = detail.isError && failureCode(detail.error) === 258;
  // Decided by the first load only: once a sale starts, the refreshed item can show no piece of the member's (an
  // auctioned piece sits in the Market's escrow), and the page must stay to show the sale's steps and its end.
  const firstMine = useRef<number | undefined>(undefined);
  if (item !== undefined && firstMine.current === undefined) firstMine.current = item.itemCountMine;
  const notOwner = firstMine.current !== undefined && firstMine.current <= 0;
  const [tab, setTab] = useState<SaleTab>('fixed');
  useEffect(() => {
    if (missing) popups.ok(t('collection:page.wrongAccess'), { onClose: () => navigate('/', { replace: true }) });
  }, [missing, navigate, t]);
  useEffect(() => {
    if (notOwner)
      popups.ok(t('sell:page.notOwner'), { onClose: () => navigate(`/NftInfo/${productId}`, { replace: true }) });
  }, [notOwner, navigate, productId, t]);

  if (!item || notOwner || !address) {
    return (
      <section className="page page-medium" data-testid="sell-page" data-state={detail.isError ? 'error' : 'loading'}>
        <h1 className="page-title">{t('sell:page.title')}</h1>
        <LoadState
          loading={!detail.isError && !notOwner}
          error={detail.isError && !missing}
          loadingText={t('sell:page.loading')}
          errorText={t('sell:page.loadFailed')}
          retryText={t('sell:page.retry')}
          onRetry={() => void detail.refetch()}
        />
      </section>
    );
  }
  const free = freeCount(item);
  const thumb =
    cdn('thumbnail', item.thumbnailFileName) ??
    (item.resourceType === ResourceType.Image ? cdn('resource', item.fileName) : null);
  return (
    <section className="page page-medium sell-page" data-testid="sell-page" data-state="ready" data-free={free}>
      <h1 className="page-title">{t('sell:page.title')}</h1>
      <div className="sell-item card">
        {thumb && (
          <img src={thumb} alt="" className="sell-item-thumb" onError={(e) => (e.currentTarget.hidden = true)} />
        )}
        <div>
          <p className="muted small">
            <Link to={`/Collection/${item.collectionIdx}`}>{item.collectionName}</Link>
          </p>
          <p className="sell-item-name">
            <Link to={`/NftInfo/${item.productId}`} data-testid="sell-item-link">
              {item.name}
            </Link>
          </p>
        </div>
      </div>
      <SaleTabs item={item} tab={tab} onTab={setTab} />
      <div
        role="tabpanel"
        id="sell-panel"
        aria-labelledby={`sell-tab-${tab}`}
        className="tab-panel card"
        data-tab={tab}
      >
        {tab === 'fixed' ? (
          <SellForm item={item as ItemDetail} auth={auth} free={free} env={env} seller={address as Address} />
        ) : free > 0 ? (
          <AuctionForm item={item as ItemDetail} auth={auth} env={env} seller={address as Address} />
        ) : (
          <p className="empty-state" role="status" data-testid="sell-no-free">
            {t('sell:form.noFree')}
          </p>
        )}
      </div>
      <MyListings productId={productId} seller={address as Address} />
    </section>
  );
}

type SaleTab = 'fixed' | 'auction';

/** Fixed price, and for single items the auction (spec 3: multi-edition items have only the fixed-price tab). Arrow keys, Home and End move between tabs. */
function SaleTabs({ item, tab, onTab }: { item: ItemDetail; tab: SaleTab; onTab: (tab: SaleTab) => void }) {
  const { t } = useTranslation('sell');
  const tabs: SaleTab[] = item.itemType === ItemType.Single ? ['fixed', 'auction'] : ['fixed'];
  return (
    <TabBar
      tabs={tabs}
      active={tab}
      onSelect={onTab}
      label={t('page.title')}
      className="tabs sell-tabs"
      tabId={(key) => `sell-tab-${key}`}
      panelId={() => 'sell-panel'}
      testId={(key) => `sell-tab-${key}`}
    >
      {(key) => t(key === 'fixed' ? 'page.fixedTab' : 'page.auctionTab')}
    </TabBar>
  );
}
