import { describe, expect, it } from 'vitest';
import {
  chipsOf,
  decimalInput,
  emptyFilters,
  removeChip,
  requestFields,
  resetFilters,
  toggle,
  type BrowseFilters,
} from './browse-filters';

const full: BrowseFilters = {
  searchText: ' 고양이 ',
  orderType: 3,
  filterStatus: [4, 1],
  price: { type: 1, start: '10', end: '' },
  collections: [
    { idx: 7, name: '서울 야경' },
    { idx: 9, name: 'Pixel Pets' },
  ],
  filterCoin: ['KLAY'],
  filterItemType: 2,
  filterCategory: 3,
};

describe('browse filters', () => {
  it('shows every active filter as a chip, in panel order; search only when asked', () => {
    expect(chipsOf(full).map((c) => c.key)).toEqual([
      'status-1',
      'status-4',
      'price',
      'collection-7',
      'collection-9',
      'coin-KLAY',
      'itemType-2',
      'category-3',
    ]);
    expect(chipsOf(full, true)[0]).toEqual({ kind: 'search', key: 'search' });
    expect(chipsOf(emptyFilters())).toEqual([]);
    // A price type without bounds is no filter.
    expect(chipsOf({ ...emptyFilters(), price: { type: 2 } })).toEqual([]);
  });

  it('removing a chip removes only its filter; reset clears all filters but keeps the order', () => {
    let f = full;
    for (const chip of chipsOf(full, true)) {
      const next = removeChip(f, chip);
      expect(chipsOf(next, true).map((c) => c.key)).not.toContain(chip.key);
      expect(chipsOf(next, true)).toHaveLength(chipsOf(f, true).length - 1);
      f = next;
    }
    expect(chipsOf(f, true)).toEqual([]);
    expect(f.orderType).toBe(3);
    expect(resetFilters(full)).toEqual({ ...emptyFilters(3), searchText: ' 고양이 ' });
    expect(resetFilters(full, false)).toEqual(emptyFilters(3));
  });

  it('builds the request: empty filters left out, bounds cleaned, statuses sorted', () => {
    expect(requestFields(emptyFilters(1))).toEqual({ orderType: 1 });
    expect(requestFields(full)).toEqual({
      searchText: '고양이',
      orderType: 3,
      filterStatus: [1, 4],
      filterPrice: 1,
      startPrice: '10',
      filterCollection: [7, 9],
      filterCoin: ['KLAY'],
      filterItemType: 2,
      filterCategory: 3,
    });
    expect(requestFields({ ...emptyFilters(), price: { type: 3, start: '1.', end: '2.5' } })).toMatchObject({
      filterPrice: 3,
      startPrice: '1',
      endPrice: '2.5',
    });
    expect(requestFields(full, { search: false })).not.toHaveProperty('searchText');
  });

  it('keeps price inputs to what the server accepts', () => {
    expect(decimalInput('1,234.5.6원')).toBe('1234.56');
    expect(decimalInput('0.1234567890123456789')).toBe('0.123456789012345678');
    expect(decimalInput('-5')).toBe('5');
    expect(toggle([1, 2], 2)).toEqual([1]);
    expect(toggle([1], 2)).toEqual([1, 2]);
  });
});
