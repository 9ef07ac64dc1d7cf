/**
 * The countdown to the cheapest listing's expiry, or to the end of the item's auction (spec 3), ticking every
 * 1000 ms: an optional day count, then hh:mm:ss. At zero it reloads the item, its listings and its history once.
 * A bid in an auction's last 10 minutes extends its end: the listings read again after a bid (`refreshAfterTrade`)
 * carry the new end, and the countdown starts over from it.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownParts } from './countdown';
import { SaleType } from '@att/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { tradeQueries } from '../../features/trade/trade-queries';
import { refreshItem } from './refresh-item';

export function SaleCountdown({ productId }: { productId: number }) {
  const listings = useQuery(tradeQueries.listings(productId));
  const cheapest = listings.data?.[0];
  if (!cheapest) return null;
  const auction = cheapest.saleType === SaleType.Auction;
  return (
    <Countdown
      productId={productId}
      expiresAt={Date.parse(cheapest.expireDate)}
      auction={auction}
      key={`${cheapest.instanceId}:${cheapest.expireDate}`}
    />
  );
}

function Countdown({ productId, expiresAt, auction }: { productId: number; expiresAt: number; auction: boolean }) {
  const { t } = useTranslation(['itemDetail', 'trade']);
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
    <p
      className="sale-countdown"
      data-testid="sale-countdown"
      data-done={parts.done}
      data-auction={auction}
      data-ends={new Date(expiresAt).toISOString()}
    >
      <span className="muted small">{auction ? t('trade:auction.endsIn') : t('itemDetail:countdown.label')}</span>{' '}
      <strong className="countdown-time" aria-live="off">
        {parts.days > 0 && `${t('itemDetail:countdown.days', { count: parts.days })} `}
        {parts.hms}
      </strong>
    </p>
  );
}
