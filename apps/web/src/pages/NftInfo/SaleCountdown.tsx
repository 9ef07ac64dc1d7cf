/**
 * The countdown to the cheapest listing's expiry (spec 3), ticking every 1000 ms: an optional day count, then
 * hh:mm:ss. At zero it reloads the item, its listings and its history once.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownParts } from './countdown';
import { refreshItem, useItemListings } from './item-detail-queries';

export function SaleCountdown({ productId }: { productId: number }) {
  const listings = useItemListings(productId);
  const cheapest = listings.data?.[0];
  if (!cheapest) return null;
  return <Countdown productId={productId} expiresAt={Date.parse(cheapest.expireDate)} key={cheapest.instanceId} />;
}

function Countdown({ productId, expiresAt }: { productId: number; expiresAt: number }) {
  const { t } = useTranslation('itemDetail');
  const client = useQueryClient();
  const [now, setNow] = useState(() => Date.now());
  const reloaded = useRef(false);
  const parts = countdownParts(expiresAt - now);
  useEffect(() => {
    if (parts.done) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [parts.done]);
  useEffect(() => {
    if (parts.done && !reloaded.current) {
      reloaded.current = true;
      void refreshItem(client, productId);
    }
  }, [parts.done, client, productId]);
  return (
    <p className="sale-countdown" data-testid="sale-countdown" data-done={parts.done}>
      <span className="muted small">{t('countdown.label')}</span>{' '}
      <strong className="countdown-time" aria-live="off">
        {parts.days > 0 && `${t('countdown.days', { count: parts.days })} `}
        {parts.hms}
      </strong>
    </p>
  );
}
