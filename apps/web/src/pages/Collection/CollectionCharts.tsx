/**
 * The collection's price history: its floor (the lowest sale of one piece per period, not the lowest listing) and
 * its volume, by day, week or month, in USD as the item page's price history, with the volume of the periods shown
 * in each coin. The toggle is a group of pressed buttons (Tab and Enter/Space). The charts' box keeps its height
 * through loading, empty, failed and drawn states (no layout shift), and uPlot is loaded only when there is
 * something to draw.
 */
import { CHART_PERIODS, type ChartPeriod } from '@att/shared';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../components/ui/LoadState';
import { Spinner } from '../../components/ui/Spinner';
import { useCollectionChart } from '../../features/collections';
import { formatPrice } from '../../lib/format';
import { floorSeries, volumeSeries, volumeTotals } from './chart-data';
import './collection-charts.css';

const CollectionChartCanvas = lazy(() => import('./CollectionChartCanvas'));
const FLOOR_COLOR = '#12a37f';
const VOLUME_COLOR = '#6d5dfc';

export function CollectionCharts({ idx }: { idx: number }) {
  const { t } = useTranslation('collection');
  const [period, setPeriod] = useState<ChartPeriod>('day');
  const chart = useCollectionChart(idx, period);
  const drawn = useMemo(() => {
    const c = chart.data;
    if (!c || c.volume.length === 0) return null;
    return { floor: floorSeries(c), volume: volumeSeries(c), totals: volumeTotals(c) };
  }, [chart.data]);
  const floorNames = useMemo(() => ({ date: t('chart.date'), value: t('chart.floor') }), [t]);
  const volumeNames = useMemo(() => ({ date: t('chart.date'), value: t('chart.volume') }), [t]);

  return (
    <section className="collection-charts" aria-labelledby="collection-charts-title" data-testid="collection-charts">
      <div className="collection-charts-head">
        <h2 className="section-title" id="collection-charts-title">
          {t('chart.title')}
        </h2>
        <div className="collection-chart-periods" role="group" aria-label={t('chart.periods')}>
          {CHART_PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              className="chip-toggle"
              aria-pressed={period === p}
              data-testid={`chart-period-${p}`}
              onClick={() => setPeriod(p)}
            >
              {t(`chart.${p}`)}
            </button>
          ))}
        </div>
      </div>
      <div className="collection-charts-box" data-testid="collection-charts-box" data-period={period}>
        {!chart.isSuccess ? (
          <LoadState
            loading={chart.isPending}
            error={chart.isError}
            loadingText={t('chart.loading')}
            errorText={t('chart.loadFailed')}
            retryText={t('chart.retry')}
            onRetry={() => void chart.refetch()}
          />
        ) : drawn === null ? (
          <p className="chart-placeholder muted" data-testid="collection-charts-empty">
            {t('chart.empty')}
          </p>
        ) : (
          <Suspense fallback={<Spinner label={t('chart.loading')} />}>
            <div className="collection-chart">
              <h3 className="collection-chart-title">{t('chart.floor')}</h3>
              <CollectionChartCanvas
                data={drawn.floor}
                period={period}
                kind="line"
                names={floorNames}
                label={t('chart.floorLabel')}
                stroke={FLOOR_COLOR}
                testId="collection-floor-chart"
              />
            </div>
            <div className="collection-chart">
              <h3 className="collection-chart-title">{t('chart.volume')}</h3>
              <CollectionChartCanvas
                data={drawn.volume}
                period={period}
                kind="bars"
                names={volumeNames}
                label={t('chart.volumeLabel')}
                stroke={VOLUME_COLOR}
                testId="collection-volume-chart"
              />
              <p className="collection-chart-totals muted" data-testid="collection-volume-totals">
                {t('chart.totals')}: {formatPrice(drawn.totals.att, 'ATT')} · {formatPrice(drawn.totals.klay, 'KLAY')}
              </p>
            </div>
          </Suspense>
        )}
      </div>
    </section>
  );
}
