import { describe, expect, it } from 'vitest';
import {
  acceptLimit,
  acceptRefusal,
  canOffer,
  checkAmount,
  checkOffer,
  decimalInput,
  netProceeds,
  offerLimit,
  offerRowAction,
  offerTotal,
  percentBps,
  priceOfUsd,
  scaled,
  usdOfPrice,
} from './offer-rules';

const E18 = 10n ** 18n;
const holding = (mine: number, onSale = 0, reserved = 0, total = 10) => ({
  totalItemCount: total,
  itemCountMine: mine,
  itemCountOnSaleMine: onSale,
  itemCountReservedMine: reserved,
});

describe('offer rules', () => {
  it('limits the quantity to total minus mine minus reserved', () => {
    expect(offerLimit(holding(0))).toBe(10);
    expect(offerLimit(holding(3, 1, 2))).toBe(5);
    expect(offerLimit(holding(10, 0, 2))).toBe(0);
  });

  it('shows the button only without a listing and when the member does not hold every piece', () => {
    expect(canOffer(holding(0), 0)).toBe(true);
    expect(canOffer(holding(9), 0)).toBe(true);
    expect(canOffer(holding(10), 0)).toBe(false);
    expect(canOffer(holding(0), 1)).toBe(false);
  });

  it('keeps a decimal in the price fields', () => {
    expect(decimalInput('1,5x')).toBe('1.5');
    expect(decimalInput('007')).toBe('7');
    expect(decimalInput('.5.1')).toBe('0.51');
    expect(decimalInput('1.123456', 4)).toBe('1.1234');
    expect(scaled('')).toBeNull();
    expect(scaled('2.')).toBe(2n * E18);
  });

  it('converts between the token price and dollars, floored to 4 decimals', () => {
    expect(usdOfPrice('3', '0.1')).toBe('0.3');
    expect(usdOfPrice('1.23456', '1')).toBe('1.2345');
    expect(usdOfPrice('3', undefined)).toBe('');
    expect(usdOfPrice('3', '0')).toBe('');
    expect(priceOfUsd('1', '0.3')).toBe('3.3333');
    expect(priceOfUsd('', '0.3')).toBe('');
  });

  it('totals exactly; the display floors', () => {
    expect(offerTotal(scaled('0.33333'), 3)).toBe(999_990_000_000_000_000n);
    expect(offerTotal(null, 3)).toBe(0n);
    expect(offerTotal(E18, 0)).toBe(0n);
  });

  it('checks quantity, price, dollars, balance and the agree box in that order', () => {
    const ok = { quantity: 2, limit: 5, priceWei: E18, usd: '0.1', usdKnown: true, agreed: true, balance: 2n * E18 };
    expect(checkOffer(ok)).toBeNull();
    expect(checkOffer({ ...ok, quantity: 0 })).toBe('make.quantityRequired');
    expect(checkOffer({ ...ok, quantity: 6 })).toBe('make.quantityTooMany');
    expect(checkOffer({ ...ok, priceWei: null })).toBe('make.priceRequired');
    expect(checkOffer({ ...ok, priceWei: 0n })).toBe('make.priceRequired');
    expect(checkOffer({ ...ok, priceWei: 10n ** 18n - 1n })).toBe('make.priceTooLow');
    expect(checkOffer({ ...ok, priceWei: 10n ** 40n })).toBe('make.priceTooHigh');
    expect(checkOffer({ ...ok, usd: '0' })).toBe('make.usdRequired');
    expect(checkOffer({ ...ok, usd: '', usdKnown: false })).toBeNull();
    expect(checkOffer({ ...ok, balance: 2n * E18 - 1n })).toBe('make.noCoin');
    expect(checkOffer({ ...ok, balance: undefined, agreed: false })).toBe('make.agreeRequired');
  });

  it('refuses an accept during an auction, then without free pieces', () => {
    expect(acceptRefusal({ saleType: 2, itemCountMine: 1, itemCountOnSaleMine: 0, itemCountReservedMine: 0 })).toBe(
      'accept.duringAuction',
    );
    expect(acceptRefusal({ saleType: 1, itemCountMine: 3, itemCountOnSaleMine: 2, itemCountReservedMine: 1 })).toBe(
      'accept.noFreePieces',
    );
    expect(
      acceptRefusal({ saleType: null, itemCountMine: 3, itemCountOnSaleMine: 2, itemCountReservedMine: 0 }),
    ).toBeNull();
  });

  it('accepts at most the lesser of free pieces and what is left, and shows the net proceeds', () => {
    expect(acceptLimit(3, 5)).toBe(3);
    expect(acceptLimit(7, 5)).toBe(5);
    expect(acceptLimit(-1, 5)).toBe(0);
    // 2 × 10 = 20; fee 2.5% = 0.5; royalty 5% = 1 -> 18.5
    expect(netProceeds(10n * E18, 2, 250, 500)).toBe(185n * 10n ** 17n);
    expect(netProceeds(7n, 1, 250, 500)).toBe(7n);
    expect(percentBps('2.5')).toBe(250);
    expect(percentBps(5)).toBe(500);
    expect(percentBps('x')).toBe(0);
  });

  it('checks the accept and cancel amounts', () => {
    expect(checkAmount(0, 3)).toBe('amountRequired');
    expect(checkAmount(4, 3)).toBe('amountTooMany');
    expect(checkAmount(3, 3)).toBeNull();
  });

  it('gives each profile row its action', () => {
    const made = { made: true, mine: true, ownOffer: true };
    expect(offerRowAction({ ...made, state: 2 })).toBe('cancel');
    expect(offerRowAction({ ...made, state: 5 })).toBe('cancel');
    for (const state of [0, 1, 3, 4]) expect(offerRowAction({ ...made, state })).toBe('delete');
    const received = { made: false, mine: true, ownOffer: false };
    expect(offerRowAction({ ...received, state: 2 })).toBe('accept');
    expect(offerRowAction({ ...received, state: 2, ownOffer: true })).toBeNull();
    expect(offerRowAction({ ...received, state: 5 })).toBeNull();
    for (const state of [1, 3, 4]) expect(offerRowAction({ ...received, state })).toBe('delete');
    expect(offerRowAction({ made: true, mine: false, ownOffer: false, state: 2 })).toBeNull();
  });
});
