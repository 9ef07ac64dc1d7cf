// Finding 2 (bid shielding): the top bidder cancelled just before the end; the outbid bids had already been
// refunded, so the auction fell back to the start price and ended unsold or at the attacker's re-bid, and a
// seller's shill bid was free of risk. Now every live bid stays escrowed as a backup and the top bid can never
// be cancelled (see also fake-top-bid-cannot-be-withdrawn): a shielding bid that stands wins and pays.
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, expectRevert, parseEther, setup, type Fixture } from '../helpers';

let f: Fixture;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 3n);
});
afterAll(() => f.stop());

describe('bid shielding', () => {
  it('the shielding bid cannot be withdrawn at the last moment, and the honest bid is still escrowed', async () => {
    const p = await f.auctionParams();
    await f.market(ROLE.seller, 'registerAuction', [p, await f.sign('Auction', p)]);
    await f.market(ROLE.bidder, 'placeBid', [p.id, parseEther('5')]); // honest bid
    await f.market(ROLE.other, 'placeBid', [p.id, parseEther('50')]); // shield (or a seller's shill)
    expect(await f.readMarket('bidOf', [p.id, f.addr[ROLE.bidder]])).toBe(parseEther('5'));
    await f.setNextTime(p.endTime - 60n);
    await expectRevert(f.market(ROLE.other, 'cancelBid', [p.id]), 'MarketTopBidLocked', [p.id]);
    await f.setNextTime(p.endTime);
    await f.market(ROLE.buyer, 'endAuction', [p.id]);
    expect(await f.itemBalance(f.addr[ROLE.other]!, f.ITEM)).toBe(1n); // the shield bid won and paid
  });

  it('the top bid cannot be cancelled even early; the outbid bid stays escrowed until its bidder withdraws it', async () => {
    const p = await f.auctionParams();
    await f.market(ROLE.seller, 'registerAuction', [p, await f.sign('Auction', p)]);
    await f.market(ROLE.bidder, 'placeBid', [p.id, parseEther('5')]);
    await f.market(ROLE.other, 'placeBid', [p.id, parseEther('50')]);
    await expectRevert(f.market(ROLE.other, 'cancelBid', [p.id]), 'MarketTopBidLocked', [p.id]);
    const a = await f.readMarket<{ topBidder: Address; topBid: bigint }>('getAuction', [p.id]);
    expect([a.topBidder, a.topBid]).toEqual([f.addr[ROLE.other], parseEther('50')]);
    expect(await f.readMarket('bidOf', [p.id, f.addr[ROLE.bidder]])).toBe(parseEther('5'));
    await f.market(ROLE.bidder, 'cancelBid', [p.id]);
    expect(await f.readMarket('bidOf', [p.id, f.addr[ROLE.bidder]])).toBe(0n);
    expect(await f.readMarket('minimumBid', [p.id])).toBe(parseEther('52.5'));
  });

  it('the seller cannot shill-bid', async () => {
    const p = await f.auctionParams();
    await f.market(ROLE.seller, 'registerAuction', [p, await f.sign('Auction', p)]);
    await expectRevert(f.market(ROLE.seller, 'placeBid', [p.id, parseEther('5')]), 'MarketSellerCannotBid', [p.id]);
  });
});
