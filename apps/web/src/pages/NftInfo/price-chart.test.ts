import { describe, expect, it } from 'vitest';
import { DATE_AXIS_AFTER, priceChartData } from './price-chart';

const row = (tradeDate: string, avg: string, max: string, min: string) => ({
  tradeDate,
  avgPrice: avg,
  maxPrice: max,
  minPrice: min,
});

describe('priceChartData', () => {
  it('is null without trades (the placeholder shows)', () => {
    expect(priceChartData([])).toBeNull();
  });

  it('scales the y axis to the highest value plus 10 % and labels up to 7 points by index', () => {
    const d = priceChartData([row('2026-03-01', '2', '3', '1'), row('2026-03-05', '8', '10', '4')])!;
    expect(d.dateAxis).toBe(false);
    expect(d.x).toEqual([0, 1]);
    expect(d.labels).toEqual(['2026-03-01', '2026-03-05']);
    expect(d.yMax).toBeCloseTo(11);
    expect(d).toMatchObject({ avg: [2, 8], max: [3, 10], min: [1, 4] });
  });

  it('uses a date axis beyond 7 points', () => {
    const rows = Array.from({ length: DATE_AXIS_AFTER + 1 }, (_, i) => row(`2026-03-0${i + 1}`, '1', '1', '1'));
    const d = priceChartData(rows)!;
    expect(d.dateAxis).toBe(true);
    expect(d.x[0]).toBe(Date.parse('2026-03-01T00:00:00Z') / 1000);
    expect(d.x[1]! - d.x[0]!).toBe(86_400);
    expect(priceChartData(rows.slice(0, DATE_AXIS_AFTER))!.dateAxis).toBe(false);
  });

  it('keeps a visible scale when every price is 0', () => {
    expect(priceChartData([row('2026-03-01', '0', '0', '0')])!.yMax).toBe(1);
  });
});
