/**
 * The item detail page's offers (spec 3 section 2), mounted only when the item is not in auction (saleType not
 * 2): the 'make an offer' button (only while nothing is listed, never for a member holding every piece) and the
 * item's valid offers from /nft/offer/product/list, highest first, with price (and USD), offerer, remaining and
 * expiry. The member's own offer shows cancel (on chain); a holder of pieces sees accept, refused during an
 * auction and without free pieces with the spec's texts. Loading, error and empty states.
 */
import type { ItemDetail, OfferProductRow } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadState } from '../../../components/ui/LoadState';
import { formatPrice, shortHex } from '../../../lib/format';
import { auth } from '../../auth';
import { popups } from '../../popups';
import { useMember } from '../core/trade-env';
import { tradeQueries } from '../trade-queries';
import { AcceptOfferPopup } from './AcceptOfferPopup';
import { CancelOfferPopup } from './CancelOfferPopup';
import { MakeOfferPopup } from './MakeOfferPopup';
import { acceptRefusal, canOffer } from './offer-rules';
import '../core/trade.css';
import './offer.css';

type Open =
  { kind: 'make' } | { kind: 'cancel'; row: OfferProductRow } | { kind: 'accept'; row: OfferProductRow } | null;

export function OfferList({ item }: { item: ItemDetail }) {
  const { t, i18n } = useTranslation('offer');
  const member = useMember();
  const offers = useQuery(tradeQueries.productOffers(item.productId));
  const listings = useQuery(tradeQueries.listings(item.productId));
  const [open, setOpen] = useState<Open>(null);
  const showMake = listings.data !== undefined && canOffer(item, listings.data.length);

  const ask = (next: Open) => (member ? setOpen(next) : auth.requestConnect());
  const askAccept = (row: OfferProductRow) => {
    const refusal = acceptRefusal(item);
    if (refusal) popups.ok(t(refusal));
    else ask({ kind: 'accept', row });
  };

  const rows = offers.data ?? [];
  const dateFmt = new Intl.DateTimeFormat(i18n.language?.startsWith('en') ? 'en' : 'ko', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <section className="offer-list card" data-testid="offer-list" aria-labelledby="offer-list-title">
      <div className="offer-list-head">
        <h2 className="panel-title" id="offer-list-title">
          {t('list.title')}
        </h2>
        {showMake && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => ask({ kind: 'make' })}
            data-testid="offer-open"
          >
            {t('make.open')}
          </button>
        )}
      </div>
      {!offers.data ? (
        <LoadState
          loading={offers.isPending}
          error={offers.isError}
          loadingText={t('list.loading')}
          errorText={t('list.loadFailed')}
          retryText={t('list.retry')}
          onRetry={() => void offers.refetch()}
        />
      ) : rows.length === 0 ? (
        <p className="muted" data-testid="offer-list-empty">
          {t('list.empty')}
        </p>
      ) : (
        <div className="sales-table-wrap">
          <table className="sales-table">
            <thead>
              <tr>
                <th scope="col">{t('list.price')}</th>
                <th scope="col">{t('list.offerer')}</th>
                <th scope="col">{t('list.remain')}</th>
                <th scope="col">{t('list.expiry')}</th>
                <th scope="col">
                  <span className="sr-only">{t('list.action')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const own = member?.address === row.memberAddress.toLowerCase();
                return (
                  <tr
                    key={row.osdId}
                    data-testid={`offer-row-${row.osdId}`}
                    data-own={own ? '1' : '0'}
                    data-remain={row.remainAmount}
                  >
                    <td data-label={t('list.price')}>
                      <span>
                        <strong data-testid="offer-price-cell">
                          {formatPrice(row.offerPricePerOne, row.offerSymbol)}
                        </strong>
                        {row.currencyPrice && <span className="muted small sales-usd">${row.currencyPrice}</span>}
                      </span>
                    </td>
                    <td data-label={t('list.offerer')}>
                      {own ? (
                        <span className="badge">{t('list.mine')}</span>
                      ) : row.memberName ? (
                        <Link to={`/Profile/${encodeURIComponent(row.memberName)}`}>{row.memberName}</Link>
                      ) : (
                        <span className="mono">{shortHex(row.memberAddress)}</span>
                      )}
                    </td>
                    <td data-label={t('list.remain')}>
                      <span>
                        {row.remainAmount}
                        {row.availableAmount < row.remainAmount && (
                          <span className="muted small sales-reserved">
                            {t('list.held', { count: row.remainAmount - row.availableAmount })}
                          </span>
                        )}
                      </span>
                    </td>
                    <td data-label={t('list.expiry')}>
                      <time dateTime={row.expireDate}>{dateFmt.format(new Date(row.expireDate))}</time>
                    </td>
                    <td className="sales-action">
                      {own ? (
                        <button
                          type="button"
                          className="btn btn-outline btn-sm"
                          onClick={() => ask({ kind: 'cancel', row })}
                          data-testid={`offer-cancel-${row.osdId}`}
                        >
                          {t('list.cancel')}
                        </button>
                      ) : item.itemCountMine > 0 ? (
                        <button
                          type="button"
                          className="btn btn-primary btn-sm"
                          disabled={row.availableAmount <= 0}
                          onClick={() => askAccept(row)}
                          data-testid={`offer-accept-${row.osdId}`}
                        >
                          {t('list.accept')}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {open?.kind === 'make' && <MakeOfferPopup item={item} onClose={() => setOpen(null)} />}
      {open?.kind === 'cancel' && (
        <CancelOfferPopup
          offer={{
            osdId: open.row.osdId,
            productId: item.productId,
            productName: item.name,
            symbol: open.row.offerSymbol,
            pricePerOne: open.row.offerPricePerOne,
            remainAmount: open.row.remainAmount,
            itemType: item.itemType,
          }}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'accept' && (
        <AcceptOfferPopup
          offer={{
            makeOfferIdx: open.row.makeOfferIdx,
            symbol: open.row.offerSymbol,
            pricePerOne: open.row.offerPricePerOne,
            available: open.row.availableAmount,
            offererName: open.row.memberName,
          }}
          item={item}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
