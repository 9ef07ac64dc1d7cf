// Finding: the seller's cancel budgeted 60,000 gas per live bid (cancelAuctionGasLimit), but refunding a KLAY
// bidder contract whose receive() burns its whole stipend costs about 80,000 (the stipend, the value transfer and
// parking the refund as withdrawable), so from 9 such bidders the seller's cancel ran out of gas at the limit the
// web sends. The budget is now 90,000 per bid, and 20 gas-burning bidders (a full book) fit it.
import type { Abi, Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketAbi } from '../../src/generated/contracts';
import { cancelAuctionGasLimit } from '../../src/gas';
import { testActorAbi, testActorBytecode } from '../generated/test-contracts';
import { KLAY, ROLE, parseEther, setup, type Fixture } from '../helpers';

const A = testActorAbi as Abi;
let f: Fixture;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 1n);
});
afterAll(() => f.stop());

describe("the seller's cancel with gas-burning bidders", () => {
  it('refunds a full book of 20 bidders whose receive() burns all gas, within cancelAuctionGasLimit(20)', async () => {
    const p = await f.auctionParams({ token: KLAY });
    await f.market(ROLE.seller, 'registerAuction', [p, await f.sign('Auction', p)]);
    const actors: Address[] = [];
    let amount = parseEther('1');
    for (let i = 0; i < 20; i++) {
      const actor = await f.deploy(A, testActorBytecode);
      await f.send(ROLE.owner, actor, A, 'setModes', [2, 0]);
      await f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'placeBid', [p.id, amount], amount);
      actors.push(actor);
      amount = (amount * 106n) / 100n;
    }
    const escrow = await f.klayBalance(f.d.market);
    const gas = cancelAuctionGasLimit(20);
    const hash = await f.wallets[ROLE.seller]!.writeContract({
      address: f.d.market,
      abi: marketAbi,
      functionName: 'cancelAuction',
      args: [p.id],
      gas,
      chain: f.chain,
      account: f.accounts[ROLE.seller]!,
    });
    const r = await f.wait(hash);
    expect(r.gasUsed).toBeLessThan(gas);
    let parked = 0n;
    for (const a of actors) parked += await f.readMarket<bigint>('withdrawable', [KLAY, a]);
    expect(parked).toBe(escrow);
    expect(await f.itemBalance(f.addr[ROLE.seller]!, f.ITEM)).toBe(1n);
  });
});
