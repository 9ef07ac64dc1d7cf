// Finding: a signature for one chain id must not settle on another chain where the Market has the same address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketDomain, signMarket } from '../../src/eip712';
import { ANVIL_KEYS } from '../../src/accounts';
import { ROLE, expectRevert, setup, type Fixture } from '../helpers';

let a: Fixture;
let b: Fixture;
beforeAll(async () => {
  [a, b] = await Promise.all([setup({ chainId: 31337 }), setup({ chainId: 1001 })]);
  for (const f of [a, b]) {
    await f.approveAll();
    await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 2n);
  }
});
afterAll(async () => {
  await Promise.all([a.stop(), b.stop()]);
});

describe('cross-chain replay', () => {
  it('the same deployer nonces give the same Market address on both chains, yet the signature only works on its own', async () => {
    expect(b.d.market).toBe(a.d.market);
    const l = await a.listing();
    const args = await a.buyArgs(l, await a.reservation(l));
    // the seller's signature and the validator's reservation are both bound to chain 31337
    await expectRevert(b.market(ROLE.buyer, 'buyNft', args), 'MarketInvalidSignature');
    const sellerSig = await signMarket(ANVIL_KEYS[ROLE.seller], marketDomain(31337, a.d.market), 'Listing', l);
    const r = await b.reservation(l);
    await expectRevert(
      b.market(ROLE.buyer, 'buyNft', [l, sellerSig, r, await b.sign('Buy', r)]),
      'MarketInvalidSellerSignature',
    );
    await a.market(ROLE.buyer, 'buyNft', args);
  });
});
