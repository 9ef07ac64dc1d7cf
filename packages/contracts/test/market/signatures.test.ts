import { keccak256, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_EIP712_NAME, MARKET_EIP712_VERSION, marketTypes } from '../../src/eip712';
import { setup, type Fixture } from '../helpers';

let f: Fixture;
beforeAll(async () => {
  f = await setup();
});
afterAll(() => f.stop());

const typeString = (name: keyof typeof marketTypes) =>
  `${name}(${marketTypes[name].map((field) => `${field.type} ${field.name}`).join(',')})`;

describe('EIP-712 types shared with server and web', () => {
  for (const [name, getter] of [
    ['Listing', 'LISTING_TYPEHASH'],
    ['Buy', 'BUY_TYPEHASH'],
    ['Auction', 'AUCTION_TYPEHASH'],
    ['Offer', 'OFFER_TYPEHASH'],
    ['Accept', 'ACCEPT_TYPEHASH'],
    ['Transfer', 'TRANSFER_TYPEHASH'],
    ['CollectionOffer', 'COLLECTION_OFFER_TYPEHASH'],
    ['CollectionAccept', 'COLLECTION_ACCEPT_TYPEHASH'],
  ] as const) {
    it(`${name} matches the contract's ${getter}`, async () => {
      expect(await f.readMarket(getter)).toBe(keccak256(toHex(typeString(name))));
    });
  }

  it('the domain is (AttMarket, 1, chain id, Market address) per ERC-5267', async () => {
    const [, name, version, chainId, verifyingContract] = await f.readMarket<readonly unknown[]>('eip712Domain');
    expect([name, version, chainId, verifyingContract]).toEqual([
      MARKET_EIP712_NAME,
      MARKET_EIP712_VERSION,
      31337n,
      f.d.market,
    ]);
  });
});
