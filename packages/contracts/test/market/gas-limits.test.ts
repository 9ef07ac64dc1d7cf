// The web sends fixed gas limits (spec section 9): 400000 for registerAuction, makeOffer and acceptOffer;
// 300000 for buyNft, placeBid and the cancels. The worst realistic case of each must fit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KLAY, ROLE, parseEther, setup, type Fixture } from '../helpers';

let f: Fixture;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, 1n, 10n);
});
afterAll(() => f.stop());

const used = async (p: Promise<{ gasUsed: bigint }>) => (await p).gasUsed;

describe('gas fits the web limits', () => {
  it('every call, first-use storage included', async () => {
    // buy: lazy mint of a fresh item (royalty slot written), KLAY, fresh bitmap word
    const b = await f.buyParams({ id: 1n << 20n, itemId: 500n, seller: f.addr[ROLE.author]!, amount: 5n, mintAmount: 5n, token: KLAY });
    expect(await used(f.market(ROLE.buyer, 'buyNft', [b, await f.sign('Buy', b)], 5n * b.pricePerOne))).toBeLessThan(300_000n);

    const a = await f.auctionParams({ token: KLAY });
    expect(await used(f.market(ROLE.seller, 'registerAuction', [a, await f.sign('Auction', a)]))).toBeLessThan(400_000n);
    expect(await used(f.market(ROLE.bidder, 'placeBid', [a.id, parseEther('1')], parseEther('1')))).toBeLessThan(300_000n);
    expect(await used(f.market(ROLE.other, 'placeBid', [a.id, parseEther('2')], parseEther('2')))).toBeLessThan(300_000n);
    expect(await used(f.market(ROLE.other, 'cancelBid', [a.id]))).toBeLessThan(300_000n);
    await f.market(ROLE.other, 'placeBid', [a.id, parseEther('2')], parseEther('2'));
    expect(await used(f.market(ROLE.seller, 'cancelAuction', [a.id]))).toBeLessThan(300_000n);

    const o = await f.offerParams({ itemId: 501n, amount: 3n });
    expect(await used(f.market(ROLE.buyer, 'makeOffer', [o, await f.sign('Offer', o)]))).toBeLessThan(400_000n);
    const acc = await f.acceptParams({ offerId: o.id, seller: f.addr[ROLE.author]!, amount: 2n, mintAmount: 2n });
    expect(await used(f.market(ROLE.author, 'acceptOffer', [acc, await f.sign('Accept', acc)]))).toBeLessThan(400_000n);
    expect(await used(f.market(ROLE.buyer, 'cancelOffer', [o.id, 1n]))).toBeLessThan(300_000n);

    const t = await f.transferParams({ itemId: 502n, from: f.addr[ROLE.author]!, amount: 2n, mintAmount: 2n });
    expect(await used(f.market(ROLE.author, 'transferWithMint', [t, await f.sign('Transfer', t)]))).toBeLessThan(300_000n);

    const e = await f.auctionParams({ itemId: 503n, seller: f.addr[ROLE.author]!, isMinting: true });
    await f.market(ROLE.author, 'registerAuction', [e, await f.sign('Auction', e)]);
    await f.market(ROLE.bidder, 'placeBid', [e.id, parseEther('1')]);
    await f.setNextTime(e.endTime);
    expect(await used(f.market(ROLE.other, 'endAuction', [e.id]))).toBeLessThan(300_000n);
  });
});
