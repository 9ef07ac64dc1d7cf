// Finding: a bidder contract whose receive() reverts must not block higher bids, cancellation or settlement:
// its refund becomes a withdrawable balance it can send elsewhere with withdrawTo.
import type { Abi, Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemsAbi, marketAbi } from '../../src/generated/contracts';
import { testActorAbi, testActorBytecode } from '../generated/test-contracts';
import { KLAY, ROLE, expectRevert, itemOf, parseEther, setup, type Fixture } from '../helpers';

let f: Fixture;
let actor: Address;
const A = testActorAbi as Abi;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 2n);
  actor = await f.deploy(A, testActorBytecode);
  await f.send(ROLE.owner, actor, A, 'setModes', [1, 1]);
});
afterAll(() => f.stop());

describe('reverting bidder', () => {
  it('is outbid anyway; its withdrawn bid is parked and withdrawable to another address', async () => {
    const p = await f.auctionParams({ token: KLAY });
    await f.market(ROLE.seller, 'registerAuction', [p, await f.sign('Auction', p)]);
    await f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'placeBid', [p.id, parseEther('1')], parseEther('1'));
    const r = await f.market(ROLE.bidder, 'placeBid', [p.id, parseEther('2')], parseEther('2'));
    expect(r.status).toBe('success');
    await f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'cancelBid', [p.id]);
    expect(await f.readMarket('withdrawable', [KLAY, actor])).toBe(parseEther('1'));
    // withdraw to itself still reverts in its receive() (the reason bubbles up); withdrawTo an EOA works
    await expectRevert(f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'withdraw', [KLAY]), 'TestActorRefused');
    const to = f.addr[ROLE.extra1]!;
    const before = await f.klayBalance(to);
    await f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'withdrawTo', [KLAY, to]);
    expect(await f.klayBalance(to)).toBe(before + parseEther('1'));
    expect(await f.klayBalance(f.d.market)).toBe(parseEther('2'));
  });

  it('cannot block the seller cancelling the auction it leads', async () => {
    const p = await f.auctionParams({ token: KLAY });
    await f.market(ROLE.seller, 'registerAuction', [p, await f.sign('Auction', p)]);
    await f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'placeBid', [p.id, parseEther('1')], parseEther('1'));
    await f.market(ROLE.seller, 'cancelAuction', [p.id]);
    expect(await f.readMarket('withdrawable', [KLAY, actor])).toBe(parseEther('1'));
  });

  it('a seller contract that refuses KLAY cannot block its own settlement: proceeds are parked', async () => {
    // the actor sells: it accepts pieces, refuses KLAY, holds a piece and approves the Market
    await f.send(ROLE.owner, actor, A, 'setModes', [1, 0]);
    const id = itemOf(f.addr[ROLE.author]!, 5n);
    await f.mintTo(actor, id, 1n);
    await f.actorCall(ROLE.buyer, actor, f.d.items, itemsAbi, 'setApprovalForAll', [f.d.market, true]);
    const p = await f.auctionParams({ token: KLAY, itemId: id, seller: actor });
    await f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'registerAuction', [p, await f.sign('Auction', p)]);
    await f.market(ROLE.bidder, 'placeBid', [p.id, parseEther('4')], parseEther('4'));
    await f.setNextTime(p.endTime);
    await f.market(ROLE.other, 'endAuction', [p.id]);
    expect(await f.itemBalance(f.addr[ROLE.bidder]!, id)).toBe(1n);
    // 1 KLAY parked from the cancelled auction above, plus the proceeds: 4 - 2.5% fee - 5% royalty
    expect(await f.readMarket('withdrawable', [KLAY, actor])).toBe(
      parseEther('1') + parseEther('4') - parseEther('0.1') - parseEther('0.2'),
    );
  });
});
