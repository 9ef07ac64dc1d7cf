// Finding 7: the seller could cancel a running auction with a live bid up to its last second. Now the seller's
// cancel is refused within the last extension window once there is a bid (and after the end, only settlement
// remains).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, expectRevert, parseEther, setup, type Fixture } from '../helpers';

let f: Fixture;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 1n);
});
afterAll(() => f.stop());

describe('seller cancel near the end', () => {
  it('is refused in the last window and at the end; the bid wins', async () => {
    const p = await f.auctionParams();
    await f.market(ROLE.seller, 'registerAuction', [p, await f.sign('Auction', p)]);
    await f.market(ROLE.bidder, 'placeBid', [p.id, parseEther('3')]);
    await f.setNextTime(p.endTime - 1n);
    await expectRevert(f.market(ROLE.seller, 'cancelAuction', [p.id]), 'MarketTooLateToCancel', [p.id, p.endTime]);
    await f.setNextTime(p.endTime - 600n + 1n);
    await expectRevert(f.market(ROLE.seller, 'cancelAuction', [p.id]), 'MarketTooLateToCancel');
    await f.setNextTime(p.endTime + 5n);
    await expectRevert(f.market(ROLE.seller, 'cancelAuction', [p.id]), 'MarketTooLateToCancel');
    await f.market(ROLE.other, 'endAuction', [p.id]);
    expect(await f.itemBalance(f.addr[ROLE.bidder]!, f.ITEM)).toBe(1n);
  });
});
