import { describe, expect, it } from 'vitest';
import {
  addDays,
  checkSell,
  dayValue,
  endFromDay,
  freeCount,
  latestEnd,
  periodMinutes,
  priceInput,
  priceWei,
  quantityInput,
  QUICK_PICKS,
  usdEstimate,
} from './sell-validation';

const now = new Date('2026-03-01T10:00:00Z');
const ok = { quantity: '2', price: '1.5', end: addDays(now, 1) };

describe('freeCount', () => {
  it('is owned minus on sale minus reserved, never below 0', () => {
    expect(freeCount({ itemCountMine: 10, itemCountOnSaleMine: 3, itemCountReservedMine: 2 })).toBe(5);
    expect(freeCount({ itemCountMine: 1, itemCountOnSaleMine: 1, itemCountReservedMine: 1 })).toBe(0);
  });
});

describe('inputs', () => {
  it('keeps digits only in the quantity', () => {
    expect(quantityInput('1a2-3')).toBe('123');
    expect(quantityInput('007')).toBe('7');
    expect(quantityInput('0')).toBe('0');
  });
  it('keeps one decimal point and at most 18 decimals in the price', () => {
    expect(priceInput('1,5')).toBe('1.5');
    expect(priceInput('1.2.3')).toBe('1.23');
    expect(priceInput('.5')).toBe('0.5');
    expect(priceInput('abc')).toBe('');
    expect(priceInput('00012')).toBe('12');
    expect(priceInput(`1.${'1'.repeat(25)}`)).toBe(`1.${'1'.repeat(18)}`);
  });
  it('reads the price in wei without floats', () => {
    expect(priceWei('1.000000000000000001')).toBe(10n ** 18n + 1n);
    expect(priceWei('2.')).toBe(2n * 10n ** 18n);
    expect(priceWei('')).toBeNull();
  });
  it('floors the USD estimate to 4 decimals', () => {
    expect(usdEstimate('3', '0.123456')).toBe('0.3703');
    expect(usdEstimate('', '1')).toBe('0');
    expect(usdEstimate('2', undefined)).toBe('0');
  });
});

describe('period', () => {
  it('counts whole minutes, rounded up', () => {
    expect(periodMinutes(now, new Date(now.getTime() + 61_000))).toBe(2);
    expect(periodMinutes(now, now)).toBe(0);
  });
  it('offers quick picks up to 180 days', () => {
    expect(QUICK_PICKS.map((q) => q.days)).toEqual([1, 3, 30, 90, 180]);
    expect(latestEnd(now).getTime() - now.getTime()).toBe(180 * 24 * 3600 * 1000);
  });
  it('reads a day picker at the start time of day, capped at 6 months', () => {
    const start = new Date(2026, 2, 1, 10, 30);
    const end = endFromDay('2026-03-05', start)!;
    expect(dayValue(end)).toBe('2026-03-05');
    expect(end.getHours()).toBe(10);
    expect(endFromDay('2027-12-31', start)).toEqual(latestEnd(start));
    expect(endFromDay('', start)).toBeNull();
  });
});

describe('checkSell', () => {
  it('accepts good terms and computes the expiry and minutes', () => {
    const r = checkSell(ok, 5, now);
    expect(r).toEqual({
      ok: true,
      terms: {
        quantity: 2,
        priceWei: 15n * 10n ** 17n,
        expireMinute: 1440,
        expiry: BigInt(now.getTime() / 1000 + 86400),
      },
    });
  });
  it('asks for the quantity at 0 or empty, and refuses more than the free pieces', () => {
    expect(checkSell({ ...ok, quantity: '0' }, 5, now)).toEqual({
      ok: false,
      problems: { quantity: 'quantityRequired' },
    });
    expect(checkSell({ ...ok, quantity: '' }, 5, now)).toEqual({
      ok: false,
      problems: { quantity: 'quantityRequired' },
    });
    expect(checkSell({ ...ok, quantity: '6' }, 5, now)).toEqual({
      ok: false,
      problems: { quantity: 'quantityTooMany' },
    });
  });
  it('asks for a price, and refuses less than 1 token', () => {
    expect(checkSell({ ...ok, price: '' }, 5, now)).toEqual({ ok: false, problems: { price: 'priceRequired' } });
    expect(checkSell({ ...ok, price: '0.0' }, 5, now)).toEqual({ ok: false, problems: { price: 'priceRequired' } });
    expect(checkSell({ ...ok, price: '0.9999' }, 5, now)).toEqual({ ok: false, problems: { price: 'priceTooLow' } });
    // The server's cap (MAX_FIXED_PRICE_WEI, 10^12 tokens) is told before the wallet signs anything.
    expect(checkSell({ ...ok, price: '1000000000001' }, 5, now)).toEqual({
      ok: false,
      problems: { price: 'priceTooHigh' },
    });
    expect(checkSell({ ...ok, price: '1000000000000' }, 5, now).ok).toBe(true);
    expect(checkSell({ ...ok, price: '1' }, 5, now).ok).toBe(true);
  });
  it('asks for a period when none is chosen or it has passed, and refuses more than 6 months', () => {
    expect(checkSell({ ...ok, end: null }, 5, now)).toEqual({ ok: false, problems: { period: 'periodRequired' } });
    expect(checkSell({ ...ok, end: new Date(now.getTime() - 1) }, 5, now)).toEqual({
      ok: false,
      problems: { period: 'periodRequired' },
    });
    expect(checkSell({ ...ok, end: addDays(now, 181) }, 5, now)).toEqual({
      ok: false,
      problems: { period: 'periodTooLong' },
    });
    expect(checkSell({ ...ok, end: addDays(now, 180) }, 5, now).ok).toBe(true);
  });
  it('reports every problem at once', () => {
    expect(checkSell({ quantity: '', price: '', end: null }, 5, now)).toEqual({
      ok: false,
      problems: { quantity: 'quantityRequired', price: 'priceRequired', period: 'periodRequired' },
    });
  });
});
