// Finding: a collection offer lives until its expiry (the validator signature's): an accept signed to last longer
// cannot fill it after that second, and its escrow is never stuck: anyone returns it to the buyer.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectionOffers } from '../collection-offers';
import { KLAY, ROLE, expectRevert, parseEther, setup, type Fixture } from '../helpers';

let f: Fixture;
let co: ReturnType<typeof collectionOffers>;
let snap: `0x${string}`;
beforeAll(async () => {
  f = await setup();
  co = collectionOffers(f);
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

describe('a collection offer after its expiry', () => {
  it('fills at its last second, and not one second later, whatever the accept says', async () => {
    const { p } = await co.make({ amount: 3n, expiry: await f.expiryIn(600) });
    const a1 = await f.collectionAcceptParams({ offerId: p.id, expiry: await f.expiryIn(7200) });
    const a2 = await f.collectionAcceptParams({ offerId: p.id, expiry: await f.expiryIn(7200) });
    await f.setNextTime(p.expiry);
    await f.market(ROLE.seller, 'acceptCollectionOffer', [a1, [], await f.sign('CollectionAccept', a1)]);
    await f.setNextTime(p.expiry + 1n);
    await expectRevert(
      f.market(ROLE.seller, 'acceptCollectionOffer', [a2, [], await f.sign('CollectionAccept', a2)]),
      'MarketOfferExpired',
      [p.id, p.expiry],
    );
    expect((await co.view(p.id)).remaining).toBe(2n);
  });

  it('anyone returns the rest to the buyer after it; before it only the buyer may', async () => {
    const { p } = await co.make({
      token: KLAY,
      amount: 3n,
      pricePerOne: parseEther('2'),
      expiry: await f.expiryIn(600),
    });
    await expectRevert(co.cancel(p.id, 1n, ROLE.other), 'MarketUnauthorizedCaller');
    await co.accept(p.id);
    await f.setNextTime(p.expiry + 1n, true);
    const before = await f.klayBalance(f.addr[ROLE.buyer]!);
    await co.cancel(p.id, 1n, ROLE.other);
    await co.cancel(p.id, 1n, ROLE.seller);
    expect(await f.klayBalance(f.addr[ROLE.buyer]!)).toBe(before + parseEther('4'));
    expect(await f.klayBalance(f.d.market)).toBe(0n);
  });
});
