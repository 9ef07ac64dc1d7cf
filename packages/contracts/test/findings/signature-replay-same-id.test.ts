// Finding: a signed id must be spendable once, per kind, even when every other parameter is identical.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ROLE, expectRevert, setup, type Fixture } from '../helpers';

let f: Fixture;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 10n);
});
afterAll(() => f.stop());

describe('a signature replayed with the same id is rejected', () => {
  it('buy, offer, accept, transfer and auction ids are single-use', async () => {
    const l = await f.listing({ amount: 5n });
    const args = await f.buyArgs(l, await f.reservation(l, { amount: 1n }));
    await f.market(ROLE.buyer, 'buyNft', args);
    await expectRevert(f.market(ROLE.buyer, 'buyNft', args), 'MarketIdAlreadyUsed', [1, args[2].id]);

    const o = await f.offerParams({ amount: 3n });
    const os = await f.sign('Offer', o);
    await f.market(ROLE.buyer, 'makeOffer', [o, os]);
    await expectRevert(f.market(ROLE.buyer, 'makeOffer', [o, os]), 'MarketIdAlreadyUsed', [3, o.id]);

    const a = await f.acceptParams({ offerId: o.id });
    const as = await f.sign('Accept', a);
    await f.market(ROLE.seller, 'acceptOffer', [a, as]);
    await expectRevert(f.market(ROLE.seller, 'acceptOffer', [a, as]), 'MarketIdAlreadyUsed', [4, a.id]);

    const t = await f.transferParams();
    const ts = await f.sign('Transfer', t);
    await f.market(ROLE.seller, 'transferWithMint', [t, ts]);
    await expectRevert(f.market(ROLE.seller, 'transferWithMint', [t, ts]), 'MarketIdAlreadyUsed', [5, t.id]);

    const u = await f.auctionParams();
    const us = await f.sign('Auction', u);
    await f.market(ROLE.seller, 'registerAuction', [u, us]);
    await f.market(ROLE.seller, 'cancelAuction', [u.id]);
    await expectRevert(f.market(ROLE.seller, 'registerAuction', [u, us]), 'MarketIdAlreadyUsed', [2, u.id]);
  });

  it('the same number used by different kinds does not collide', async () => {
    const l = await f.listing();
    await f.market(ROLE.buyer, 'buyNft', await f.buyArgs(l, await f.reservation(l, { id: 5000n })));
    const t = await f.transferParams({ id: 5000n });
    await f.market(ROLE.seller, 'transferWithMint', [t, await f.sign('Transfer', t)]);
  });
});
