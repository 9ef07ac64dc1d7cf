// Finding: a fee-on-transfer token would leave the escrow short of what the Market owes. Such a token is not
// allowed by default; if an owner allows one anyway, escrowing it reverts with MarketTokenTransferMismatch,
// and a fixed-price sale (paid buyer -> recipients directly) leaves nothing in the Market.
import type { Abi, Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeOnTransferTokenAbi, feeOnTransferTokenBytecode } from '../generated/test-contracts';
import { ROLE, expectRevert, parseEther, setup, type Fixture } from '../helpers';

let f: Fixture;
let fot: Address;
const T = feeOnTransferTokenAbi as Abi;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 5n);
  fot = await f.deploy(T, feeOnTransferTokenBytecode, [f.addr[ROLE.buyer], parseEther('1000')]);
  await f.send(ROLE.buyer, fot, T, 'approve', [f.d.market, 2n ** 256n - 1n]);
});
afterAll(() => f.stop());

describe('fee-on-transfer token', () => {
  it('is rejected for offers and auctions while not allowed', async () => {
    const o = await f.offerParams({ token: fot });
    await expectRevert(f.market(ROLE.buyer, 'makeOffer', [o, await f.sign('Offer', o)]), 'MarketTokenNotAllowed', [
      fot,
    ]);
    const a = await f.auctionParams({ token: fot });
    await expectRevert(
      f.market(ROLE.seller, 'registerAuction', [a, await f.sign('Auction', a)]),
      'MarketTokenNotAllowed',
      [fot],
    );
  });

  it('once allowed, escrowing it reverts with the exact shortfall', async () => {
    await f.market(ROLE.owner, 'setAllowedToken', [fot, true]);
    const o = await f.offerParams({ token: fot, pricePerOne: parseEther('10') });
    await expectRevert(
      f.market(ROLE.buyer, 'makeOffer', [o, await f.sign('Offer', o)]),
      'MarketTokenTransferMismatch',
      [parseEther('10'), parseEther('9.9')],
    );
    const a = await f.auctionParams({ token: fot });
    await f.market(ROLE.seller, 'registerAuction', [a, await f.sign('Auction', a)]);
    await expectRevert(f.market(ROLE.buyer, 'placeBid', [a.id, parseEther('1')]), 'MarketTokenTransferMismatch', [
      parseEther('1'),
      parseEther('0.99'),
    ]);
  });

  it('a fixed-price sale in it is refused while not allowed, and leaves no balance in the Market once allowed', async () => {
    await f.market(ROLE.owner, 'setAllowedToken', [fot, false]);
    await expectRevert(f.buy({ listing: { token: fot } }), 'MarketTokenNotAllowed', [fot]);
    await f.market(ROLE.owner, 'setAllowedToken', [fot, true]);
    await f.buy({ listing: { token: fot } });
    expect(await f.read(fot, T, 'balanceOf', [f.d.market])).toBe(0n);
    expect(await f.itemBalance(f.addr[ROLE.buyer]!, f.ITEM)).toBe(1n);
  });
});
