/**
 * /NftSell/{productId} (spec 3, section 2): without a productId go to /; members only. The fixed-price tab lists
 * the member's free pieces (owned minus on sale minus reserved) with the signed `Listing`; the auction tab (single
 * items only) comes with the next issue and is shown disabled. Someone who holds no piece of the item is told so
 * and goes to the item's page. The member's own live listings of the item are listed below with their cancel.
 */
import type { ItemDetail } from '@att/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { LoadState } from '../../components/ui/LoadState';
import { RequireLogin } from '../../features/auth/RequireLogin';
import { routeIdx } from '../../features/collections/collection-queries';
import { useItemDetail } from '../../features/items/item-queries';
import { popups } from '../../features/popups/popup-store';
import { ensureOk, failureCode, useApiMutation } from '../../features/popups/useApiMutation';
import { ChainCancelPopup, useItemListings, type Withdrawn } from '../../features/trading/SalesList';
import { freeCount } from '../../features/trading/sell-validation';
import { refreshAfterTrade, useTradeEnv } from '../../features/trading/trade-env';
import { groupDigits } from '../../features/wallet/balances';
import { api } from '../../lib/api';
import { useCdn } from '../../lib/config';
import { useSession } from '../../lib/session';
import { formatTokenAmount } from '@att/shared';
import type { Address } from 'viem';
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
  const notOwner = item !== undefined && item.itemCountMine <= 0;
  useEffect(() => {
    if (missing) popups.ok(t('collection:page.wrongAccess'), { onClose: () => navigate('/', { replace: true }) });
  }, [missing, navigate, t]);
  useEffect(() => {
    if (notOwner) popups.ok(t('sell:page.notOwner'), { onClose: () => navigate(`/NftInfo/${productId}`, { replace: true }) });
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
  const thumb = cdn('thumbnail', item.thumbnailFileName) ?? (item.resourceType === 1 ? cdn('resource', item.fileName) : null);
  return (
    <section className="page page-medium sell-page" data-testid="sell-page" data-state="ready" data-free={free}>
      <h1 className="page-title">{t('sell:page.title')}</h1>
      <div className="sell-item card">
        {thumb && <img src={thumb} alt="" className="sell-item-thumb" onError={(e) => (e.currentTarget.hidden = true)} />}
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
      <SaleTabs item={item} />
      <div role="tabpanel" id="sell-panel-fixed" aria-labelledby="sell-tab-fixed" className="tab-panel card">
        <SellForm item={item as ItemDetail} auth={auth} free={free} env={env} seller={address as Address} />
      </div>
      <MyListings productId={productId} auth={auth} seller={address as Address} />
    </section>
  );
}

/** Fixed price is the only tab today; single items also show the auction tab, disabled until the next issue. */
function SaleTabs({ item }: { item: ItemDetail }) {
  const { t } = useTranslation('sell');
  return (
    <>
      <div role="tablist" className="tabs sell-tabs" aria-label={t('page.title')}>
        <button type="button" role="tab" id="sell-tab-fixed" aria-selected="true" aria-controls="sell-panel-fixed" className="tab" data-testid="sell-tab-fixed">
          {t('page.fixedTab')}
        </button>
        {item.itemType === 2 && (
          <button type="button" role="tab" aria-selected="false" aria-disabled="true" aria-describedby="sell-auction-note" className="tab" data-testid="sell-tab-auction" disabled>
            {t('page.auctionTab')}
          </button>
        )}
      </div>
      {item.itemType === 2 && (
        <p id="sell-auction-note" className="muted small sell-auction-note">
          {t('page.auctionSoon')}
        </p>
      )}
    </>
  );
}

/**
 * The member's live listings of this item, each with its cancel: withdrawn at once by the server, then the
 * on-chain cancel of the signed listing is offered (the item page's popup, `ChainCancelPopup`).
 */
function MyListings({ productId, auth, seller }: { productId: number; auth: Auth; seller: Address }) {
  const { t, i18n } = useTranslation('sell');
  const listings = useItemListings(productId);
  const mine = (listings.data ?? []).filter((l) => l.sellerAddress.toLowerCase() === seller.toLowerCase());
  const [withdrawn, setWithdrawn] = useState<Withdrawn | null>(null);
  const cancel = useApiMutation(
    async (instanceId: number) => ensureOk(await api('/nft/cancel/sale', { id: auth.id, ticketId: auth.ticket, instanceId })).data!,
    {
      onSuccess: (data) => {
        void refreshAfterTrade();
        setWithdrawn({ listing: data.listing, market: data.market });
      },
    },
  );
  const askCancel = (instanceId: number) =>
    popups.confirm(t('listings.confirmCancel'), () => cancel.run(instanceId), { title: t('listings.cancelTitle'), confirmLabel: t('listings.cancel') });
  const locale = i18n.language === 'ko' ? 'ko-KR' : 'en-US';
  return (
    <section className="sell-listings card" aria-labelledby="sell-listings-title" data-testid="sell-listings" data-count={listings.data ? mine.length : undefined}>
      <h2 id="sell-listings-title" className="panel-title">
        {t('listings.title')}
      </h2>
      {listings.isPending || listings.isError ? (
        <LoadState
          loading={listings.isPending}
          error={listings.isError}
          loadingText={t('page.loading')}
          errorText={t('listings.loadFailed')}
          retryText={t('page.retry')}
          onRetry={() => void listings.refetch()}
        />
      ) : mine.length === 0 ? (
        <p className="muted" data-testid="sell-listings-empty">
          {t('listings.empty')}
        </p>
      ) : (
        <table className="sell-table">
          <thead>
            <tr>
              <th scope="col">{t('listings.price')}</th>
              <th scope="col">{t('listings.quantity')}</th>
              <th scope="col">{t('listings.expiry')}</th>
              <th scope="col">{t('listings.action')}</th>
            </tr>
          </thead>
          <tbody>
            {mine.map((l) => (
              <tr key={l.instanceId} data-testid="sell-listing-row" data-instance-id={l.instanceId}>
                <td data-label={t('listings.price')}>
                  {groupDigits(formatTokenAmount(BigInt(l.priceAmount)))} {l.priceSymbol}
                  {l.currencyPrice && <span className="muted small"> (${groupDigits(l.currencyPrice)})</span>}
                </td>
                <td data-label={t('listings.quantity')}>{l.remainCount.toLocaleString(locale)}</td>
                <td data-label={t('listings.expiry')}>
                  <time dateTime={l.expireDate}>{new Date(l.expireDate).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })}</time>
                </td>
                <td>
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    data-testid="sell-cancel"
                    disabled={cancel.busy}
                    aria-busy={cancel.busy}
                    onClick={() => askCancel(l.instanceId)}
                  >
                    {t('listings.cancel')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {withdrawn && <ChainCancelPopup withdrawn={withdrawn} onClose={() => setWithdrawn(null)} />}
    </section>
  );
}
