import { describe, expect, it } from 'vitest';
import { addDays } from '../sell/sell-validation';
import { checkAuction, MAX_AUCTION_AMOUNT_WEI } from './auction-validation';

const now = new Date('2026-03-01T10:00:00Z');
const ok = { price: '0.1', end: addDays(now, 1) };

describe('checkAuction', () => {
  it('accepts a start price of 0.1 and an end a day away', () => {
    expect(checkAuction(ok, now)).toEqual({ ok: true, terms: { startPriceWei: 10n ** 17n, expireMinute: 1440 } });
  });
  it('asks for a start price, and refuses less than 0.1 or more than the Market holds', () => {
    expect(checkAuction({ ...ok, price: '' }, now)).toEqual({ ok: false, problems: { price: 'priceRequired' } });
    expect(checkAuction({ ...ok, price: '0' }, now)).toEqual({ ok: false, problems: { price: 'priceRequired' } });
    expect(checkAuction({ ...ok, price: '0.0999' }, now)).toEqual({
      ok: false,
      problems: { price: 'startPriceTooLow' },
    });
    expect(checkAuction({ ...ok, price: '79228162514.264337593543950335' }, now)).toMatchObject({
      ok: true,
      terms: { startPriceWei: MAX_AUCTION_AMOUNT_WEI },
    });
    expect(checkAuction({ ...ok, price: '79228162514.264337593543950336' }, now)).toEqual({
      ok: false,
      problems: { price: 'startPriceTooHigh' },
    });
  });
  it('asks for an end in the future, at most 6 months away (180 days, sent as at most 259,200 minutes)', () => {
    expect(checkAuction({ ...ok, end: null }, now)).toEqual({ ok: false, problems: { period: 'periodRequired' } });
    expect(checkAuction({ ...ok, end: now }, now)).toEqual({ ok: false, problems: { period: 'periodRequired' } });
    expect(checkAuction({ ...ok, end: addDays(now, 181) }, now)).toEqual({
      ok: false,
      problems: { period: 'periodTooLong' },
    });
    const sixMonths = checkAuction({ ...ok, end: new Date(addDays(now, 180).getTime() + 30_000) }, now);
    expect(sixMonths).toEqual({ ok: true, terms: { startPriceWei: 10n ** 17n, expireMinute: 259_200 } });
  });
  it('reports every problem at once', () => {
    expect(checkAuction({ price: '0.01', end: null }, now)).toEqual({
      ok: false,
      problems: { price: 'startPriceTooLow', period: 'periodRequired' },
    });
  });
});
