// Finding: disallowing a collection or a token stops collection offers made on it from filling (and new ones
// from being made), but never freezes their escrow: the buyer's cancel and anyone's return after the expiry
// still run.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectionOffers } from '../collection-offers';
import { ROLE, expectRevert, setup, type Fixture } from '../helpers';

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

const disallow = {
  collection: async () => f.market(ROLE.owner, 'setAllowedContract', [f.d.items, false]),
  token: async () => f.market(ROLE.owner, 'setAllowedToken', [f.d.att, false]),
};

describe('a disallowed collection or token: no new fills, the escrow still comes back', () => {
  for (const [what, error] of [
    ['collection', 'MarketContractNotAllowed'],
    ['token', 'MarketTokenNotAllowed'],
  ] as const) {
    it(`${what}: no accept, no new offer; the buyer cancels, anyone returns the rest after the expiry`, async () => {
      const { p } = await co.make({ amount: 3n, expiry: await f.expiryIn(600) });
      await disallow[what]();
      await expectRevert(co.accept(p.id), error);
      await expectRevert(co.make(), error);
      const buyer = f.addr[ROLE.buyer]!;
      const before = await f.attBalance(buyer);
      await co.cancel(p.id, 1n);
      await f.setNextTime(p.expiry + 1n, true);
      await co.cancel(p.id, 2n, ROLE.other);
      expect(await f.attBalance(buyer)).toBe(before + 3n * p.pricePerOne);
      expect(await f.attBalance(f.d.market)).toBe(0n);
    });
  }

  it('allowed again, the offer fills again', async () => {
    const { p } = await co.make({ amount: 1n });
    await disallow.collection();
    await expectRevert(co.accept(p.id), 'MarketContractNotAllowed');
    await f.market(ROLE.owner, 'setAllowedContract', [f.d.items, true]);
    await co.accept(p.id);
    expect((await co.view(p.id)).remaining).toBe(0n);
  });
});
