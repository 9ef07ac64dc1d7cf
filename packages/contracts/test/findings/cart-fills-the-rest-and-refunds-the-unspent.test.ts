// Cart (fulfillAvailableOrders): listings sold, cancelled or expired between the cart's reservation and its
// transaction are skipped without reverting the rest; the unspent KLAY comes back in the same transaction, exactly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boughtHashes, cartEntry, cartOrders, gasCost } from '../cart';
import { KLAY, ROLE, parseEther, setup, type Fixture } from '../helpers';

let f: Fixture;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 10n);
});
afterAll(() => f.stop());

describe('a cart some of whose listings went meanwhile', () => {
  it('fills the rest and refunds exactly the unspent KLAY', async () => {
    const [a, sold, cancelled, expiring, b] = [
      await cartEntry(f, { token: KLAY, pricePerOne: parseEther('2') }),
      await cartEntry(f, { token: KLAY, pricePerOne: parseEther('3') }),
      await cartEntry(f, { token: KLAY, pricePerOne: parseEther('4') }),
      await cartEntry(f, { token: KLAY, pricePerOne: parseEther('5'), expiry: await f.expiryIn(60) }),
      await cartEntry(f, { token: KLAY, pricePerOne: parseEther('6') }),
    ];
    const orders = await cartOrders(f, [a, sold, cancelled, expiring, b]);
    // meanwhile: another buyer takes one listing, the seller cancels another, a third expires
    const r2 = await f.reservation(sold.listing, { buyer: f.addr[ROLE.other]! });
    await f.market(ROLE.other, 'buyNft', await f.buyArgs(sold.listing, r2), parseEther('3'));
    await f.market(ROLE.seller, 'cancelListing', [cancelled.listing]);
    await f.setNextTime(expiring.listing.expiry + 1n);

    const sent = parseEther('20');
    const [buyer, seller] = [await f.klayBalance(f.addr[ROLE.buyer]!), await f.klayBalance(f.addr[ROLE.seller]!)];
    const r = await f.market(ROLE.buyer, 'buyNfts', [KLAY, orders], sent);
    expect(r.status).toBe('success');
    expect(boughtHashes(r)).toEqual([f.listingHash(a.listing), f.listingHash(b.listing)]);
    // 2 + 6 spent of the 20 sent: 12 back in the same transaction
    expect(await f.klayBalance(f.addr[ROLE.buyer]!)).toBe(buyer - parseEther('8') - gasCost(r));
    expect(await f.klayBalance(f.d.market)).toBe(0n);
    expect(await f.readMarket('withdrawable', [KLAY, f.addr[ROLE.buyer]!])).toBe(0n);
    // the seller is paid for the two fills only: 8 - 2.5% fee - 5% royalty
    expect(await f.klayBalance(f.addr[ROLE.seller]!)).toBe(
      seller + parseEther('8') - parseEther('0.2') - parseEther('0.4'),
    );
    expect(await f.itemBalance(f.addr[ROLE.buyer]!, f.ITEM)).toBe(2n);
    // the skipped reservations were not spent
    for (const e of [cancelled, expiring]) expect(await f.readMarket('isIdUsed', [1, e.reservation.id])).toBe(false);
  });
});
