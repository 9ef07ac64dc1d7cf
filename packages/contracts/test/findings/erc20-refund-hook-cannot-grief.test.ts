// Finding 8a: ERC-20 refunds forwarded all gas, so a token with a receiver hook let a bidder grief whoever paid
// the refund. Now escrow pushes of ERC-20 run with capped gas (PUSH_GAS_ERC20) and a failed push becomes a
// withdrawable balance; allowed tokens must be contracts (the documented rule: plain ERC-20, no hooks or fees).
import type { Abi, Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketAbi } from '../../src/generated/contracts';
import { cancelAuctionGasLimit } from '../../src/gas';
import { hookTokenAbi, hookTokenBytecode } from '../generated/test-contracts';
import { ROLE, parseEther, setup, type Fixture } from '../helpers';

let f: Fixture;
let hook: Address;
const H = hookTokenAbi as Abi;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 1n);
  hook = await f.deploy(H, hookTokenBytecode, [f.addr[ROLE.owner], parseEther('1000')]);
  for (const who of [ROLE.bidder, ROLE.other]) {
    await f.send(ROLE.owner, hook, H, 'transfer', [f.addr[who], parseEther('100')]);
    await f.send(who, hook, H, 'approve', [f.d.market, 2n ** 256n - 1n]);
  }
  await f.market(ROLE.owner, 'setAllowedToken', [hook, true]);
});
afterAll(() => f.stop());

describe('a griefing token hook', () => {
  it("cannot block the seller's cancel: the griefer's refund is capped and parked", async () => {
    const p = await f.auctionParams({ token: hook });
    await f.market(ROLE.seller, 'registerAuction', [p, await f.sign('Auction', p)]);
    await f.market(ROLE.bidder, 'placeBid', [p.id, parseEther('1')]);
    await f.market(ROLE.other, 'placeBid', [p.id, parseEther('2')]);
    await f.send(ROLE.owner, hook, H, 'setGriefer', [f.addr[ROLE.bidder]]); // the bidder's hook burns all gas
    const hash = await f.wallets[ROLE.seller]!.writeContract({
      address: f.d.market,
      abi: marketAbi,
      functionName: 'cancelAuction',
      args: [p.id],
      gas: cancelAuctionGasLimit(2),
      chain: f.chain,
      account: f.accounts[ROLE.seller]!,
    });
    const r = await f.wait(hash);
    expect(r.gasUsed).toBeLessThan(cancelAuctionGasLimit(2));
    expect(await f.readMarket('withdrawable', [hook, f.addr[ROLE.bidder]])).toBe(parseEther('1'));
    expect(await f.read(hook, H, 'balanceOf', [f.addr[ROLE.other]])).toBe(parseEther('100'));
    expect(await f.read(hook, H, 'balanceOf', [f.d.market])).toBe(parseEther('1'));
    await f.market(ROLE.bidder, 'withdrawTo', [hook, f.addr[ROLE.extra1]]);
    expect(await f.read(hook, H, 'balanceOf', [f.addr[ROLE.extra1]])).toBe(parseEther('1'));
  });
});
