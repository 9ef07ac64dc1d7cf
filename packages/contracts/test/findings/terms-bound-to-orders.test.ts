// Finding 3 (fees not bound): the owner could raise the fee, the minimum raise or the extension after a buy was
// signed or while bids and offers sat in escrow, so the seller received less than the terms shown. Now a listing
// carries the fee its seller signed (a raised fee makes it unfillable, never more expensive; a lowered one is charged), and auctions and
// offers keep the fee, raise and extension in force when they were made.
import { parseEventLogs } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { marketAbi } from '../../src/generated/contracts';
import { ROLE, expectRevert, parseEther, setup, type Fixture } from '../helpers';

let f: Fixture;
let snap: `0x${string}`;
beforeAll(async () => {
  f = await setup();
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

describe('terms bound to each order', () => {
  it('a listing never settles with a higher fee than its seller signed', async () => {
    const l = await f.listing({ pricePerOne: parseEther('10') });
    const args = await f.buyArgs(l, await f.reservation(l));
    await f.market(ROLE.owner, 'setMarketFee', [1000n]);
    await expectRevert(f.market(ROLE.buyer, 'buyNft', args), 'MarketFeeMismatch', [250n, 1000n]);
    await f.market(ROLE.owner, 'setMarketFee', [0n]); // a lowered fee is charged instead (the lower of the two)
    const seller = await f.attBalance(f.addr[ROLE.seller]!);
    await f.market(ROLE.buyer, 'buyNft', args);
    expect(await f.attBalance(f.addr[ROLE.seller]!)).toBe(seller + parseEther('10') - parseEther('0.5'));
  });

  it('an auction settles with the fee, raise and extension of its registration', async () => {
    const p = await f.auctionParams();
    await f.market(ROLE.seller, 'registerAuction', [p, await f.sign('Auction', p)]);
    await f.market(ROLE.bidder, 'placeBid', [p.id, parseEther('10')]);
    await f.market(ROLE.owner, 'setMarketFee', [1000n]);
    await f.market(ROLE.owner, 'setAvailableRate', [10_000n]);
    await f.market(ROLE.owner, 'setAuctionDelay', [86_400n]);
    expect(await f.readMarket('minimumBid', [p.id])).toBe(parseEther('10.5'));
    await f.setNextTime(p.endTime - 10n);
    const r = await f.market(ROLE.other, 'placeBid', [p.id, parseEther('10.5')]);
    const [bid] = parseEventLogs({ abi: marketAbi, logs: r.logs, eventName: 'BidPlaced' });
    expect(bid!.args.endTime).toBe(p.endTime + 600n);
    await f.setNextTime(p.endTime + 600n);
    const e = await f.market(ROLE.buyer, 'endAuction', [p.id]);
    const [ended] = parseEventLogs({ abi: marketAbi, logs: e.logs, eventName: 'AuctionEnded' });
    expect(ended!.args.fee).toBe((parseEther('10.5') * 250n) / 10_000n);
  });

  it('an offer is accepted with the fee in force when it was made', async () => {
    const o = await f.offerParams({ pricePerOne: parseEther('4') });
    await f.market(ROLE.buyer, 'makeOffer', [o, await f.sign('Offer', o)]);
    await f.market(ROLE.owner, 'setMarketFee', [1000n]);
    const a = await f.acceptParams({ offerId: o.id });
    const r = await f.market(ROLE.seller, 'acceptOffer', [a, await f.sign('Accept', a)]);
    const [ev] = parseEventLogs({ abi: marketAbi, logs: r.logs, eventName: 'OfferAccepted' });
    expect(ev!.args.fee).toBe(parseEther('0.1'));
  });
});
