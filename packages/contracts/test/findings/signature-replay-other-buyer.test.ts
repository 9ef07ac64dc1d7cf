// Finding: a buy signed for one buyer must not be usable by anyone else, as caller or as substituted buyer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, expectRevert, setup, type Fixture } from '../helpers';

let f: Fixture;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, 1n, 2n);
});
afterAll(() => f.stop());

describe('another buyer', () => {
  it('cannot send the signed buy, nor put itself in the buyer field', async () => {
    const p = await f.buyParams();
    const sig = await f.sign('Buy', p);
    await expectRevert(f.market(ROLE.other, 'buyNft', [p, sig]), 'MarketUnauthorizedCaller', [f.addr[ROLE.other], p.buyer]);
    await expectRevert(f.market(ROLE.other, 'buyNft', [{ ...p, buyer: f.addr[ROLE.other]! }, sig]), 'MarketInvalidSignature');
    await f.market(ROLE.buyer, 'buyNft', [p, sig]);
    expect(await f.itemBalance(f.addr[ROLE.other]!, 1n)).toBe(0n);
  });

  it('nor can another account accept an offer or transfer with a signature made for someone else', async () => {
    const o = await f.offerParams();
    await f.market(ROLE.buyer, 'makeOffer', [o, await f.sign('Offer', o)]);
    const a = await f.acceptParams({ offerId: o.id });
    const as = await f.sign('Accept', a);
    await expectRevert(f.market(ROLE.other, 'acceptOffer', [a, as]), 'MarketUnauthorizedCaller');
    await expectRevert(f.market(ROLE.other, 'acceptOffer', [{ ...a, seller: f.addr[ROLE.other]! }, as]), 'MarketInvalidSignature');
  });
});
