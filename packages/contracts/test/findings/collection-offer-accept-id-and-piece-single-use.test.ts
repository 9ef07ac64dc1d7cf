// Finding: an accept of a collection offer is single-use (its validator-signed id, kind 7, is spent), and a piece
// sold into an offer has left the seller: the same accept twice, or the same piece twice, fills nothing more.
// Collection accept ids are their own kind: the same number as an item offer's accept (kind 4) is not spent by it.
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
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 1n);
});
afterAll(() => f.stop());
beforeEach(async () => {
  snap = await f.snapshot();
});
afterEach(async () => {
  await f.revert(snap);
});

describe('an accept and a piece are used once', () => {
  it('the same signed accept twice: the second is refused, the offer keeps its rest', async () => {
    await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 1n);
    const { p } = await co.make({ amount: 3n });
    const a = await f.collectionAcceptParams({ offerId: p.id });
    const sig = await f.sign('CollectionAccept', a);
    await f.market(ROLE.seller, 'acceptCollectionOffer', [a, [], sig]);
    await expectRevert(f.market(ROLE.seller, 'acceptCollectionOffer', [a, [], sig]), 'MarketIdAlreadyUsed', [7, a.id]);
    expect((await co.view(p.id)).remaining).toBe(2n);
    expect(await f.itemBalance(f.addr[ROLE.buyer]!, f.ITEM)).toBe(1n);
  });

  it('the same piece into two offers (or twice into one): only the first sale happens', async () => {
    const first = await co.make({ amount: 2n });
    const second = await co.make({ amount: 2n });
    await co.accept(first.p.id);
    await expectRevert(co.accept(first.p.id), 'ERC1155InsufficientBalance');
    await expectRevert(co.accept(second.p.id), 'ERC1155InsufficientBalance');
    expect((await co.view(first.p.id)).remaining).toBe(1n);
    expect((await co.view(second.p.id)).remaining).toBe(2n);
    expect(await f.attBalance(f.d.market)).toBe(3n * first.p.pricePerOne);
  });

  it("collection accept ids are their own kind: an item offer's accept id of the same number stays free", async () => {
    const { p } = await co.make();
    const { a } = await co.accept(p.id);
    expect(await f.readMarket('isIdUsed', [7, a.id])).toBe(true);
    expect(await f.readMarket('isIdUsed', [4, a.id])).toBe(false);
  });
});
