// Finding: a signature for one Market deployment must not settle on another Market on the same chain.
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Address } from 'viem';
import { marketAbi, marketBytecode } from '../../src/generated/contracts';
import { ANVIL_KEYS } from '../../src/accounts';
import { hashListing, signMarket } from '../../src/eip712';
import { ROLE, expectRevert, setup, type Fixture } from '../helpers';

let f: Fixture;
let market2: Address;
beforeAll(async () => {
  f = await setup();
  market2 = await f.deploy(marketAbi, marketBytecode, [
    f.addr[ROLE.owner],
    f.addr[ROLE.validator],
    f.addr[ROLE.feeReceiver],
    250n,
    f.d.marketAuctions,
    f.d.items,
    f.d.att,
  ]);
  await f.send(ROLE.owner, market2, marketAbi, 'setAllowedContract', [f.d.items, true]);
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

  it('a listing and reservation signed for Market A are rejected by Market B', async () => {
    const l = await f.listing();
    const args = await f.buyArgs(l, await f.reservation(l));
    await expectRevert(f.send(ROLE.buyer, market2, marketAbi, 'buyNft', args), 'MarketInvalidSignature');
    // even with a reservation for B's domain, the seller signed for A
    const domainB = { ...f.domain, verifyingContract: market2 };
    const r = { ...args[2], listingHash: hashListing(domainB, l) };
    const vs = await signMarket(ANVIL_KEYS[ROLE.validator], domainB, 'Buy', r);
    await expectRevert(
      f.send(ROLE.buyer, market2, marketAbi, 'buyNft', [l, args[1], r, vs]),
      'MarketInvalidSellerSignature',
    );
  });
});
