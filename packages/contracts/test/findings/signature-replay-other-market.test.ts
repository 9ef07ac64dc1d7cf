// Finding: a signature for one Market deployment must not settle on another Market on the same chain.
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Address } from 'viem';
import { itemsAbi, marketAbi, marketBytecode } from '../../src/generated/contracts';
import { ROLE, expectRevert, setup, type Fixture } from '../helpers';

let f: Fixture;
let market2: Address;
beforeAll(async () => {
  f = await setup();
  market2 = await f.deploy(marketAbi, marketBytecode, [f.addr[ROLE.owner], f.addr[ROLE.validator], f.addr[ROLE.feeReceiver], 250n, f.d.marketAuctions]);
  await f.send(ROLE.owner, market2, marketAbi, 'setAllowedContract', [f.d.items, true]);
  await f.send(ROLE.owner, f.d.items, itemsAbi, 'addMinter', [market2]);
  await f.approveAll();
  await f.items(ROLE.seller, 'setApprovalForAll', [market2, true]);
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 2n);
});
afterAll(() => f.stop());

describe('cross-market replay', () => {
  it('a transfer signed for Market A is rejected by Market B', async () => {
    const t = await f.transferParams();
    const sig = await f.sign('Transfer', t); // domain: Market A
    await expectRevert(f.send(ROLE.seller, market2, marketAbi, 'transferWithMint', [t, sig]), 'MarketInvalidSignature');
    await f.market(ROLE.seller, 'transferWithMint', [t, sig]);
  });

  it("a listing signed for Market A is rejected by Market B, even with B's own reservation", async () => {
    const l = await f.listing();
    const sellerSig = await f.signListing(l);
    const r = await f.reservation(l);
    await expectRevert(f.send(ROLE.buyer, market2, marketAbi, 'buyNft', [l, sellerSig, r, await f.sign('Buy', r)]), 'MarketListingMismatch');
  });
});
