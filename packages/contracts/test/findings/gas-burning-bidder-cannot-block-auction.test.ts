// Finding: a bidder contract whose receive() burns all the gas it is given must not make the next bid
// run out of gas: refunds are pushed with a fixed stipend (PUSH_GAS), so the next bid fits the web's 300000.
import type { Abi, Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketAbi } from '../../src/generated/contracts';
import { testActorAbi, testActorBytecode } from '../generated/test-contracts';
import { KLAY, ROLE, parseEther, setup, type Fixture } from '../helpers';

let f: Fixture;
let actor: Address;
const A = testActorAbi as Abi;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, 1n, 1n);
  actor = await f.deploy(A, testActorBytecode);
  await f.send(ROLE.owner, actor, A, 'setModes', [2, 2]);
});
afterAll(() => f.stop());

describe('gas-burning bidder', () => {
  it('is outbid within a 300000 gas limit; its refund is parked', async () => {
    const p = await f.auctionParams({ token: KLAY });
    await f.market(ROLE.seller, 'registerAuction', [p, await f.sign('Auction', p)]);
    await f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'placeBid', [p.id, parseEther('1')], parseEther('1'));
    const hash = await f.wallets[ROLE.bidder]!.writeContract({
      address: f.d.market,
      abi: marketAbi,
      functionName: 'placeBid',
      args: [p.id, parseEther('2')],
      value: parseEther('2'),
      gas: 300_000n,
      chain: f.chain,
      account: f.accounts[ROLE.bidder]!,
    });
    const r = await f.wait(hash);
    expect(r.gasUsed).toBeLessThan(150_000n);
    expect(await f.readMarket('withdrawable', [KLAY, actor])).toBe(parseEther('1'));
    expect(await f.klayBalance(f.d.market)).toBe(parseEther('3'));
  });
});
