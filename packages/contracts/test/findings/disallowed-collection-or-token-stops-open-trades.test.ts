// Finding (Low): disallowing a collection or a token did not stop trades already open on it: `acceptOffer` still
// filled escrowed offers and `placeBid` still took bids. Now both check the allow lists; refunds, cancels,
// settlement and claims never do, so nothing already escrowed can freeze.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROLE, expectRevert, parseEther, setup, type Fixture } from '../helpers';

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

const disallow = {
  collection: async () => f.market(ROLE.owner, 'setAllowedContract', [f.d.items, false]),
  token: async () => f.market(ROLE.owner, 'setAllowedToken', [f.d.att, false]),
};

describe('a disallowed collection or token takes no new trades, and frees what is escrowed', () => {
  for (const [what, error] of [
    ['collection', 'MarketContractNotAllowed'],
    ['token', 'MarketTokenNotAllowed'],
  ] as const) {
    it(`${what}: an escrowed offer cannot be accepted, and is still cancelled`, async () => {
      const o = await f.offerParams({ amount: 2n });
      await f.market(ROLE.buyer, 'makeOffer', [o, await f.sign('Offer', o)]);
      await disallow[what]();
      const a = await f.acceptParams({ offerId: o.id });
      await expectRevert(f.market(ROLE.seller, 'acceptOffer', [a, await f.sign('Accept', a)]), error);
      const before = await f.attBalance(f.addr[ROLE.buyer]!);
      await f.market(ROLE.buyer, 'cancelOffer', [o.id, 2n]);
      expect(await f.attBalance(f.addr[ROLE.buyer]!)).toBe(before + 2n * o.pricePerOne);
    });

    it(`${what}: a running auction takes no new bid; the outbid bid is withdrawn and the auction settles`, async () => {
      const p = await f.auctionParams();
      await f.market(ROLE.seller, 'registerAuction', [p, await f.sign('Auction', p)]);
      await f.market(ROLE.other, 'placeBid', [p.id, parseEther('1')]);
      await f.market(ROLE.bidder, 'placeBid', [p.id, parseEther('2')]);
      await disallow[what]();
      await expectRevert(f.market(ROLE.buyer, 'placeBid', [p.id, parseEther('3')]), error);
      await f.market(ROLE.other, 'cancelBid', [p.id]);
      await f.setNextTime(p.endTime);
      await f.market(ROLE.buyer, 'endAuction', [p.id]);
      expect(await f.itemBalance(f.addr[ROLE.bidder]!, f.ITEM)).toBe(1n);
      expect(await f.attBalance(f.d.market)).toBe(0n);
    });
  }
});
