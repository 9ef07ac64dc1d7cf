import { describe, expect, it } from 'vitest';
import { type BrowseFilters, emptyFilters } from './browse-filters';
import { filtersFromParams, filtersToParams } from './filter-params';

const ORDERS = [1, 2, 3, 4, 5, 6, 7];
const defaults: BrowseFilters = { ...emptyFilters(1), filterCategory: 3 };

describe('filters in the query string', () => {
  it('round-trips every filter, writing only what differs from the defaults', () => {
    const f: BrowseFilters = {
      searchText: '',
      orderType: 4,
      filterStatus: [3, 1],
      price: { type: 3, start: '1.5', end: '20' },
      collections: [{ idx: 9, name: 'Ocean: Drift' }],
      filterCoin: ['KLAY'],
      filterItemType: 2,
      filterCategory: undefined,
    };
    const p = filtersToParams(f, defaults);
    expect(p.toString()).toBe(
      'order=4&status=1%2C3&price=3&min=1.5&max=20&collection=9%3AOcean%3A+Drift&coin=KLAY&type=2&category=0',
    );
    expect(filtersFromParams(new URLSearchParams(p.toString()), defaults, ORDERS)).toEqual({
      ...f,
      filterStatus: [1, 3],
    });
    expect(filtersToParams(defaults, defaults).toString()).toBe('');
    expect(filtersFromParams(new URLSearchParams(''), defaults, ORDERS)).toEqual(defaults);
  });

  it('leaves out what it cannot read instead of guessing', () => {
    const p = new URLSearchParams(
      'order=99&status=0,5,2,2&price=7&min=1&coin=ETH,ATT&type=9&collection=x:y&collection=-1&category=abc',
    );
    expect(filtersFromParams(p, defaults, ORDERS)).toEqual({
      ...defaults,
      filterStatus: [2],
      filterCoin: ['ATT'],
      filterCategory: undefined,
    });
  });
});
