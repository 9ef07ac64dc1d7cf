// Finding: a top bid could be withdrawn while more than the extension window remained, without extending the
// auction. A bidder scared others off with a huge fake top bid from one account, withdrew it 601 seconds before
// the end, and a second account of theirs won at the start price. Now the top bid can never be withdrawn: it
// stands until a higher bid outbids it, and if none comes it wins (and pays). Outbid bids remain withdrawable.
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, expectRevert, parseEther, setup, type Fixture } from '../helpers';

let f: Fixture;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 1n);
});
afterAll(() => f.stop());

describe('a fake top bid', () => {
  it('cannot be withdrawn 601 s before the end (nor ever): it wins and pays', async () => {
    const p = await f.auctionParams();
    await f.market(ROLE.seller, 'registerAuction', [p, await f.sign('Auction', p)]);
    await f.market(ROLE.extra1, 'placeBid', [p.id, parseEther('1')]); // the accomplice, at the start price
    await f.market(ROLE.other, 'placeBid', [p.id, parseEther('500')]); // the fake top bid
    await f.setNextTime(p.endTime - 601n);
    await expectRevert(f.market(ROLE.other, 'cancelBid', [p.id]), 'MarketTopBidLocked', [p.id]);
    // the accomplice's outbid bid may leave at any time; it never was the price
    await f.market(ROLE.extra1, 'cancelBid', [p.id]);
    const a = await f.readMarket<{ topBidder: Address; topBid: bigint; endTime: bigint }>('getAuction', [p.id]);
    expect([a.topBidder, a.topBid, a.endTime]).toEqual([f.addr[ROLE.other], parseEther('500'), p.endTime]);
    await f.setNextTime(p.endTime);
    const seller = await f.attBalance(f.addr[ROLE.seller]!);
    await f.market(ROLE.buyer, 'endAuction', [p.id]);
    expect(await f.itemBalance(f.addr[ROLE.other]!, f.ITEM)).toBe(1n);
    expect(await f.attBalance(f.addr[ROLE.seller]!)).toBe(
      seller + parseEther('500') - parseEther('12.5') - parseEther('25'),
    );
  });
});
