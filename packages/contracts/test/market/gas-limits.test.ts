// The web sends fixed gas limits (spec section 9, exported once as GAS_LIMITS): 400000 for registerAuction,
// makeOffer and acceptOffer; 300000 for buyNft, placeBid, the cancels and transfers. The worst realistic case
// of each must fit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAS_LIMITS, cancelAuctionGasLimit } from '../../src/gas';
import { KLAY, ROLE, itemOf, parseEther, setup, type Fixture } from '../helpers';

let f: Fixture;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 10n);
});
afterAll(() => f.stop());

const used = async (p: Promise<{ gasUsed: bigint }>) => (await p).gasUsed;

describe('gas fits the web limits', () => {
  it('exports the limits once', () => {
    expect(GAS_LIMITS).toMatchObject({ registerAuction: 400_000n, makeOffer: 400_000n, acceptOffer: 400_000n, buyNft: 300_000n, placeBid: 300_000n, cancelBid: 300_000n, approve: 100_000n });
    expect(cancelAuctionGasLimit(1)).toBe(300_000n);
    expect(cancelAuctionGasLimit(20)).toBe(300_000n + 19n * 60_000n);
  });

  it('every call, first-use storage included', async () => {
    const author = f.addr[ROLE.author]!;
    // buy: lazy mint of a fresh item (edition and royalty slots written), KLAY, fresh bitmap word
    const l = await f.listing({ seller: author, itemId: itemOf(author, 500n), amount: 5n, editionSize: 10n, royaltyBps: 500n, token: KLAY });
    const r = await f.reservation(l, { id: 1n << 20n });
    expect(await used(f.market(ROLE.buyer, 'buyNft', await f.buyArgs(l, r), 5n * l.pricePerOne))).toBeLessThan(GAS_LIMITS.buyNft);
    expect(await used(f.market(ROLE.seller, 'cancelListing', [await f.listing()]))).toBeLessThan(GAS_LIMITS.cancelListing);
    expect(await used(f.market(ROLE.seller, 'incrementCounter'))).toBeLessThan(GAS_LIMITS.incrementCounter);

    const a = await f.auctionParams({ token: KLAY });
    expect(await used(f.market(ROLE.seller, 'registerAuction', [a, await f.sign('Auction', a)]))).toBeLessThan(GAS_LIMITS.registerAuction);
    expect(await used(f.market(ROLE.bidder, 'placeBid', [a.id, parseEther('1')], parseEther('1')))).toBeLessThan(GAS_LIMITS.placeBid);
    expect(await used(f.market(ROLE.other, 'placeBid', [a.id, parseEther('2')], parseEther('2')))).toBeLessThan(GAS_LIMITS.placeBid);
    expect(await used(f.market(ROLE.other, 'cancelBid', [a.id]))).toBeLessThan(GAS_LIMITS.cancelBid);
    await f.market(ROLE.other, 'placeBid', [a.id, parseEther('2')], parseEther('2'));
    expect(await used(f.market(ROLE.seller, 'cancelAuction', [a.id]))).toBeLessThan(cancelAuctionGasLimit(2));

    const o = await f.offerParams({ itemId: itemOf(author, 501n), amount: 3n });
    expect(await used(f.market(ROLE.buyer, 'makeOffer', [o, await f.sign('Offer', o)]))).toBeLessThan(GAS_LIMITS.makeOffer);
    const acc = await f.acceptParams({ offerId: o.id, seller: author, amount: 2n, mintAmount: 2n, editionSize: 10n, royaltyBps: 500n });
    expect(await used(f.market(ROLE.author, 'acceptOffer', [acc, await f.sign('Accept', acc)]))).toBeLessThan(GAS_LIMITS.acceptOffer);
    expect(await used(f.market(ROLE.buyer, 'cancelOffer', [o.id, 1n]))).toBeLessThan(GAS_LIMITS.cancelOffer);

    const t = await f.transferParams({ itemId: itemOf(author, 502n), from: author, amount: 2n, mintAmount: 2n, editionSize: 10n, royaltyBps: 500n });
    expect(await used(f.market(ROLE.author, 'transferWithMint', [t, await f.sign('Transfer', t)]))).toBeLessThan(GAS_LIMITS.transferWithMint);

    const e = await f.auctionParams({ itemId: itemOf(author, 503n), seller: author, isMinting: true, editionSize: 1n, royaltyBps: 500n });
    expect(await used(f.market(ROLE.author, 'registerAuction', [e, await f.sign('Auction', e)]))).toBeLessThan(GAS_LIMITS.registerAuction);
    await f.market(ROLE.bidder, 'placeBid', [e.id, parseEther('1')]);
    await f.market(ROLE.other, 'placeBid', [e.id, parseEther('2')]);
    await f.setNextTime(e.endTime);
    expect(await used(f.market(ROLE.buyer, 'endAuction', [e.id]))).toBeLessThan(GAS_LIMITS.endAuction);
    expect(await used(f.market(ROLE.bidder, 'cancelBid', [e.id]))).toBeLessThan(GAS_LIMITS.cancelBid);
  });
});
