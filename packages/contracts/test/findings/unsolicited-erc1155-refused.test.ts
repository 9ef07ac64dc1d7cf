// Finding 8b: ERC-1155 pieces sent straight to the Market were stuck forever. Now the Market accepts pieces
// only when it moves them in itself (auction escrow); any other single or batch transfer to it reverts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, expectRevert, setup, type Fixture } from '../helpers';

let f: Fixture;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 3n);
});
afterAll(() => f.stop());

describe('pieces sent to the Market', () => {
  it('a direct transfer or batch transfer is refused; the Market still escrows auction pieces', async () => {
    const s = f.addr[ROLE.seller]!;
    await expectRevert(
      f.items(ROLE.seller, 'safeTransferFrom', [s, f.d.market, f.ITEM, 1n, '0x']),
      'MarketUnsolicitedItems',
      [s],
    );
    await expectRevert(
      f.items(ROLE.seller, 'safeBatchTransferFrom', [s, f.d.market, [f.ITEM], [1n], '0x']),
      'MarketUnsolicitedItems',
      [s],
    );
    expect(await f.itemBalance(f.d.market, f.ITEM)).toBe(0n);
    const p = await f.auctionParams();
    await f.market(ROLE.seller, 'registerAuction', [p, await f.sign('Auction', p)]);
    expect(await f.itemBalance(f.d.market, f.ITEM)).toBe(1n);
  });
});
