import { describe, expect, it } from 'vitest';
import { formatFloor, formatTokenAmount, parseDecimal, sumUsd, usdValue } from './price';

describe('price math', () => {
  it('parses decimals exactly', () => {
    expect(parseDecimal('1')).toBe(10n ** 18n);
    expect(parseDecimal('0.1')).toBe(10n ** 17n);
    expect(parseDecimal('12.345678901234567891')).toBe(12345678901234567891n);
    expect(() => parseDecimal('-1')).toThrow(RangeError);
    expect(() => parseDecimal('1e3')).toThrow(RangeError);
  });

  it('floors to 4 decimals and never rounds up', () => {
    expect(formatTokenAmount(parseDecimal('1.99999'))).toBe('1.9999');
    expect(formatTokenAmount(parseDecimal('0.00009'))).toBe('0');
    expect(formatTokenAmount(parseDecimal('2.5'))).toBe('2.5');
    expect(formatFloor(-15n, 1, 4)).toBe('-1.5');
  });

  it('computes USD values floored to 4 decimals', () => {
    expect(usdValue(parseDecimal('3'), '0.123456')).toBe('0.3703');
    expect(usdValue(parseDecimal('1000000'), '0.25')).toBe('250000');
    expect(usdValue(1n, '1')).toBe('0');
    expect(sumUsd(['0.3703', '1.0001', '2'])).toBe('3.3704');
  });
});
