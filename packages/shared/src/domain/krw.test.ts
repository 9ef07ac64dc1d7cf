import { describe, expect, it } from 'vitest';
import { krwOfUsd, krwValue, parseDecimal } from './price';
import { changeBps } from './watchlist';

describe('won estimates', () => {
  it('floors to whole won, never rounding up', () => {
    expect(krwOfUsd('1', '1380.99')).toBe('1380');
    expect(krwOfUsd('0.3703', '1380')).toBe('511'); // 511.014
    expect(krwOfUsd('0.0007', '1380')).toBe('0'); // 0.966
    expect(krwOfUsd('250000', '1380.5')).toBe('345125000');
  });

  it('is exact where a float is not', () => {
    // 0.29 × 100 is 28.999999999999996 as a float: floored, a float would say 28.
    expect(krwOfUsd('0.29', '100')).toBe('29');
    expect(krwOfUsd('12345678901234.5678', '1399.9999')).toBe('17283949227160504');
  });

  it('computes from wei exactly and floors once', () => {
    expect(krwValue(parseDecimal('3'), '0.123456', '1380')).toBe('511'); // 3 × 0.123456 × 1380 = 511.10784
    expect(krwValue(1n, '1', '1380')).toBe('0');
    expect(krwValue(10n ** 36n, '2', '1000')).toBe(`2${'0'.repeat(21)}`);
  });

  it('says nothing without a rate', () => {
    expect(krwOfUsd('1', '0')).toBe('');
    expect(krwOfUsd('1', 'abc')).toBe('');
    expect(krwOfUsd('x', '1380')).toBe('');
    expect(krwValue(1n, '1', '')).toBe('');
  });

  it('tells a floor change in basis points', () => {
    expect(changeBps(100n, 90n)).toBe(-1000);
    expect(changeBps(3n, 4n)).toBe(3333);
    expect(changeBps(0n, 4n)).toBeNull();
    expect(changeBps(null, 4n)).toBeNull();
  });
});
