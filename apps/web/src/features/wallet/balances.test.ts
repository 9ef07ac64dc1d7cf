import { parseDecimal } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BALANCES } from '../../lib/session';
import { groupDigits } from '../../lib/format';
import { buildBalances, displayAmount, moveEntry, totalUsd } from './balances';

const prices = [
  { symbol: 'KLAY' as const, price: '0.123456', address: '0x0000000000000000000000000000000000000000' },
  { symbol: 'ATT' as const, price: '0.25', address: '0x1' },
];

describe('wallet panel price formatting', () => {
  it('floors amounts and USD to 4 decimals and sums USD exactly', () => {
    const rows = buildBalances(
      DEFAULT_BALANCES,
      { KLAY: parseDecimal('3.99999'), ATT: parseDecimal('1000000.00019') },
      prices,
    );
    const klay = rows.find((r) => r.name === 'KLAY')!;
    const att = rows.find((r) => r.name === 'ATT')!;
    expect(displayAmount(klay)).toBe('3.9999');
    expect(klay.usd).toBe('0.4938'); // 3.99999 * 0.123456 = 0.49382276...
    expect(displayAmount(att)).toBe('1000000.0001');
    expect(att.usd).toBe('250000'); // 250000.0000475 floored
    expect(totalUsd(rows)).toBe('250000.4938');
    expect(groupDigits('250000.4938')).toBe('250,000.4938');
  });

  it('uses 0 USD when a price is missing and shows 0 for a zero balance', () => {
    const rows = buildBalances(DEFAULT_BALANCES, { KLAY: 0n, ATT: parseDecimal('5') }, []);
    expect(rows.map((r) => r.usd)).toEqual(['0', '0']);
    expect(displayAmount(rows[0]!)).toBe('0');
    expect(totalUsd(rows)).toBe('0');
  });

  it('keeps the user order', () => {
    const order = moveEntry(DEFAULT_BALANCES, 1, -1);
    expect(order.map((r) => r.name)).toEqual(['ATT', 'KLAY']);
    const rows = buildBalances(order, { KLAY: 1n, ATT: 2n }, prices);
    expect(rows.map((r) => r.name)).toEqual(['ATT', 'KLAY']);
  });

  it('moves rows up and down and ignores moves past the ends', () => {
    expect(moveEntry(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveEntry(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveEntry(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveEntry(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});
