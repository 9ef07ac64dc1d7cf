// Finding: the piece was delivered to a contract winner with all the gas left but a reserve, so a winner whose
// ERC-1155 hook burns all gas made settlement cost whatever limit the caller sent (about 1.3M with a generous
// limit, and a revert at 300,000 in an ATT auction), and a gas estimate could pick the cheaper "parked for a
// later claim" path for an honest smart wallet whose hook writes storage. Now the delivery always gets exactly
// DELIVERY_GAS, every capped call refuses to start unless it can get its full cap, and the payouts follow.
import { encodeFunctionData, parseEventLogs, type Abi, type Address } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { attAbi, marketAbi } from '../../src/generated/contracts';
import { GAS_LIMITS } from '../../src/gas';
import { testActorAbi, testActorBytecode } from '../generated/test-contracts';
import { KLAY, ROLE, parseEther, setup, type Fixture } from '../helpers';

const A = testActorAbi as Abi;
const Mode = { Accept: 0, Revert: 1, BurnGas: 2, Reenter: 3, Store: 4 } as const;
let f: Fixture;
let snap: `0x${string}`;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 1n);
});
afterAll(() => f.stop());
beforeEach(async () => {
  snap = await f.snapshot();
});
afterEach(async () => {
  await f.revert(snap);
});

/** An auction won by a fresh TestActor whose ERC-1155 hook behaves as `mode`; ended, not settled. */
async function wonByActor(mode: number, token: Address, storeSlots = 0n) {
  const actor = await f.deploy(A, testActorBytecode);
  await f.send(ROLE.owner, actor, A, 'setModes', [0, mode]);
  await f.send(ROLE.owner, actor, A, 'setStoreSlots', [storeSlots]);
  const p = await f.auctionParams({ token });
  await f.market(ROLE.seller, 'registerAuction', [p, await f.sign('Auction', p)]);
  if (token !== KLAY) {
    await f.att(ROLE.buyer, 'transfer', [actor, parseEther('5')]);
    await f.actorCall(ROLE.buyer, actor, f.d.att, attAbi, 'approve', [f.d.market, parseEther('5')]);
  }
  await f.actorCall(
    ROLE.buyer,
    actor,
    f.d.market,
    marketAbi,
    'placeBid',
    [p.id, parseEther('2')],
    token === KLAY ? parseEther('2') : undefined,
  );
  await f.setNextTime(p.endTime, true);
  return { actor, id: p.id };
}
const endWithGas = async (id: bigint, gas: bigint) =>
  f.wait(
    await f.wallets[ROLE.other]!.writeContract({
      address: f.d.market,
      abi: marketAbi,
      functionName: 'endAuction',
      args: [id],
      gas,
      chain: f.chain,
      account: f.accounts[ROLE.other]!,
    }),
  );

describe('settlement gas does not depend on the gas limit', () => {
  it('a winner whose hook burns all gas: settles within the 300,000 limit (ATT and KLAY), and costs the same with a 3,000,000 limit', async () => {
    for (const token of [f.d.att, KLAY]) {
      const s = await f.snapshot();
      const { actor, id } = await wonByActor(Mode.BurnGas, token);
      const low = await endWithGas(id, GAS_LIMITS.endAuction);
      expect(await f.readMarket('unclaimedAuctionItem', [id])).toBe(actor);
      await f.revert(s); // a revert consumes its snapshot
      const s2 = await f.snapshot();
      const again = await wonByActor(Mode.BurnGas, token);
      const high = await endWithGas(again.id, 3_000_000n);
      expect(high.gasUsed).toBeLessThan(GAS_LIMITS.endAuction);
      expect(high.gasUsed).toBe(low.gasUsed);
      await f.revert(s2);
    }
  });

  it('the lowest gas limit that succeeds (what a binary-search estimator picks) delivers to an honest wallet whose hook writes storage', async () => {
    const { actor, id } = await wonByActor(Mode.Store, KLAY, 2n);
    const data = encodeFunctionData({ abi: marketAbi, functionName: 'endAuction', args: [id] });
    const succeeds = (gas: bigint) =>
      f.pub.call({ to: f.d.market, data, gas, account: f.addr[ROLE.other]! }).then(
        () => true,
        () => false,
      );
    let [lo, hi] = [21_000n, 3_000_000n];
    while (hi - lo > 1n) {
      const mid = (lo + hi) / 2n;
      if (await succeeds(mid)) hi = mid;
      else lo = mid;
    }
    const r = await endWithGas(id, hi);
    expect(parseEventLogs({ abi: marketAbi, logs: r.logs, eventName: 'AuctionItemUnclaimed' })).toEqual([]);
    expect(await f.itemBalance(actor, f.ITEM)).toBe(1n);
    expect(await f.read(actor, A, 'receipts')).toBe(1n);
  });
});
