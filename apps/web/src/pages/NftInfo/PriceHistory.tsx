/**
 * The price history section (spec 3): average / highest / lowest USD price per trade date. The chart library
 * (uPlot) is loaded on demand, only when there is something to draw; no trades shows a placeholder.
 */
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../components/ui/LoadState';
import { Spinner } from '../../components/ui/Spinner';
import { useTradingStats } from '../../features/items/item-queries';
import { priceChartData } from './price-chart';

const PriceChart = lazy(() => import('./PriceChart'));

export function PriceHistory({ productId }: { productId: number }) {
  const { t } = useTranslation('itemDetail');
  const stats = useTradingStats(productId);
  const data = useMemo(() => (stats.data ? priceChartData(stats.data) : null), [stats.data]);
  const names = useMemo(
    () => ({ date: t('chart.date'), avg: t('chart.avg'), max: t('chart.max'), min: t('chart.min') }),
    [t],
  );
  return (
    <section className="card item-section" aria-labelledby="price-history-title" data-testid="price-history">
      <h2 className="panel-title" id="price-history-title">
        {t('chart.title')}
      </h2>
      {!stats.isSuccess ? (
        <LoadState
          loading={stats.isPending}
          error={stats.isError}
          loadingText={t('chart.loading')}
          errorText={t('chart.loadFailed')}
          retryText={t('chart.retry')}
          onRetry={() => void stats.refetch()}
        />
      ) : data === null ? (
        <p className="chart-placeholder muted" data-testid="price-chart-empty">
          {t('chart.empty')}
        </p>
      ) : (
        <Suspense fallback={<Spinner label={t('chart.loading')} />}>
          <PriceChart data={data} names={names} label={t('chart.label')} />
        </Suspense>
      )}
    </section>
  );
}
