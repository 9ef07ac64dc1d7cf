import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { listingFromWire, reservationFromWire, transferFromWire } from '../src/market-wire';

const A = '0x' + 'ab'.repeat(20);
const B = '0x' + 'cd'.repeat(20);

describe('market wire', () => {
  it('reads a listing: exact uint256 values, checksummed addresses', () => {
    const big = (2n ** 255n + 1n).toString();
    const l = listingFromWire({
      seller: A,
      collection: B,
      itemId: big,
      token: '0x0000000000000000000000000000000000000000',
      pricePerOne: '1000000000000000000',
      amount: '2',
      editionSize: '10',
      royaltyBps: '500',
      feeBps: '250',
      expiry: '1800000000',
      salt: big,
      counter: '3',
    });
    expect(l).toEqual({
      seller: getAddress(A),
      collection: getAddress(B),
      itemId: 2n ** 255n + 1n,
      token: '0x0000000000000000000000000000000000000000',
      pricePerOne: 10n ** 18n,
      amount: 2n,
      editionSize: 10n,
      royaltyBps: 500n,
      feeBps: 250n,
      expiry: 1_800_000_000n,
      salt: 2n ** 255n + 1n,
      counter: 3n,
    });
  });

  it('reads a reservation and a transfer', () => {
    expect(reservationFromWire({ buyer: A, amount: '1', id: '7', expiry: '99' })).toEqual({
      buyer: getAddress(A),
      amount: 1n,
      id: 7n,
      expiry: 99n,
    });
    const t = transferFromWire({
      id: '5',
      collection: B,
      itemId: '9',
      from: A,
      to: B,
      amount: '3',
      mintAmount: '2',
      editionSize: '4',
      royaltyBps: '0',
      expiry: '100',
    });
    expect(t).toMatchObject({
      id: 5n,
      itemId: 9n,
      amount: 3n,
      mintAmount: 2n,
      editionSize: 4n,
      royaltyBps: 0n,
      expiry: 100n,
    });
    expect(t.from).toBe(getAddress(A));
  });

  it('refuses a value that is not a number or an address', () => {
    expect(() => reservationFromWire({ buyer: 'nope', amount: '1', id: '1', expiry: '1' })).toThrow();
    expect(() => reservationFromWire({ buyer: A, amount: '1.5', id: '1', expiry: '1' })).toThrow();
  });
});
