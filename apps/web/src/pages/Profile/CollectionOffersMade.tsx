/**
 * The own profile's Offers tab, offers made: the member's collection offers beside their item offers (every state,
 * newest first, 10 a page): collection (with a trait offer's traits), price per piece, pieces, pieces left, expiry, state, and cancel for a live
 * one (valid with pieces left: the buyer's own `cancelCollectionOffer`, the lists read again once done).
 */
import { type CollectionOfferRow, OfferState, PAGINATOR_GROUP } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadState } from '../../components/ui/LoadState';
import { Pagination } from '../../components/ui/Pagination';
import { useMember } from '../../features/trade/core/trade-env';
import { OfferTraits } from '../../features/trade/collection-offer/OfferTraits';
import { CancelOfferPopup } from '../../features/trade/offer/CancelOfferPopup';
import { OfferExpiry } from '../../features/trade/offer/OfferExpiry';
import { tradeQueries } from '../../features/trade/trade-queries';
import { formatPrice } from '../../lib/format';

const STATES = ['0', '1', '2', '3', '4', '5'] as const;

export function CollectionOffersMade() {
  const { t, i18n } = useTranslation(['offer', 'profile']);
  const member = useMember();
  const [pageNo, setPageNo] = useState(1);
  const [cancel, setCancel] = useState<CollectionOfferRow | null>(null);
  const offers = useQuery(tradeQueries.memberCollectionOffers(member, pageNo));
  const rows = offers.data?.list ?? [];
  const page = offers.data?.page;
  const state = (n: number) => {
    const key = STATES.find((s) => s === String(n));
    return key ? t(`offer:states.${key}`) : t('offer:states.other');
  };
  return (
    <section className="collection-offers-made" data-testid="collection-offers-made" aria-labelledby="co-made-title">
      <h2 className="panel-title" id="co-made-title">
        {t('offer:collection.madeTitle')}
      </h2>
      {offers.isSuccess ? (
        <div className="offers-table-wrap">
          <table className="offers-table" data-testid="collection-offers-table">
            <thead>
              <tr>
                <th scope="col">{t('offer:collection.collectionLabel')}</th>
                <th scope="col">{t('profile:offers.price')}</th>
                <th scope="col">{t('offer:collection.pieces')}</th>
                <th scope="col">{t('offer:collection.remain')}</th>
                <th scope="col">{t('profile:offers.expiration')}</th>
                <th scope="col">{t('profile:offers.state')}</th>
                <th scope="col">{t('offer:profile.action')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 && (
                <tr>
                  <td colSpan={7} className="offers-empty muted" data-testid="collection-offers-empty">
                    {t('offer:collection.madeEmpty')}
                  </td>
                </tr>
              )}
              {rows.map((r) => (
                <tr
                  key={r.offerIdx}
                  data-testid={`collection-offers-row-${r.offerIdx}`}
                  data-state={r.state}
                  data-remain={r.remainAmount}
                >
                  <td data-label={t('offer:collection.collectionLabel')}>
                    <Link to={`/Collection/${r.collectionIdx}`}>{r.collectionName}</Link>
                    <OfferTraits traits={r.traits} />
                  </td>
                  <td data-label={t('profile:offers.price')}>{formatPrice(r.pricePerOne, r.symbol)}</td>
                  <td data-label={t('offer:collection.pieces')}>{r.amount.toLocaleString()}</td>
                  <td data-label={t('offer:collection.remain')} data-testid="collection-offers-remain">
                    {r.remainAmount.toLocaleString()}
                  </td>
                  <td data-label={t('profile:offers.expiration')}>
                    <OfferExpiry date={r.expireDate} language={i18n.language} />
                  </td>
                  <td data-label={t('profile:offers.state')} data-testid="collection-offers-state">
                    {state(r.state)}
                  </td>
                  <td className="offers-action">
                    {r.state === OfferState.Valid && r.remainAmount > 0 && (
                      <button
                        type="button"
                        className="btn btn-outline btn-sm"
                        aria-label={`${t('offer:profile.cancel')} · ${r.collectionName}`}
                        onClick={() => setCancel(r)}
                        data-testid={`collection-offers-cancel-${r.offerIdx}`}
                      >
                        {t('offer:profile.cancel')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <LoadState
          loading={offers.isPending}
          error={offers.isError}
          loadingText={t('offer:collection.loading')}
          errorText={t('offer:collection.loadFailed')}
          retryText={t('offer:collection.retry')}
          onRetry={() => void offers.refetch()}
        />
      )}
      {page && (
        <Pagination pageNo={page.pageNo} pageCount={page.pageCount} links={PAGINATOR_GROUP} onChange={setPageNo} />
      )}
      {cancel && (
        <CancelOfferPopup
          offer={{
            osdId: cancel.offerIdx,
            collectionIdx: cancel.collectionIdx,
            productName: cancel.collectionName,
            symbol: cancel.symbol,
            pricePerOne: cancel.pricePerOne,
            remainAmount: cancel.remainAmount,
          }}
          onClose={() => setCancel(null)}
        />
      )}
    </section>
  );
}
