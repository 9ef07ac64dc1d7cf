// Finding: KLAY pushed to a contract runs its receive(); re-entering the Market from there (to withdraw twice,
// or to bid again while being refunded) must not pay anything twice nor corrupt the escrow.
import { encodeFunctionData, toFunctionSelector, type Abi, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketAbi } from '../../src/generated/contracts';
import { testActorAbi, testActorBytecode } from '../generated/test-contracts';
import { KLAY, ROLE, parseEther, setup, zeroAddress, type Fixture } from '../helpers';

const GUARD = toFunctionSelector('ReentrancyGuardReentrantCall()');
let f: Fixture;
let actor: Address;
const A = testActorAbi as Abi;

beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 10n);
  actor = await f.deploy(A, testActorBytecode);
});
afterAll(() => f.stop());

describe('re-entering the Market from receive()', () => {
  it('a bidder contract re-bidding from the refund of a cancelled auction gets its refund deferred, never a double refund', async () => {
    const p = await f.auctionParams({ token: KLAY });
    await f.market(ROLE.seller, 'registerAuction', [p, await f.sign('Auction', p)]);
    await f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'placeBid', [p.id, parseEther('1')], parseEther('1'));
    await f.send(ROLE.owner, actor, A, 'setAttack', [
      f.d.market,
      encodeFunctionData({ abi: marketAbi, functionName: 'placeBid', args: [p.id, parseEther('5')] }),
      parseEther('5'),
    ]);
    await f.send(ROLE.owner, actor, A, 'setModes', [3, 0]);
    await f.market(ROLE.bidder, 'placeBid', [p.id, parseEther('2')], parseEther('2'));
    await f.market(ROLE.seller, 'cancelAuction', [p.id]);
    // The refund runs with a bounded stipend: the re-entry fails (guard, then out of gas), the push fails, the refund is parked.
    expect(await f.readMarket('withdrawable', [KLAY, actor])).toBe(parseEther('1'));
    expect(await f.klayBalance(f.d.market)).toBe(parseEther('1'));
    const a = await f.readMarket<{ topBidder: Address; topBid: bigint; status: number }>('getAuction', [p.id]);
    expect([a.topBidder, a.topBid, a.status]).toEqual([zeroAddress, 0n, 2]);
  });

  it('withdraw() re-entered from receive() pays once', async () => {
    // the actor now has 1 KLAY withdrawable (previous test); let its receive() try to withdraw again
    await f.send(ROLE.owner, actor, A, 'setAttack', [
      f.d.market,
      encodeFunctionData({ abi: marketAbi, functionName: 'withdraw', args: [zeroAddress] }),
      0n,
    ]);
    // The first test's hook ran inside a push that failed, so its writes (the one-shot flag) were rolled back.
    expect(await f.read(actor, A, 'attacked')).toBe(false);
    const before = await f.klayBalance(actor);
    await f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'withdraw', [zeroAddress]);
    expect(await f.klayBalance(actor)).toBe(before + parseEther('1'));
    expect(await f.read(actor, A, 'attacked')).toBe(true);
    expect(await f.read(actor, A, 'attackSucceeded')).toBe(false);
    expect(((await f.read<string>(actor, A, 'attackReturn')) as string).slice(0, 10)).toBe(GUARD);
    expect(await f.readMarket('withdrawable', [KLAY, actor])).toBe(0n);
    expect(await f.klayBalance(f.d.market)).toBe(0n);
  });
});
