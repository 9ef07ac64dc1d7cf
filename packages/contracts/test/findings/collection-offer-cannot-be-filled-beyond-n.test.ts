// Finding: a collection offer of N pieces is filled by any number of holders, in parts, but never beyond N in
// all: the escrow pays for exactly N pieces and each accept takes from what remains.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionOffers } from '../collection-offers';
import { ROLE, expectRevert, itemOf, setup, type Fixture } from '../helpers';

let f: Fixture;
let co: ReturnType<typeof collectionOffers>;
beforeAll(async () => {
  f = await setup();
  co = collectionOffers(f);
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 10n);
  await f.mintTo(f.addr[ROLE.other]!, itemOf(f.addr[ROLE.author]!, 2n), 10n);
});
afterAll(() => f.stop());

describe('a collection offer of N pieces', () => {
  it('takes N pieces in all from several holders and not one more', async () => {
    const { p } = await co.make({ amount: 3n });
    await expectRevert(co.accept(p.id, { amount: 4n }), 'MarketOfferAmountExceeded', [3n, 4n]);
    await co.accept(p.id, { amount: 2n });
    await expectRevert(
      co.accept(p.id, { seller: f.addr[ROLE.other]!, itemId: itemOf(f.addr[ROLE.author]!, 2n), amount: 2n }),
      'MarketOfferAmountExceeded',
      [1n, 2n],
    );
    await co.accept(p.id, { seller: f.addr[ROLE.other]!, itemId: itemOf(f.addr[ROLE.author]!, 2n), amount: 1n });
    await expectRevert(co.accept(p.id), 'MarketOfferAmountExceeded', [0n, 1n]);
    expect(await f.itemBalance(f.addr[ROLE.buyer]!, f.ITEM)).toBe(2n);
    expect(await f.itemBalance(f.addr[ROLE.buyer]!, itemOf(f.addr[ROLE.author]!, 2n))).toBe(1n);
    expect(await f.attBalance(f.d.market)).toBe(0n);
    // Nothing left to cancel either: the escrow is spent.
    await expectRevert(co.cancel(p.id, 1n), 'MarketOfferAmountExceeded', [0n, 1n]);
  });

  it('a cancelled part is no longer fillable', async () => {
    const { p } = await co.make({ amount: 3n });
    await co.cancel(p.id, 2n);
    await expectRevert(co.accept(p.id, { amount: 2n }), 'MarketOfferAmountExceeded', [1n, 2n]);
    await co.accept(p.id);
    expect(await f.attBalance(f.d.market)).toBe(0n);
  });
});
