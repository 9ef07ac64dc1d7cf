/**
 * The collection header's collection offers: the best offer per coin (price per piece, pieces left, expiry), or
 * that there is none, and "컬렉션 제안하기" / "Make a collection offer", which opens the make popup for a signed-in
 * member and asks a visitor to connect first (as the item page's offer button does).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format';
import { auth } from '../../auth';
import { useMember } from '../core/trade-env';
import { OfferExpiry } from '../offer/OfferExpiry';
import { tradeQueries } from '../trade-queries';
import { bestOffers } from './collection-offer-rows';
import './collection-offer.css';
import { MakeCollectionOfferPopup } from './MakeCollectionOfferPopup';

export function CollectionOfferBest({ collection }: { collection: { collectionIdx: number; collectionName: string } }) {
  const { t, i18n } = useTranslation('offer');
  const member = useMember();
  const offers = useQuery(tradeQueries.collectionOffers(collection.collectionIdx));
  const [open, setOpen] = useState(false);
  const best = offers.data ? bestOffers(offers.data) : [];
  return (
    <section className="collection-offer-best" data-testid="collection-offer-best" aria-labelledby="co-best-title">
      <h2 className="collection-offer-best-title" id="co-best-title">
        {t('collection.best')}
      </h2>
      {offers.isPending && <p className="muted small">{t('collection.loading')}</p>}
      {offers.isError && (
        <p className="muted small" role="alert">
          {t('collection.loadFailed')}{' '}
          <button type="button" className="btn btn-outline btn-sm" onClick={() => void offers.refetch()}>
            {t('collection.retry')}
          </button>
        </p>
      )}
      {offers.isSuccess && best.length === 0 && (
        <p className="muted small" data-testid="collection-offer-best-none">
          {t('collection.bestNone')}
        </p>
      )}
      {best.length > 0 && (
        <ul className="collection-offer-best-list">
          {best.map((row) => (
            <li key={row.offerIdx} data-testid={`collection-offer-best-${row.symbol}`} data-remain={row.remainAmount}>
              <strong>{t('collection.perPiece', { price: formatPrice(row.pricePerOne, row.symbol) })}</strong>
              <span>{t('collection.left', { count: row.remainAmount })}</span>
              <span className="muted small">
                {t('collection.expires')} <OfferExpiry date={row.expireDate} language={i18n.language} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => (member ? setOpen(true) : auth.requestConnect())}
        data-testid="collection-offer-open"
      >
        {t('collection.open')}
      </button>
      {open && <MakeCollectionOfferPopup collection={collection} onClose={() => setOpen(false)} />}
    </section>
  );
}
