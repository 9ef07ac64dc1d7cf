import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  collectionAcceptFromWire,
  collectionAcceptToWire,
  collectionOfferFromWire,
  collectionOfferToWire,
  hex32,
  listingFromWire,
  reservationFromWire,
  transferFromWire,
} from '../src/market-wire';

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

describe('market wire: collection offers', () => {
  const root = `0x${'Ab'.repeat(32)}`;
  it('reads a collection offer and a collection accept, and writes them back as the API carries them', () => {
    const wire = {
      id: '12',
      collection: B,
      criteria: root,
      amount: '3',
      buyer: A,
      token: '0x0000000000000000000000000000000000000000',
      pricePerOne: (2n ** 200n).toString(),
      expiry: '1800000000',
    };
    const o = collectionOfferFromWire(wire);
    expect(o).toEqual({
      id: 12n,
      collection: getAddress(B),
      criteria: root.toLowerCase(),
      amount: 3n,
      buyer: getAddress(A),
      token: '0x0000000000000000000000000000000000000000',
      pricePerOne: 2n ** 200n,
      expiry: 1_800_000_000n,
    });
    expect(collectionOfferFromWire(collectionOfferToWire(o))).toEqual(o);
    const a = collectionAcceptFromWire({
      id: '4',
      offerId: '12',
      seller: B,
      itemId: (2n ** 255n).toString(),
      amount: '2',
      mintAmount: '1',
      editionSize: '10',
      royaltyBps: '500',
      expiry: '99',
    });
    expect(a).toEqual({
      id: 4n,
      offerId: 12n,
      seller: getAddress(B),
      itemId: 2n ** 255n,
      amount: 2n,
      mintAmount: 1n,
      editionSize: 10n,
      royaltyBps: 500n,
      expiry: 99n,
    });
    expect(collectionAcceptToWire(a)).toMatchObject({ itemId: (2n ** 255n).toString(), seller: getAddress(B) });
    expect(collectionAcceptFromWire(collectionAcceptToWire(a))).toEqual(a);
  });

  it('refuses a criteria that is not 32 bytes of hex', () => {
    const o = { id: '1', collection: B, amount: '1', buyer: A, token: A, pricePerOne: '1', expiry: '1' };
    expect(() => collectionOfferFromWire({ ...o, criteria: '0x1234' })).toThrow();
    expect(() => collectionOfferFromWire({ ...o, criteria: `0x${'zz'.repeat(32)}` })).toThrow();
    expect(hex32(`0x${'00'.repeat(32)}`)).toBe(`0x${'00'.repeat(32)}`);
  });
});
