import { describe, expect, it } from 'vitest';
import { usdTick } from './chart-axis';

describe('usdTick', () => {
  it('formats USD ticks', () => {
    expect(usdTick(1234.5)).toBe('$1,234.5');
    expect(usdTick(0.12345)).toBe('$0.1235');
  });
});
