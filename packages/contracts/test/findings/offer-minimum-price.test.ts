// Finding (Info): offers had no minimum price: a 19-wei offer paid no fee and no royalty (both round to zero),
// while listings refuse a price below MIN_FIXED_PRICE. Offers now have the same minimum per piece.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ROLE, expectRevert, parseEther, setup, type Fixture } from '../helpers';

let f: Fixture;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
});
afterAll(() => f.stop());

describe('offers have the minimum price of listings', () => {
  it('an offer below MIN_FIXED_PRICE a piece is refused; one at it is escrowed', async () => {
    const min = parseEther('1');
    for (const pricePerOne of [19n, min - 1n]) {
      const o = await f.offerParams({ pricePerOne });
      await expectRevert(f.market(ROLE.buyer, 'makeOffer', [o, await f.sign('Offer', o)]), 'MarketPriceTooLow', [
        min,
        pricePerOne,
      ]);
    }
    const o = await f.offerParams({ pricePerOne: min });
    await f.market(ROLE.buyer, 'makeOffer', [o, await f.sign('Offer', o)]);
  });
});
