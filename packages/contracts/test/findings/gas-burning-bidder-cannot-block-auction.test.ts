// Finding: a bidder contract whose receive() burns all the gas it is given must not make another call run out
// of gas: refunds are pushed with a fixed stipend (PUSH_GAS), so the seller's cancel that refunds it (and every
// other live bid) fits its gas limit, and the burner's refund is parked as withdrawable.
import type { Abi, Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketAbi } from '../../src/generated/contracts';
import { cancelAuctionGasLimit } from '../../src/gas';
import { testActorAbi, testActorBytecode } from '../generated/test-contracts';
import { KLAY, ROLE, parseEther, setup, type Fixture } from '../helpers';

let f: Fixture;
let actor: Address;
const A = testActorAbi as Abi;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 1n);
  actor = await f.deploy(A, testActorBytecode);
  await f.send(ROLE.owner, actor, A, 'setModes', [2, 2]);
});
afterAll(() => f.stop());

describe('gas-burning bidder', () => {
  it("the seller's cancel refunds every live bid within its gas limit; the burner's refund is parked", async () => {
    const p = await f.auctionParams({ token: KLAY });
    await f.market(ROLE.seller, 'registerAuction', [p, await f.sign('Auction', p)]);
    await f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'placeBid', [p.id, parseEther('1')], parseEther('1'));
    await f.market(ROLE.bidder, 'placeBid', [p.id, parseEther('2')], parseEther('2'));
    const bidder = await f.klayBalance(f.addr[ROLE.bidder]!);
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
    expect(await f.readMarket('withdrawable', [KLAY, actor])).toBe(parseEther('1'));
    expect(await f.klayBalance(f.addr[ROLE.bidder]!)).toBe(bidder + parseEther('2'));
    expect(await f.klayBalance(f.d.market)).toBe(parseEther('1'));
  });
});
