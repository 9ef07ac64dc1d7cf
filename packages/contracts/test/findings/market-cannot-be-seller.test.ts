// Finding 4 (seller == Market): a signed buy with the Market as seller pulled a piece out of auction escrow, so
// the auction's winner paid and received nothing. Now the Market is never a seller (nor a recipient), and it
// cannot sign a listing anyway.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, expectRevert, parseEther, setup, type Fixture } from '../helpers';

let f: Fixture;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 1n);
});
afterAll(() => f.stop());

describe('the Market as seller', () => {
  it('a listing with the Market as seller cannot take a piece out of auction escrow', async () => {
    const p = await f.auctionParams();
    await f.market(ROLE.seller, 'registerAuction', [p, await f.sign('Auction', p)]);
    await f.market(ROLE.bidder, 'placeBid', [p.id, parseEther('2')]);
    expect(await f.itemBalance(f.d.market, f.ITEM)).toBe(1n);
    const l = await f.listing({ seller: f.d.market });
    const r = await f.reservation(l, { buyer: f.addr[ROLE.other]! });
    await expectRevert(f.market(ROLE.other, 'buyNft', [l, '0x', r, await f.sign('Buy', r)]), 'MarketInvalidParty', [
      f.d.market,
    ]);
    await f.setNextTime(p.endTime);
    await f.market(ROLE.buyer, 'endAuction', [p.id]);
    expect(await f.itemBalance(f.addr[ROLE.bidder]!, f.ITEM)).toBe(1n);
  });
});
