import type { CollectionChart } from '@att/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { stubApi } from '../../test/trade-fixtures';
import { CollectionCharts } from './CollectionCharts';
import { dateTick, floorSeries, tickSplits, volumeSeries, volumeTotals } from './chart-data';

// The canvas chunk draws with uPlot, which needs a real canvas: here it only reports what it was given.
vi.mock('./CollectionChartCanvas', () => ({
  default: (p: { testId: string; label: string; data: { x: number[]; y: (number | null)[] }; period: string }) => (
    <div role="img" aria-label={p.label} data-testid={p.testId} data-period={p.period} data-y={p.data.y.join(',')} />
  ),
}));

const WEI = 10n ** 18n;
const chart = (period: CollectionChart['period']): CollectionChart => ({
  period,
  floor: [
    { date: '2026-11-22', floorUsd: '1.3788', floorAtt: null, floorKlay: String(9n * WEI) },
    { date: '2026-11-23', floorUsd: '0.0246', floorAtt: String(2n * WEI), floorKlay: String(7n * WEI) },
  ],
  volume: [
    { date: '2026-11-22', volumeAtt: '0', volumeKlay: String(9n * WEI), volumeUsd: '1.3788', sales: 1 },
    { date: '2026-11-23', volumeAtt: String(11n * WEI), volumeKlay: String(7n * WEI), volumeUsd: '1.2077', sales: 3 },
  ],
});
const empty = (period: CollectionChart['period']): CollectionChart => ({ period, floor: [], volume: [] });

function renderCharts() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CollectionCharts idx={4} />
    </QueryClientProvider>,
  );
}
const chartCalls = (sent: { path: string; body: Record<string, unknown> }[]) =>
  sent.filter((s) => s.path === '/nft/collection/chart').map((s) => s.body);

describe('the collection price history', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ko');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('draws the floor and the volume by day, with the volume of each coin, in Korean', async () => {
    const sent = stubApi({ '/nft/collection/chart': (b) => ({ returnCode: 0, data: chart(b.period as 'day') }) });
    renderCharts();
    expect(screen.getByRole('heading', { name: '가격 변동' })).toBeTruthy();
    expect(screen.getByTestId('loading')).toBeTruthy();
    const floor = await screen.findByTestId('collection-floor-chart');
    expect(floor.getAttribute('aria-label')).toContain('최저 판매가');
    expect(floor.getAttribute('data-y')).toBe('1.3788,0.0246');
    expect(screen.getByTestId('collection-volume-chart').getAttribute('data-y')).toBe('1.3788,1.2077');
    expect(screen.getByTestId('collection-volume-totals').textContent).toBe('표시 기간 거래량: 11 ATT · 16 KLAY');
    expect(chartCalls(sent)).toEqual([{ collectionIdx: 4, period: 'day' }]);
    expect(screen.getByTestId('chart-period-day').getAttribute('aria-pressed')).toBe('true');
  });

  it('switches to weeks and months from the keyboard (a group of pressed buttons)', async () => {
    const sent = stubApi({ '/nft/collection/chart': (b) => ({ returnCode: 0, data: chart(b.period as 'day') }) });
    renderCharts();
    await screen.findByTestId('collection-floor-chart');
    const user = userEvent.setup();
    expect(screen.getByRole('group', { name: '집계 단위' })).toBeTruthy();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByTestId('chart-period-day'));
    await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('collection-floor-chart').getAttribute('data-period')).toBe('week'));
    expect(screen.getByTestId('chart-period-week').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('chart-period-day').getAttribute('aria-pressed')).toBe('false');
    await user.tab();
    await user.keyboard(' ');
    await waitFor(() => expect(screen.getByTestId('collection-floor-chart').getAttribute('data-period')).toBe('month'));
    expect(chartCalls(sent).map((b) => b.period)).toEqual(['day', 'week', 'month']);
  });

  it('says there are no trades yet when the history is empty, in English too', async () => {
    await i18n.changeLanguage('en');
    stubApi({ '/nft/collection/chart': (b) => ({ returnCode: 0, data: empty(b.period as 'day') }) });
    renderCharts();
    expect((await screen.findByTestId('collection-charts-empty')).textContent).toBe('No trades yet.');
    expect(screen.getByRole('heading', { name: 'Price history' })).toBeTruthy();
    expect(screen.queryByTestId('collection-floor-chart')).toBeNull();
  });

  it('shows a failed load with a retry that asks again', async () => {
    let fail = true;
    const sent = stubApi({
      '/nft/collection/chart': (b) => (fail ? { returnCode: 999 } : { returnCode: 0, data: chart(b.period as 'day') }),
    });
    renderCharts();
    const failed = await screen.findByTestId('load-failed');
    expect(failed.textContent).toContain('가격 변동을 불러오지 못했습니다.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: '다시 시도' }));
    await screen.findByTestId('collection-floor-chart');
    expect(chartCalls(sent)).toHaveLength(2);
  });
});

describe('chart data', () => {
  it('puts each period on its first day, pads the axis by half a period and keeps 10 % headroom', () => {
    const f = floorSeries(chart('week'));
    expect(f.x).toEqual([Date.UTC(2026, 10, 22) / 1000, Date.UTC(2026, 10, 23) / 1000]);
    expect(f.pad).toBe(7 * 43_200);
    expect(f.yMax).toBeCloseTo(1.3788 * 1.1);
    expect(volumeSeries(empty('day')).yMax).toBe(1);
  });

  it('draws a period with sales but no USD value as a gap', () => {
    const c = chart('day');
    c.floor[0]!.floorUsd = null;
    expect(floorSeries(c).y).toEqual([null, 0.0246]);
  });

  it('adds the coins apart in wei', () => {
    expect(volumeTotals(chart('day'))).toEqual({ att: 11n * WEI, klay: 16n * WEI });
  });

  it('labels days and weeks by MM-DD, months by YYYY-MM', () => {
    const sec = Date.UTC(2026, 10, 1) / 1000;
    expect(dateTick(sec, 'day')).toBe('11-01');
    expect(dateTick(sec, 'month')).toBe('2026-11');
  });

  it('puts x ticks on period starts only, every k-th when they would crowd', () => {
    expect(tickSplits([100], 4)).toEqual([100]);
    expect(tickSplits([1, 2, 3, 4, 5, 6, 7, 8, 9], 4)).toEqual([1, 4, 7]);
    expect(tickSplits([1, 2, 3], 0)).toEqual([1]);
  });
});
