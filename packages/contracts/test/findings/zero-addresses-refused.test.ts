// Finding 6 (zero addresses): a signed seller or author of address 0 burned KLAY or locked ATT forever. Now the
// seller, a transfer's receiver and a claim's receiver are never zero (nor the Market), an item's creator is
// named by its id and is never zero, and the royalty receiver comes from Items (the creator).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KLAY, ROLE, expectRevert, parseEther, setup, zeroAddress, type Fixture } from '../helpers';

let f: Fixture;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 2n);
});
afterAll(() => f.stop());

describe('zero addresses', () => {
  it('a listing whose seller is address 0 is refused, in KLAY and ATT', async () => {
    for (const token of [KLAY, f.d.att]) {
      const l = await f.listing({ seller: zeroAddress, token });
      const r = await f.reservation(l);
      await expectRevert(
        f.market(
          ROLE.buyer,
          'buyNft',
          [l, '0x', r, await f.sign('Buy', r)],
          token === KLAY ? l.pricePerOne : undefined,
        ),
        'MarketInvalidParty',
        [zeroAddress],
      );
    }
    expect(await f.klayBalance(zeroAddress)).toBe(await f.klayBalance(zeroAddress));
  });

  it('a lazy piece of an item whose id names no creator cannot be minted; transfers to 0 are refused', async () => {
    const t = await f.transferParams({ itemId: 1n, amount: 1n, mintAmount: 1n, editionSize: 1n, royaltyBps: 500n });
    await expectRevert(f.market(ROLE.seller, 'transferWithMint', [t, await f.sign('Transfer', t)]), 'ItemsNotCreator', [
      1n,
      f.addr[ROLE.seller],
    ]);
    const z = await f.transferParams({ to: zeroAddress });
    await expectRevert(
      f.market(ROLE.seller, 'transferWithMint', [z, await f.sign('Transfer', z)]),
      'MarketInvalidParty',
      [zeroAddress],
    );
  });

  it('the royalty of a sale goes to the creator Items recorded, never to a signed address', async () => {
    const author = f.addr[ROLE.author]!;
    const before = await f.attBalance(author);
    await f.buy({ listing: { pricePerOne: parseEther('10') } });
    expect(await f.attBalance(author)).toBe(before + parseEther('0.5'));
    expect(await f.attBalance(zeroAddress)).toBe(0n);
  });
});
