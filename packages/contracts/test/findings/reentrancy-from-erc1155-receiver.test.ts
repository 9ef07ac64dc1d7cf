// Finding: a buyer contract's onERC1155Received hook runs inside the Market call; re-entering the Market from
// it (to buy again with another valid signature, or to settle an auction) must fail without breaking the trade.
import { encodeFunctionData, toFunctionSelector, type Abi, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketAbi } from '../../src/generated/contracts';
import { testActorAbi, testActorBytecode } from '../generated/test-contracts';
import { KLAY, ROLE, parseEther, setup, type Fixture } from '../helpers';

const GUARD = toFunctionSelector('ReentrancyGuardReentrantCall()');
let f: Fixture;
let actor: Address;
const readActor = <T>(fn: string) => f.read<T>(actor, testActorAbi as Abi, fn);

beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 10n);
  actor = await f.deploy(testActorAbi as Abi, testActorBytecode);
});
afterAll(() => f.stop());

describe('re-entering the Market from onERC1155Received', () => {
  it('a second buy from the hook is stopped by the guard; the first buy settles exactly once', async () => {
    const l = await f.listing({ token: KLAY, amount: 2n });
    const first = await f.reservation(l, { buyer: actor, amount: 1n });
    const second = await f.reservation(l, { buyer: actor, amount: 1n });
    await f.send(ROLE.owner, actor, testActorAbi as Abi, 'setAttack', [
      f.d.market,
      encodeFunctionData({ abi: marketAbi, functionName: 'buyNft', args: await f.buyArgs(l, second) }),
      parseEther('10'),
    ]);
    // the actor holds 10 KLAY for the inner attempt and is sent 10 for the outer buy
    await f.wait(
      await f.wallets[ROLE.buyer]!.sendTransaction({
        to: actor,
        value: parseEther('10'),
        chain: f.chain,
        account: f.accounts[ROLE.buyer]!,
      }),
    );
    await f.send(ROLE.owner, actor, testActorAbi as Abi, 'setModes', [0, 3]);
    const sellerBefore = await f.klayBalance(f.addr[ROLE.seller]!);
    await f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'buyNft', await f.buyArgs(l, first), parseEther('10'));
    expect(await readActor('attacked')).toBe(true);
    expect(await readActor('attackSucceeded')).toBe(false);
    expect(((await readActor<string>('attackReturn')) as string).slice(0, 10)).toBe(GUARD);
    expect(await f.itemBalance(actor, f.ITEM)).toBe(1n);
    expect(await f.readMarket('filledOf', [f.listingHash(l)])).toBe(1n);
    expect(await f.readMarket('isIdUsed', [1, second.id])).toBe(false);
    expect(await f.klayBalance(f.addr[ROLE.seller]!)).toBe(sellerBefore + parseEther('10') - parseEther('0.75'));
    expect(await f.klayBalance(f.d.market)).toBe(0n);
  });
});
