// Finding (validator key = custody, for collection offers): with only the validator's key an attacker cannot make
// an offer in a member's name (spending their allowance), accept one in a holder's name (selling their approved
// pieces), mint pieces into one, or take anyone's escrow back to themselves.
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionOffers } from '../collection-offers';
import { ROLE, expectRevert, itemOf, setup, type Fixture } from '../helpers';

let f: Fixture;
let co: ReturnType<typeof collectionOffers>;
let validator: Address, buyer: Address, seller: Address;
beforeAll(async () => {
  f = await setup();
  co = collectionOffers(f);
  [validator, buyer, seller] = [ROLE.validator, ROLE.buyer, ROLE.seller].map((r) => f.addr[r]!) as [
    Address,
    Address,
    Address,
  ];
  await f.approveAll();
  await f.mintTo(seller, f.ITEM, 5n);
  // The attacker approves the Market for its own (empty) holdings.
  await f.items(ROLE.validator, 'setApprovalForAll', [f.d.market, true]);
});
afterAll(() => f.stop());

describe('the validator key alone makes and accepts nothing for anyone', () => {
  it("cannot make a collection offer in a member's name (their ATT allowance stays untouched)", async () => {
    const before = await f.attBalance(buyer);
    const p = await f.collectionOfferParams({ amount: 10n });
    await expectRevert(
      f.market(ROLE.validator, 'makeCollectionOffer', [p, await f.sign('CollectionOffer', p)]),
      'MarketUnauthorizedCaller',
      [validator, buyer],
    );
    expect(await f.attBalance(buyer)).toBe(before);
  });

  it("cannot accept in a holder's name, sell a holder's approved pieces as its own, or mint into an offer", async () => {
    const { p } = await co.make({ amount: 3n });
    const inTheirName = await f.collectionAcceptParams({ offerId: p.id });
    await expectRevert(
      f.market(ROLE.validator, 'acceptCollectionOffer', [
        inTheirName,
        [],
        await f.sign('CollectionAccept', inTheirName),
      ]),
      'MarketUnauthorizedCaller',
      [validator, seller],
    );
    // As the seller itself: the piece is taken from the caller, who holds none.
    await expectRevert(co.accept(p.id, { seller: validator }, { who: ROLE.validator }), 'ERC1155InsufficientBalance');
    // Minting needs the item's creator.
    await expectRevert(
      co.accept(
        p.id,
        { seller: validator, itemId: itemOf(f.addr[ROLE.author]!, 70n), mintAmount: 1n, editionSize: 10n },
        { who: ROLE.validator },
      ),
      'ItemsNotCreator',
    );
    expect(await f.itemBalance(seller, f.ITEM)).toBe(5n);
    expect((await co.view(p.id)).remaining).toBe(3n);
  });

  it("cannot take a buyer's escrow: the cancel is the buyer's until the expiry, and refunds only the buyer", async () => {
    const { p } = await co.make({ amount: 2n, expiry: await f.expiryIn(600) });
    await expectRevert(co.cancel(p.id, 2n, ROLE.validator), 'MarketUnauthorizedCaller', [validator, buyer]);
    await f.setNextTime(p.expiry + 1n, true);
    const [b, v] = [await f.attBalance(buyer), await f.attBalance(validator)];
    await co.cancel(p.id, 2n, ROLE.validator);
    expect(await f.attBalance(buyer)).toBe(b + 2n * p.pricePerOne);
    expect(await f.attBalance(validator)).toBe(v);
  });
});
