// Finding: the expiry is inclusive. A signature settles at expiry - 1 s and at expiry, and not at expiry + 1 s.
import { afterAll, afterEach, beforeAll, beforeEach, describe, it } from 'vitest';
import { ROLE, expectRevert, setup, type Fixture } from '../helpers';

let f: Fixture;
let snap: `0x${string}`;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 5n);
});
afterAll(() => f.stop());
beforeEach(async () => {
  snap = await f.snapshot();
});
afterEach(async () => {
  await f.revert(snap);
});

const at = async (offset: bigint, which: 'reservation' | 'listing' = 'reservation') => {
  const expiry = (await f.now()) + 100n;
  const l = await f.listing(which === 'listing' ? { expiry } : {});
  const args = await f.buyArgs(l, await f.reservation(l, which === 'reservation' ? { expiry } : {}));
  await f.setNextTime(expiry + offset);
  return f.market(ROLE.buyer, 'buyNft', args);
};

describe('expiry boundary', () => {
  it('valid 1 s before the expiry', async () => {
    await at(-1n);
  });
  it('valid at the expiry', async () => {
    await at(0n);
  });
  it('expired 1 s after', async () => {
    await expectRevert(at(1n), 'MarketSignatureExpired');
  });
  it("the seller's listing expiry has the same boundary", async () => {
    await at(0n, 'listing');
    await expectRevert(at(1n, 'listing'), 'MarketSignatureExpired');
  });
  it('the same boundary holds for offers (the offer expiry) and transfers', async () => {
    const expiry = (await f.now()) + 100n;
    const o = await f.offerParams({ expiry });
    await f.market(ROLE.buyer, 'makeOffer', [o, await f.sign('Offer', o)]);
    const a1 = await f.acceptParams({ offerId: o.id, expiry: expiry + 10n });
    const s1 = await f.sign('Accept', a1);
    await f.setNextTime(expiry);
    await f.market(ROLE.seller, 'acceptOffer', [a1, s1]);
    const o2 = await f.offerParams({ expiry: expiry + 50n });
    await f.market(ROLE.buyer, 'makeOffer', [o2, await f.sign('Offer', o2)]);
    const a2 = await f.acceptParams({ offerId: o2.id, expiry: expiry + 10n });
    const s2 = await f.sign('Accept', a2);
    await f.setNextTime(expiry + 11n);
    await expectRevert(f.market(ROLE.seller, 'acceptOffer', [a2, s2]), 'MarketSignatureExpired');
  });
});
