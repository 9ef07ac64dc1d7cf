import { formatTokenAmount, type ItemListingRow, SaleType } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address } from 'viem';
import { LoadState } from '../../components/ui/LoadState';
import { popups } from '../../features/popups';
import { CancelAuctionPopup } from '../../features/trade/auction/AuctionChainPopup';
import { ChainCancelPopup } from '../../features/trade/sell/ChainCancelPopup';
import { useCancelListing } from '../../features/trade/sell/useCancelListing';
import { tradeQueries } from '../../features/trade/trade-queries';
import { groupDigits } from '../../lib/format';
import { UsdEstimate } from '../../components/ui/UsdEstimate';

/**
 * The member's live listings of this item, each with its cancel: withdrawn at once by the server, then the
 * on-chain cancel of the signed listing is offered (the item page's popup, `ChainCancelPopup`). The member's
 * live auction is cancelled on chain (`CancelAuctionPopup`: every bid refunded).
 */
export function MyListings({ productId, seller }: { productId: number; seller: Address }) {
  const { t, i18n } = useTranslation(['sell', 'trade']);
  const listings = useQuery(tradeQueries.listings(productId));
  const mine = (listings.data ?? []).filter((l) => l.sellerAddress.toLowerCase() === seller.toLowerCase());
  const { cancel, withdrawn, setWithdrawn } = useCancelListing(productId);
  const [cancellingAuction, setCancellingAuction] = useState<ItemListingRow | null>(null);
  const askCancel = (instanceId: number) =>
    popups.confirm(t('listings.confirmCancel'), () => cancel.run(instanceId), {
      title: t('listings.cancelTitle'),
      confirmLabel: t('listings.cancel'),
    });
  const locale = i18n.language === 'ko' ? 'ko-KR' : 'en-US';
  return (
    <section
      className="sell-listings card"
      aria-labelledby="sell-listings-title"
      data-testid="sell-listings"
      data-count={listings.data ? mine.length : undefined}
    >
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
                  {l.currencyPrice && (
                    <span className="muted small">
                      {' '}
                      (<UsdEstimate usd={l.currencyPrice} />)
                    </span>
                  )}
                </td>
                <td data-label={t('listings.quantity')}>{l.remainCount.toLocaleString(locale)}</td>
                <td data-label={t('listings.expiry')}>
                  <time dateTime={l.expireDate}>
                    {new Date(l.expireDate).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })}
                  </time>
                </td>
                <td>
                  {l.saleType === SaleType.Auction ? (
                    <button
                      type="button"
                      className="btn btn-outline btn-sm"
                      data-testid="sell-cancel-auction"
                      onClick={() => setCancellingAuction(l)}
                    >
                      {t('trade:auction.cancel')}
                    </button>
                  ) : (
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
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {cancellingAuction && (
        <CancelAuctionPopup
          productId={productId}
          auction={cancellingAuction}
          onClose={() => setCancellingAuction(null)}
        />
      )}
      {withdrawn && <ChainCancelPopup withdrawn={withdrawn} productId={productId} onClose={() => setWithdrawn(null)} />}
    </section>
  );
}
