// Finding: a buy signed for one buyer must not be usable by anyone else, as caller or as substituted buyer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, expectRevert, setup, type Fixture } from '../helpers';

let f: Fixture;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 2n);
});
afterAll(() => f.stop());

describe('another buyer', () => {
  it('cannot send the reserved buy, nor put itself in the buyer field', async () => {
    const l = await f.listing();
    const [, ls, r, vs] = await f.buyArgs(l, await f.reservation(l));
    await expectRevert(f.market(ROLE.other, 'buyNft', [l, ls, r, vs]), 'MarketUnauthorizedCaller', [
      f.addr[ROLE.other],
      r.buyer,
    ]);
    await expectRevert(
      f.market(ROLE.other, 'buyNft', [l, ls, { ...r, buyer: f.addr[ROLE.other]! }, vs]),
      'MarketInvalidSignature',
    );
    await f.market(ROLE.buyer, 'buyNft', [l, ls, r, vs]);
    expect(await f.itemBalance(f.addr[ROLE.other]!, f.ITEM)).toBe(0n);
  });

  it('nor can another account accept an offer or transfer with a signature made for someone else', async () => {
    const o = await f.offerParams();
    await f.market(ROLE.buyer, 'makeOffer', [o, await f.sign('Offer', o)]);
    const a = await f.acceptParams({ offerId: o.id });
    const as = await f.sign('Accept', a);
    await expectRevert(f.market(ROLE.other, 'acceptOffer', [a, as]), 'MarketUnauthorizedCaller');
    await expectRevert(
      f.market(ROLE.other, 'acceptOffer', [{ ...a, seller: f.addr[ROLE.other]! }, as]),
      'MarketInvalidSignature',
    );
  });
});
